package metrics

import "github.com/prometheus/client_golang/prometheus"

// Pages holds the metrics of the pages the BFF has rendered on the server.
type Pages struct {
	// Fallbacks counts pages served client-rendered (index.html) instead, by reason: off (no
	// renderer configured or started), down (unreachable), timeout (slower than
	// RENDERER_TIMEOUT), error (a 5xx, an answer that is not HTML, a broken answer).
	Fallbacks *prometheus.CounterVec
	// CacheResults counts rendered pages by cache result: hit, miss, stale, stale_if_error, and
	// bypass for the pages never cached (previews, personal pages).
	CacheResults *prometheus.CounterVec
}

// FallbackReasons are the reasons of Pages.Fallbacks.
var FallbackReasons = []string{"off", "down", "timeout", "error"}

// RegisterPages adds the rendered pages' metrics to m: bff_render_fallbacks_total{reason},
// bff_page_cache_results_total{result}, and the page cache's figures read through stats at
// scrape time (bff_page_cache_entries, bff_page_cache_bytes, bff_page_cache_max_bytes,
// bff_page_cache_evictions_total).
func (m *Metrics) RegisterPages(stats func() CacheStats) *Pages {
	p := &Pages{
		Fallbacks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_render_fallbacks_total",
			Help: "Pages served client-rendered because the renderer could not render them, by reason: off, down, timeout, error.",
		}, []string{"reason"}),
		CacheResults: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_page_cache_results_total",
			Help: "Rendered pages by cache result: hit, miss, stale (served while rendered again), stale_if_error (served because the renderer failed), bypass (previews and personal pages, never cached).",
		}, []string{"result"}),
	}
	// Every series exists from the start, so that a rate over fallbacks is 0 rather than absent.
	for _, r := range FallbackReasons {
		p.Fallbacks.WithLabelValues(r)
	}
	for _, r := range []string{"hit", "miss", "stale", "stale_if_error", "bypass"} {
		p.CacheResults.WithLabelValues(r)
	}
	m.Registry.MustRegister(p.Fallbacks, p.CacheResults)
	m.Registry.MustRegister(cacheFigures(cacheNames{
		prefix: "bff_page_cache", cache: "page cache", held: "Rendered pages", item: "page", dropped: "Pages", setting: "PAGE_CACHE_MAX_BYTES",
	}, stats)...)
	return p
}
