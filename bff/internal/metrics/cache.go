package metrics

import "github.com/prometheus/client_golang/prometheus"

// CacheStats are a cache's figures, read at every scrape.
type CacheStats struct {
	Entries   int
	Bytes     int64
	MaxBytes  int64
	Evictions uint64
}

// cacheNames are the words of one cache's metrics: the prefix of their names and how their help
// texts name the cache, what it holds, and its bound's setting.
type cacheNames struct {
	prefix  string // bff_cache, bff_page_cache
	cache   string // content cache, page cache
	held    string // Answers, Rendered pages: what the cache holds
	item    string // answer, page: one of them
	dropped string // Answers, Pages: what is dropped
	setting string // CACHE_MAX_BYTES, PAGE_CACHE_MAX_BYTES
}

// cacheFigures are the four metrics of a cache's size read through stats at scrape time:
// {prefix}_entries, _bytes, _max_bytes and _evictions_total.
func cacheFigures(n cacheNames, stats func() CacheStats) []prometheus.Collector {
	return []prometheus.Collector{
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: n.prefix + "_entries",
			Help: n.held + " held by the " + n.cache + ".",
		}, func() float64 { return float64(stats().Entries) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: n.prefix + "_bytes",
			Help: "Size of the " + n.cache + ": each " + n.item + "'s body, gzip body and key, and a fixed overhead per " + n.item + ".",
		}, func() float64 { return float64(stats().Bytes) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: n.prefix + "_max_bytes",
			Help: "The " + n.cache + "'s bound (" + n.setting + ").",
		}, func() float64 { return float64(stats().MaxBytes) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: n.prefix + "_evictions_total",
			Help: n.dropped + " dropped from the " + n.cache + " to make room, or because even stale-if-error could no longer serve them.",
		}, func() float64 { return float64(stats().Evictions) }),
	}
}

// RegisterCache adds the content cache's metrics to m, read through stats at scrape time:
// bff_cache_entries, bff_cache_bytes, bff_cache_max_bytes and bff_cache_evictions_total.
func (m *Metrics) RegisterCache(stats func() CacheStats) {
	m.Registry.MustRegister(cacheFigures(cacheNames{
		prefix: "bff_cache", cache: "content cache", held: "Answers", item: "answer", dropped: "Answers", setting: "CACHE_MAX_BYTES",
	}, stats)...)
}
