// Package vitals takes the Core Web Vitals that a sample of visitors' page views reports (the
// web's field measurements, POST /prod-api/bff/vitals) into the BFF's metrics. A report names
// its page by the route template, its language and the class of the device, and nothing else:
// no address, no query, no visitor. Only pages of the site's route table and languages of the
// site become labels, so the metrics' series stay bounded whatever a client sends.
package vitals

import (
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/metrics"
	"github.com/jakarobotics/website/bff/internal/pagetable"
)

// Report is one page view's measurements as the contract's WebVitalsReport has them: times in
// whole milliseconds, CLS without unit, a measurement the page did not get left out (nil). The
// contract bounds every value and closes the device and element enums before Check sees it.
type Report struct {
	Route      string   `json:"route"`
	Lang       string   `json:"lang"`
	Device     string   `json:"device"`
	LCP        *int     `json:"lcp"`
	LCPElement *string  `json:"lcpElement"`
	INP        *int     `json:"inp"`
	CLS        *float64 `json:"cls"`
	FCP        *int     `json:"fcp"`
	TTFB       *int     `json:"ttfb"`
}

// routes are the pages of the site's route table; languages its languages (site codes, jp for
// Japanese). Both are the web app's, from the page table.
var (
	routes    = set(pagetable.Site.Routes())
	languages = func() map[string]bool {
		codes := make([]string, len(pagetable.Site.Languages))
		for i, l := range pagetable.Site.Languages {
			codes[i] = l.Code
		}
		return set(codes)
	}()
)

func set(values []string) map[string]bool {
	out := make(map[string]bool, len(values))
	for _, v := range values {
		out[v] = true
	}
	return out
}

// Check refuses a report whose route is no page of the site or whose language is not the
// site's (request.invalid, naming the field), or that holds no measurement at all.
func (r Report) Check() error {
	var errs []apierr.FieldError
	if !routes[r.Route] {
		errs = append(errs, apierr.FieldError{Field: "route", Message: "is not a page of the site's route table"})
	}
	if !languages[r.Lang] {
		errs = append(errs, apierr.FieldError{Field: "lang", Message: "is not a language of the site"})
	}
	if r.LCP == nil && r.INP == nil && r.CLS == nil && r.FCP == nil && r.TTFB == nil {
		errs = append(errs, apierr.FieldError{Field: "body", Message: "holds no measurement"})
	}
	if len(errs) > 0 {
		return apierr.Invalid(errs...)
	}
	return nil
}

// Record adds a checked report to m, the times in seconds.
func Record(m *metrics.Vitals, r Report) {
	labels := []string{r.Route, r.Lang, r.Device}
	seconds := func(ms int) float64 { return (time.Duration(ms) * time.Millisecond).Seconds() }
	if r.LCP != nil {
		m.LCP.WithLabelValues(labels...).Observe(seconds(*r.LCP))
		if r.LCPElement != nil {
			m.LCPElements.WithLabelValues(r.Route, r.Device, *r.LCPElement).Inc()
		}
	}
	if r.INP != nil {
		m.INP.WithLabelValues(labels...).Observe(seconds(*r.INP))
	}
	if r.CLS != nil {
		m.CLS.WithLabelValues(labels...).Observe(*r.CLS)
	}
	if r.FCP != nil {
		m.FCP.WithLabelValues(labels...).Observe(seconds(*r.FCP))
	}
	if r.TTFB != nil {
		m.TTFB.WithLabelValues(labels...).Observe(seconds(*r.TTFB))
	}
}
