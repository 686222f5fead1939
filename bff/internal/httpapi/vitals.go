package httpapi

import (
	"net/http"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/vitals"
)

// TooManyVitals answers field measurements beyond the limit of the client address.
const TooManyVitals apierr.Key = "vitals.too_many" // 429

// vitalsBodyLimit bounds a report's body: the longest valid one is under 300 bytes.
const vitalsBodyLimit = 2 << 10

// newVitalsLimiter returns the limiter of the field measurements per client address, of limits
// (nil means ratelimit.DefaultLimits()) with the limiters of f.
func newVitalsLimiter(limits *ratelimit.Limits, f ratelimit.Factory) ratelimit.KeyLimiter {
	l := ratelimit.DefaultLimits()
	if limits != nil {
		l = *limits
	}
	return f.Rules("vitals-ip", l.VitalsPerIP...)
}

// bffVitals records one page view's Core Web Vitals in the metrics. The contract has checked the
// report's shape, bounds and enums; vitals.Check adds the site's pages and languages. A refused
// report records nothing. No cookie is read: the report is all there is of the visitor.
func (s *Server) bffVitals(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	var report vitals.Report
	if err := decodeJSON(r, &report); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if err := report.Check(); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	// Counted after the checks: a flood of refused reports costs nothing and skews nothing,
	// while a flood of valid ones would skew the figures.
	if ok, wait := s.vitalsPerIP.Allow(s.guard.clientKey(r)); !ok {
		w.Header().Set("Retry-After", ratelimit.RetryAfter(wait))
		writeError(w, r, s.Log, apierr.New(TooManyVitals, nil))
		return
	}
	vitals.Record(s.Metrics.Vitals, report)
	writeData(w, r, nil)
}
