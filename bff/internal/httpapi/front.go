package httpapi

import (
	"context"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/jakarobotics/website/bff/internal/contentsvc"
	"github.com/jakarobotics/website/bff/internal/telemetry"
)

// cacheKeyCtx carries the cache key that cacheFront computed to the content handler, so that
// both use exactly the same key.
type cacheKeyCtx struct{}

// withKey is r on its way to the handler after a miss: it carries key, and its query is the
// canonical one of the key, so that validation and the handler see exactly what the key says
// and undeclared parameters go no further.
func withKey(r *http.Request, key contentsvc.Key) *http.Request {
	r = r.WithContext(context.WithValue(r.Context(), cacheKeyCtx{}, key))
	if q := key.Query(); q != r.URL.RawQuery {
		u := *r.URL
		u.RawQuery = q
		r.URL = &u
	}
	return r
}

// maxKeyBody bounds the body of a read-only POST that cacheFront reads for its key; a larger
// one is left to validation and the handler, which build its key from the whole body.
const maxKeyBody = 16 << 10

// keyBufferSize holds the key of a usual request on the stack.
const keyBufferSize = 256

// cacheFront answers requests whose answer is in the cache before routing and validation: the
// key holds everything validation looked at (see contentsvc), and only answers to valid
// requests are ever stored. It keeps the hot path of a busy site to building a key, a map
// lookup and a write.
func (s *Server) cacheFront(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, ok := s.checkPreview(r); ok {
			// An editor's preview reads drafts: never from the cache, never into it.
			next.ServeHTTP(w, r.WithContext(withPreview(r.Context(), p)))
			return
		}
		var buf [keyBufferSize]byte
		key, ok := s.contents.RequestKey(buf[:0], r, maxKeyBody)
		if !ok {
			if s.pageHandler != nil && pageCandidate(r.URL.Path) {
				start := time.Now()
				if status, ok := s.pageHandler.ServeCached(w, r); ok {
					telemetry.NameSpan(r, pageRoute)
					setAccessRoute(r, pageRoute)
					s.pageRoute.observe(r.Method, status, time.Since(start))
					return
				}
			}
			next.ServeHTTP(w, r)
			return
		}
		start := time.Now()
		if entry, res := s.contents.Peek(key); entry != nil {
			status := entry.Write(w, r, res)
			telemetry.NameSpan(r, entry.Route)
			setAccessRoute(r, entry.Route)
			s.cacheResult[res].Inc()
			s.routeMetrics(entry.Route).observe(r.Method, status, time.Since(start))
			return
		}
		next.ServeHTTP(w, withKey(r, contentsvc.Key(key)))
	})
}

// pageRoute is the route of the web app's pages in the metrics, as routeLabel names the catch-all
// route's HTML answers.
const pageRoute = "/{page}"

// pageCandidate reports whether a request for p may be a page of the web app, one that the page
// cache may answer before routing: not the API, the media, the personal files or the hooks of
// other systems, and not a file of the web app (which has an extension; webApp answers those, or
// 404).
func pageCandidate(p string) bool {
	for _, prefix := range []string{apiPrefix, MediaPrefix, RepairFilePrefix, DocumentFilePrefix, HooksPrefix, "/assets/"} {
		if strings.HasPrefix(p, prefix) {
			return false
		}
	}
	return path.Ext(p) == ""
}

// cacheKey is the cache key of a content request: the one cacheFront built, or, for a request
// that did not pass through it, one built now from the whole request.
func (s *Server) cacheKey(r *http.Request) (contentsvc.Key, bool) {
	if key, ok := r.Context().Value(cacheKeyCtx{}).(contentsvc.Key); ok {
		return key, true
	}
	key, ok := s.contents.RequestKey(nil, r, MaxJSONBodyBytes)
	return contentsvc.Key(key), ok
}

func firstValue(values []string) string {
	if len(values) == 0 {
		return ""
	}
	return values[0]
}

// cachedRouteMetrics are the metrics of answers served from the cache for one route, looked up
// once per route rather than by label values on every request. Cached answers are GETs and the
// read-only POSTs.
type cachedRouteMetrics struct {
	route                         string
	getOK, getNotModified, postOK prometheus.Counter
	latency                       prometheus.Observer
}

func (m *cachedRouteMetrics) observe(method string, status int, took time.Duration) {
	switch {
	case method == http.MethodPost:
		m.postOK.Inc()
	case status == http.StatusNotModified:
		m.getNotModified.Inc()
	default:
		m.getOK.Inc()
	}
	m.latency.Observe(took.Seconds())
}

func (s *Server) routeMetrics(route string) *cachedRouteMetrics {
	if m, ok := s.cachedRoutes.Load(route); ok {
		return m.(*cachedRouteMetrics)
	}
	m := &cachedRouteMetrics{
		route:          route,
		getOK:          s.Metrics.Requests.WithLabelValues(route, http.MethodGet, "200"),
		getNotModified: s.Metrics.Requests.WithLabelValues(route, http.MethodGet, "304"),
		postOK:         s.Metrics.Requests.WithLabelValues(route, http.MethodPost, "200"),
		latency:        s.Metrics.Latency.WithLabelValues(route),
	}
	actual, _ := s.cachedRoutes.LoadOrStore(route, m)
	return actual.(*cachedRouteMetrics)
}
