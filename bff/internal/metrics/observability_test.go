package metrics_test

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/metrics"
)

// observability is where the dashboard and the alerting rules of the BFF live.
const observability = "../../../docker/observability/"

// registered lists the metric families the BFF exposes (with every part registered, as the
// production start registers them), histogram series under their _bucket, _count and _sum names.
func registered(t *testing.T) map[string]bool {
	t.Helper()
	m := metrics.New()
	m.RegisterCache(func() metrics.CacheStats { return metrics.CacheStats{} })
	m.RegisterPages(func() metrics.CacheStats { return metrics.CacheStats{} }, func() metrics.CacheStats { return metrics.CacheStats{} })
	m.RegisterOutbox(func() (int, time.Duration, error) { return 0, 0, nil })
	images := m.RegisterImages(func() metrics.CacheStats { return metrics.CacheStats{} }, func() (int, int) { return 0, 0 })
	images.Made.WithLabelValues("avif").Inc()
	images.EncodeSeconds.WithLabelValues("avif").Observe(0.5)
	// Vectors appear once they have a series.
	m.UpstreamDuration.WithLabelValues("content", "GET /cms/v2/menus", "ok").Observe(0.01)
	m.BreakerState.WithLabelValues("content").Set(0)
	m.UpstreamErrors.WithLabelValues("content", "upstream.timeout").Inc()
	m.Observe("/{page}", "GET", 200, time.Millisecond)
	m.CacheResults.WithLabelValues("hit").Inc()
	for _, h := range []*prometheus.HistogramVec{m.Vitals.LCP, m.Vitals.INP, m.Vitals.CLS, m.Vitals.FCP, m.Vitals.TTFB} {
		h.WithLabelValues("/index", "en", "phone").Observe(0.1)
	}
	m.Vitals.LCPElements.WithLabelValues("/index", "phone", "image").Inc()
	families, err := m.Registry.Gather()
	require.NoError(t, err)
	names := map[string]bool{"up": true}
	for _, f := range families {
		names[f.GetName()] = true
		if f.GetType() == dto.MetricType_HISTOGRAM {
			for _, suffix := range []string{"_bucket", "_count", "_sum"} {
				names[f.GetName()+suffix] = true
			}
		}
	}
	return names
}

var metricName = regexp.MustCompile(`\b(bff_[a-z_]+|up)\b`)

// The dashboard and the rules ask only for metrics the BFF has: a metric renamed or removed in
// the code fails here, not on an on-call engineer's empty panel or an alert that can never fire.
func TestDashboardAndRulesAskForMetricsTheBFFHas(t *testing.T) {
	have := registered(t)
	var exprs []string

	raw, err := os.ReadFile(observability + "dashboard.json")
	require.NoError(t, err)
	var dashboard struct {
		Title  string `json:"title"`
		Panels []struct {
			Type    string `json:"type"`
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	require.NoError(t, json.Unmarshal(raw, &dashboard), "the dashboard is JSON Grafana can import")
	require.NotEmpty(t, dashboard.Title)
	for _, p := range dashboard.Panels {
		if p.Type == "row" {
			continue
		}
		assert.NotEmpty(t, p.Targets, "panel %q has a query", p.Title)
		for _, target := range p.Targets {
			exprs = append(exprs, target.Expr)
		}
	}

	rules, err := os.ReadFile(observability + "rules.yaml")
	require.NoError(t, err)
	for _, line := range strings.Split(string(rules), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			exprs = append(exprs, line)
		}
	}

	missing := map[string]bool{}
	for _, expr := range exprs {
		for _, name := range metricName.FindAllString(expr, -1) {
			if !have[name] {
				missing[name] = true
			}
		}
	}
	names := make([]string, 0, len(missing))
	for name := range missing {
		names = append(names, name)
	}
	sort.Strings(names)
	assert.Empty(t, names, "metrics asked for that the BFF does not expose")
}
