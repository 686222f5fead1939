package metrics

import "github.com/prometheus/client_golang/prometheus"

// Vitals are the Core Web Vitals of real visits, as a sample of the site's page views reports
// them (POST /prod-api/bff/vitals, package vitals): one histogram per measurement, by the route
// template of the page the visit started on, its language and the visitor's class of device.
// Every label is a closed set (the route table, the site's languages, three device classes), so
// the series are bounded.
//
// Each histogram has bucket bounds at the two thresholds of its measurement (web.dev/vitals:
// good up to the first, poor beyond the second), so that the share of good and poor visits is
// exact, and a few bounds between and around them, so that a p75 read from the buckets lands
// within a few hundred milliseconds.
type Vitals struct {
	LCP  *prometheus.HistogramVec
	INP  *prometheus.HistogramVec
	CLS  *prometheus.HistogramVec
	FCP  *prometheus.HistogramVec
	TTFB *prometheus.HistogramVec
	// LCPElements counts what the largest paint was (text, image, video, background-image), by
	// route and device: whether a page's LCP is its hero picture or its heading.
	LCPElements *prometheus.CounterVec
}

// vitalsLabels are the labels of every Vitals histogram.
var vitalsLabels = []string{"route", "lang", "device"}

func newVitals() *Vitals {
	histogram := func(name, help string, buckets ...float64) *prometheus.HistogramVec {
		return prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: name, Help: help, Buckets: buckets}, vitalsLabels)
	}
	return &Vitals{
		// Good ≤ 2.5 s, poor > 4 s.
		LCP: histogram("bff_web_vitals_lcp_seconds",
			"Largest Contentful Paint of sampled page views, by route template, language and device class (good ≤ 2.5 s, poor > 4 s).",
			0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10),
		// Good ≤ 200 ms, poor > 500 ms.
		INP: histogram("bff_web_vitals_inp_seconds",
			"Interaction to Next Paint of sampled page views with an interaction, by route template, language and device class (good ≤ 200 ms, poor > 500 ms).",
			0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1, 2),
		// Good ≤ 0.1, poor > 0.25.
		CLS: histogram("bff_web_vitals_cls",
			"Cumulative Layout Shift of sampled page views, by route template, language and device class (good ≤ 0.1, poor > 0.25).",
			0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1),
		// Good ≤ 1.8 s, poor > 3 s.
		FCP: histogram("bff_web_vitals_fcp_seconds",
			"First Contentful Paint of sampled page views, by route template, language and device class (good ≤ 1.8 s, poor > 3 s).",
			0.5, 1, 1.4, 1.8, 2.4, 3, 4, 6),
		// Good ≤ 0.8 s, poor > 1.8 s.
		TTFB: histogram("bff_web_vitals_ttfb_seconds",
			"Time to First Byte of sampled page views, by route template, language and device class (good ≤ 0.8 s, poor > 1.8 s).",
			0.1, 0.2, 0.4, 0.6, 0.8, 1.2, 1.8, 3),
		LCPElements: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_web_vitals_lcp_elements_total",
			Help: "What the Largest Contentful Paint of sampled page views was (text, image, video, background-image), by route template and device class.",
		}, []string{"route", "device", "element"}),
	}
}

func (v *Vitals) collectors() []prometheus.Collector {
	return []prometheus.Collector{v.LCP, v.INP, v.CLS, v.FCP, v.TTFB, v.LCPElements}
}
