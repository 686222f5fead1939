package httpapi

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"time"

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
		key, ok := frontKey(r)
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		start := time.Now()
		if entry, res := s.Cache.Peek(key); entry != nil {
			status := entry.Write(w, r, res)
			s.cacheResult[res].Inc()
			s.Metrics.Observe(entry.Route, r.Method, status, time.Since(start))
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), cacheKeyCtx{}, key)))
	})
}

// frontKey computes the cache key of r, or false when r can never be answered from the cache.
func frontKey(r *http.Request) (string, bool) {
	if !strings.HasPrefix(r.URL.Path, oapi.BasePath+"/") || r.Header.Get(PreviewHeader) != "" {
		return "", false
	}
	switch {
	case r.Method == http.MethodGet:
		return cacheKeyOf(r.Method, r.RequestURI, r.Header.Get("lang"), nil), true
	case r.Method == http.MethodPost && cacheablePOSTs[r.URL.Path]:
		body, err := io.ReadAll(io.LimitReader(r.Body, maxKeyBody+1))
		if err != nil || len(body) > maxKeyBody {
			// Leave the request to validation, which answers it (413 or 400).
			r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), r.Body))
			return "", false
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		return cacheKeyOf(r.Method, r.RequestURI, r.Header.Get("lang"), body), true
	}
	return "", false
}

// cacheKeyOf joins what identifies a content answer. NUL cannot occur in a request line or a
// header value, so the parts cannot run into each other.
func cacheKeyOf(method, requestURI, lang string, body []byte) string {
	return method + "\x00" + requestURI + "\x00" + lang + "\x00" + string(body)
}
