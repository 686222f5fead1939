package pages

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jakarobotics/website/bff/internal/metrics"
)

// QueueDepthHeader is the renderer's count of the renders waiting or under way when a page was
// asked for; with its Server-Timing (queue, render) it tells the BFF's metrics what the renderer
// spent, which the BFF drops before any answer reaches a visitor.
const QueueDepthHeader = "X-Renderer-Queue"

// measured is the transport to the renderer that records, from each answer, the renderer's
// render time, queue wait and queue depth.
type measured struct {
	next    http.RoundTripper
	metrics *metrics.Pages
}

func (m measured) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := m.next.RoundTrip(r)
	if err != nil || m.metrics == nil {
		return resp, err
	}
	timings := serverTimings(resp.Header.Get("Server-Timing"))
	if d, ok := timings["render"]; ok {
		m.metrics.RenderSeconds.Observe(d.Seconds())
	}
	if d, ok := timings["queue"]; ok {
		m.metrics.QueueSeconds.Observe(d.Seconds())
	}
	if depth, err := strconv.Atoi(resp.Header.Get(QueueDepthHeader)); err == nil && depth >= 0 {
		m.metrics.QueueDepth.Set(float64(depth))
	}
	return resp, nil
}

// serverTimings reads `name;dur=12.5, other;dur=3` (milliseconds) into durations by name.
// Entries without a readable, non-negative duration are left out.
func serverTimings(header string) map[string]time.Duration {
	out := map[string]time.Duration{}
	for _, entry := range strings.Split(header, ",") {
		parts := strings.Split(strings.TrimSpace(entry), ";")
		for _, param := range parts[1:] {
			value, ok := strings.CutPrefix(strings.TrimSpace(param), "dur=")
			if !ok {
				continue
			}
			ms, err := strconv.ParseFloat(value, 64)
			if err == nil && ms >= 0 && ms < 3.6e6 {
				out[parts[0]] = time.Duration(ms * float64(time.Millisecond))
			}
		}
	}
	return out
}
