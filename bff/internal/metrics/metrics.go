// Package metrics holds the BFF's Prometheus metrics: requests and their latency per route,
// cache results, upstream failures per legacy system, the Core Web Vitals of visitors' page
// views, and whatever later features register.
package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics is one set of the BFF's metrics in its own registry, so that tests can read theirs.
type Metrics struct {
	Registry       *prometheus.Registry
	Requests       *prometheus.CounterVec
	Latency        *prometheus.HistogramVec
	CacheResults   *prometheus.CounterVec
	UpstreamErrors *prometheus.CounterVec
	// UpstreamDuration is the time of every call to a legacy system, by system, operation (its
	// method and constant path, upstream.Operation) and outcome (upstream.Outcome).
	UpstreamDuration *prometheus.HistogramVec
	// BreakerState is each system's circuit breaker: 0 closed, 1 half-open, 2 open.
	BreakerState *prometheus.GaugeVec
	// Vitals are the Core Web Vitals that visitors' browsers report.
	Vitals *Vitals
	// Publish counts the CMS's webhook deliveries and the changes other replicas passed on.
	Publish *Publish
}

// New registers the metrics, with the Go runtime and process collectors.
func New() *Metrics {
	m := &Metrics{
		Registry: prometheus.NewRegistry(),
		Requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_http_requests_total",
			Help: "Requests answered, by route template, method and status.",
		}, []string{"route", "method", "code"}),
		Latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "bff_http_request_duration_seconds",
			Help:    "Time to answer a request, by route template.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60},
		}, []string{"route"}),
		CacheResults: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_cache_results_total",
			Help: "Content answers by cache result: hit, miss, stale (served while revalidating), stale_if_error (served because the upstream failed), bypass (previews).",
		}, []string{"result"}),
		UpstreamErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_upstream_errors_total",
			Help: "Failed calls to legacy systems, by system and error key.",
		}, []string{"system", "key"}),
		UpstreamDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "bff_upstream_request_duration_seconds",
			Help:    "Time of calls to legacy systems, by system, operation (method and constant path) and outcome (ok, timeout, unavailable, bad_gateway, open).",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60},
		}, []string{"system", "operation", "outcome"}),
		BreakerState: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "bff_upstream_breaker_state",
			Help: "Circuit breaker of each legacy system: 0 closed, 1 half-open (trial calls), 2 open (calls fail at once).",
		}, []string{"system"}),
		Vitals:  newVitals(),
		Publish: newPublish(),
	}
	m.Registry.MustRegister(m.Vitals.collectors()...)
	m.Registry.MustRegister(m.Publish.collectors()...)
	m.Registry.MustRegister(m.Requests, m.Latency, m.CacheResults, m.UpstreamErrors, m.UpstreamDuration, m.BreakerState,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{})
}

// Observe records one answered request.
func (m *Metrics) Observe(route, method string, status int, took time.Duration) {
	m.Requests.WithLabelValues(route, method, statusText(status)).Inc()
	m.Latency.WithLabelValues(route).Observe(took.Seconds())
}

// BreakerStateValue is the gauge value of a breaker state name ("closed", "half-open", "open").
func BreakerStateValue(state string) float64 {
	switch state {
	case "half-open":
		return 1
	case "open":
		return 2
	}
	return 0
}

// statusText avoids formatting the common statuses on every request.
func statusText(status int) string {
	switch status {
	case http.StatusOK:
		return "200"
	case http.StatusNotModified:
		return "304"
	case http.StatusNotFound:
		return "404"
	}
	return strconv.Itoa(status)
}
