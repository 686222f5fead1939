package metrics

import "github.com/prometheus/client_golang/prometheus"

// Images holds the metrics of the variants of the CMS's pictures (resized, re-encoded) that the
// BFF makes and serves below /cms-assets/ with ?w=.
type Images struct {
	// Made counts variants made, by format (avif, webp, jpeg, png).
	Made *prometheus.CounterVec
	// EncodeSeconds is the time of making one variant (decode, resize, encode), by format,
	// without the wait for an encoder.
	EncodeSeconds *prometheus.HistogramVec
	// CacheResults counts variant requests by cache result: hit, miss, stale, stale_if_error.
	CacheResults *prometheus.CounterVec
	// Refusals counts variant requests refused, by reason (ImageRefusalReasons).
	Refusals *prometheus.CounterVec
}

// ImageRefusalReasons are the reasons of Images.Refusals: width (not one of the site's widths),
// bytes (a source over IMAGE_MAX_SOURCE_BYTES), pixels (a header claiming too many pixels),
// unreadable (a malformed picture), busy (every encoder busy and the queue full), timeout
// (slower than IMAGE_TIMEOUT).
var ImageRefusalReasons = []string{"width", "bytes", "pixels", "unreadable", "busy", "timeout"}

// RegisterImages adds the picture variants' metrics to m: bff_image_variants_made_total{format},
// bff_image_encode_seconds{format}, bff_image_cache_results_total{result},
// bff_image_refusals_total{reason}, the encoders' load read through load at scrape time
// (bff_image_encodes_working, bff_image_encodes_waiting), and the figures of the variant cache
// read through stats (bff_image_cache_entries, _bytes, _max_bytes, _evictions_total).
func (m *Metrics) RegisterImages(stats func() CacheStats, load func() (working, waiting int)) *Images {
	im := &Images{
		Made: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_image_variants_made_total",
			Help: "Variants of the CMS's pictures made (resized and encoded), by format.",
		}, []string{"format"}),
		EncodeSeconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "bff_image_encode_seconds",
			Help:    "Time to make one variant of a picture (decode, resize, encode), by format, without the wait for an encoder.",
			Buckets: []float64{.05, .1, .25, .5, 1, 2, 4, 8, 15, 30},
		}, []string{"format"}),
		CacheResults: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_image_cache_results_total",
			Help: "Requests of picture variants by cache result: hit, miss (made or refused now), stale (served while made again), stale_if_error.",
		}, []string{"result"}),
		Refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_image_refusals_total",
			Help: "Requests of picture variants refused, by reason: width, bytes, pixels, unreadable, busy, timeout.",
		}, []string{"reason"}),
	}
	for _, r := range ImageRefusalReasons {
		im.Refusals.WithLabelValues(r)
	}
	for _, r := range []string{"hit", "miss", "stale", "stale_if_error"} {
		im.CacheResults.WithLabelValues(r)
	}
	m.Registry.MustRegister(im.Made, im.EncodeSeconds, im.CacheResults, im.Refusals,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "bff_image_encodes_working",
			Help: "Picture variants being made now (at most IMAGE_ENCODERS).",
		}, func() float64 { w, _ := load(); return float64(w) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "bff_image_encodes_waiting",
			Help: "Picture variants waiting for an encoder (at most IMAGE_QUEUE; past it, 503).",
		}, func() float64 { _, w := load(); return float64(w) }))
	m.Registry.MustRegister(cacheFigures(cacheNames{
		prefix: "bff_image_cache", cache: "cache of picture variants", held: "Picture variants", item: "variant", dropped: "Variants", setting: "IMAGE_CACHE_MAX_BYTES",
	}, stats)...)
	return im
}
