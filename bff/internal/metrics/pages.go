package metrics

import "github.com/prometheus/client_golang/prometheus"

// Pages holds the metrics of the pages the BFF has rendered on the server.
type Pages struct {
	// Fallbacks counts pages served client-rendered (index.html) instead, by reason: off (no
	// renderer configured or started), down (unreachable), timeout (slower than
	// RENDERER_TIMEOUT), error (a 5xx, an answer that is not HTML, a broken answer), host (a
	// Host header that is not the site's), limit (a client past LIMIT_RENDERS_PER_IP).
	Fallbacks *prometheus.CounterVec
	// CacheResults counts rendered pages by cache result: hit, miss, stale, stale_if_error, and
	// bypass for the pages never cached (previews, personal pages).
	CacheResults *prometheus.CounterVec
	// RenderSeconds is the renderer's own time of a page, QueueSeconds the time the page waited
	// there for its turn, as the renderer tells them (Server-Timing render and queue);
	// QueueDepth the renders waiting or under way there when the last page was asked for.
	RenderSeconds prometheus.Histogram
	QueueSeconds  prometheus.Histogram
	QueueDepth    prometheus.Gauge
}

// FallbackReasons are the reasons of Pages.Fallbacks.
var FallbackReasons = []string{"off", "down", "timeout", "error", "host", "limit"}

// RegisterPages adds the rendered pages' metrics to m: bff_render_fallbacks_total{reason},
// bff_page_cache_results_total{result}, and the figures of the page cache and of its tail of
// made-up pages (not-found pages, pages with a query) read through stats and tail at scrape time
// (bff_page_cache_entries, _bytes, _max_bytes, _evictions_total; bff_page_tail_cache_…).
func (m *Metrics) RegisterPages(stats, tail func() CacheStats) *Pages {
	p := &Pages{
		Fallbacks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_render_fallbacks_total",
			Help: "Pages served client-rendered instead of rendered, by reason: off, down, timeout, error (the renderer could not render them), host (a host that is not the site's), limit (a client past its limit of renders).",
		}, []string{"reason"}),
		CacheResults: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_page_cache_results_total",
			Help: "Rendered pages by cache result: hit, miss, stale (served while rendered again), stale_if_error (served because the renderer failed), bypass (previews and personal pages, never cached).",
		}, []string{"result"}),
		RenderSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "bff_renderer_render_seconds",
			Help:    "The page renderer's own time of a page (its data and React's rendering), as it tells it.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 1.5, 2.5, 5, 10},
		}),
		QueueSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "bff_renderer_queue_wait_seconds",
			Help:    "Time a page waited in the page renderer for its turn, as the renderer tells it.",
			Buckets: []float64{.001, .005, .01, .025, .05, .1, .25, .5, 1, 1.5, 2.5, 5},
		}),
		QueueDepth: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "bff_renderer_queue_depth",
			Help: "Renders waiting or under way in the page renderer when the last page was asked for.",
		}),
	}
	// Every series exists from the start, so that a rate over fallbacks is 0 rather than absent.
	for _, r := range FallbackReasons {
		p.Fallbacks.WithLabelValues(r)
	}
	for _, r := range []string{"hit", "miss", "stale", "stale_if_error", "bypass"} {
		p.CacheResults.WithLabelValues(r)
	}
	m.Registry.MustRegister(p.Fallbacks, p.CacheResults, p.RenderSeconds, p.QueueSeconds, p.QueueDepth)
	m.Registry.MustRegister(cacheFigures(cacheNames{
		prefix: "bff_page_cache", cache: "page cache", held: "Rendered pages", item: "page", dropped: "Pages", setting: "PAGE_CACHE_MAX_BYTES",
	}, stats)...)
	m.Registry.MustRegister(cacheFigures(cacheNames{
		prefix: "bff_page_tail_cache", cache: "tail of the page cache (not-found pages and pages with a query)", held: "Made-up pages", item: "page", dropped: "Pages", setting: "an eighth of PAGE_CACHE_MAX_BYTES",
	}, tail)...)
	return p
}
