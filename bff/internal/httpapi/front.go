package httpapi

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/jakarobotics/website/bff/internal/oapi"
)

// cacheKeyCtx carries the cache key that cacheFront computed to the content handler, so that
// both use exactly the same key.
type cacheKeyCtx struct{}

// cacheablePOSTs are the read-only POST operations of the legacy API, whose body is part of the
// cache key. Other POSTs are writes and never read from the cache (nor have their bodies read
// here).
var cacheablePOSTs = map[string]bool{
	oapi.BasePath + "/api/language/list":               true,
	oapi.BasePath + "/api/recruit/position/list":       true,
	oapi.BasePath + "/api/recruit/positionConfig/list": true,
	oapi.BasePath + "/api/dict/data/list":              true,
	oapi.BasePath + "/api/getFormContent":              true,
	oapi.BasePath + "/login/industryList":              true,
}

// maxKeyBody bounds the body of a read-only POST that can be a cache key.
const maxKeyBody = 16 << 10

// cacheFront answers requests whose answer is in the cache before routing and validation: the
// key holds everything validation looked at (method, path, query, language, body), and only
// answers to valid requests are ever stored. It keeps the hot path of a busy site to a map
// lookup and a write.
func (s *Server) cacheFront(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, ok := s.checkPreview(r); ok {
			// An editor's preview reads drafts: never from the cache, never into it.
			next.ServeHTTP(w, r.WithContext(withPreview(r.Context(), p)))
			return
		}
		key, ok := frontKey(r)
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		start := time.Now()
		if entry, res := s.Cache.Peek(key); entry != nil {
			status := entry.Write(w, r, res)
			s.cacheResult[res].Inc()
			s.routeMetrics(entry.Route).observe(r.Method, status, time.Since(start))
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), cacheKeyCtx{}, key)))
	})
}

// frontKey computes the cache key of r, or false when r can never be answered from the cache.
// A preview header is not part of the key: only a valid preview token (checked before) keeps a
// request away from the cache, and anything else in the header reads the published answer.
func frontKey(r *http.Request) (string, bool) {
	// Headers are read by their canonical names: Header.Get would canonicalize the name on
	// every request, which allocates.
	if !strings.HasPrefix(r.URL.Path, oapi.BasePath+"/") {
		return "", false
	}
	switch {
	case r.Method == http.MethodGet:
		return cacheKeyOf(r.Method, r.RequestURI, firstValue(r.Header["Lang"]), nil), true
	case r.Method == http.MethodPost && cacheablePOSTs[r.URL.Path]:
		body, err := io.ReadAll(io.LimitReader(r.Body, maxKeyBody+1))
		if err != nil || len(body) > maxKeyBody {
			// Leave the request to validation, which answers it (413 or 400).
			r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), r.Body))
			return "", false
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		return cacheKeyOf(r.Method, r.RequestURI, firstValue(r.Header["Lang"]), body), true
	}
	return "", false
}

// cacheKeyOf joins what identifies a content answer. NUL cannot occur in a request line or a
// header value, so the parts cannot run into each other.
func cacheKeyOf(method, requestURI, lang string, body []byte) string {
	return method + "\x00" + requestURI + "\x00" + lang + "\x00" + string(body)
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
		getOK:          s.Metrics.Requests.WithLabelValues(route, http.MethodGet, "200"),
		getNotModified: s.Metrics.Requests.WithLabelValues(route, http.MethodGet, "304"),
		postOK:         s.Metrics.Requests.WithLabelValues(route, http.MethodPost, "200"),
		latency:        s.Metrics.Latency.WithLabelValues(route),
	}
	actual, _ := s.cachedRoutes.LoadOrStore(route, m)
	return actual.(*cachedRouteMetrics)
}
