package metrics

import "github.com/prometheus/client_golang/prometheus"

// CacheStats are the content cache's figures, read at every scrape.
type CacheStats struct {
	Entries   int
	Bytes     int64
	MaxBytes  int64
	Evictions uint64
}

// RegisterCache adds the content cache's metrics to m, read through stats at scrape time:
// bff_cache_entries, bff_cache_bytes, bff_cache_max_bytes and bff_cache_evictions_total.
func (m *Metrics) RegisterCache(stats func() CacheStats) {
	m.Registry.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "bff_cache_entries",
			Help: "Answers held by the content cache.",
		}, func() float64 { return float64(stats().Entries) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "bff_cache_bytes",
			Help: "Size of the content cache: each answer's body, gzip body and key, and a fixed overhead per answer.",
		}, func() float64 { return float64(stats().Bytes) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "bff_cache_max_bytes",
			Help: "The content cache's bound (CACHE_MAX_BYTES).",
		}, func() float64 { return float64(stats().MaxBytes) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "bff_cache_evictions_total",
			Help: "Answers dropped from the content cache to make room, or because even stale-if-error could no longer serve them.",
		}, func() float64 { return float64(stats().Evictions) }),
	)
}
