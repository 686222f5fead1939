package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

// How long content answers stay fresh, stale-while-revalidate and stale-if-error. Structure
// (menus, languages, site info, legal texts) changes rarely; the catalogue changes with editors'
// work; news and the home page change most often. Every kind survives a day of CMS outage.
var (
	structurePolicy = cache.Policy{Fresh: 5 * time.Minute, Stale: time.Hour, IfError: 24 * time.Hour}
	cataloguePolicy = cache.Policy{Fresh: 2 * time.Minute, Stale: 30 * time.Minute, IfError: 24 * time.Hour}
	newsPolicy      = cache.Policy{Fresh: 30 * time.Second, Stale: 10 * time.Minute, IfError: 24 * time.Hour}
)

// PreviewHeader marks a request from a /preview/ page: it reads drafts, bypasses the cache and
// is answered noindex.
const PreviewHeader = "preview"

// cmsRoute maps one content operation to the CMS resource that serves it. Templates take the
// operation's parameters by name, from its path, its query or its JSON body: "/news/{newsId}".
type cmsRoute struct {
	// resource is the CMS path below /cms/v2.
	resource string
	// query maps CMS query names to templates; a template that comes out empty is left out.
	query map[string]string
	// paged turns the site's pageNum and pageSize into the CMS's offset and limit.
	paged  bool
	policy cache.Policy
}

// cms returns the handler of a content operation served by one CMS resource.
func (s *Server) cms(route cmsRoute) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		params, err := operationParams(r)
		if err != nil {
			writeError(w, r, s.Log, err)
			return
		}
		req := content.Request{Resource: expand(route.resource, params, url.PathEscape), Query: url.Values{}}
		for name, tmpl := range route.query {
			if v := expand(tmpl, params, nil); v != "" {
				req.Query.Set(name, v)
			}
		}
		if route.paged {
			num, _ := strconv.Atoi(params["pageNum"])
			size, _ := strconv.Atoi(params["pageSize"])
			req.Query.Set("offset", strconv.Itoa((num-1)*size))
			req.Query.Set("limit", strconv.Itoa(size))
		}
		s.serveContent(w, r, route.policy, func(ctx context.Context, locale string, preview bool) ([]byte, error) {
			req.Locale, req.Preview = locale, preview
			return s.Content.Get(ctx, req)
		})
	}
}

// contentFetch reads content data (raw JSON) in a locale.
type contentFetch func(ctx context.Context, locale string, preview bool) ([]byte, error)

// serveContent answers with the data that fetch reads, wrapped in the envelope: through the
// cache when the request has a cache key, straight from the CMS for previews.
func (s *Server) serveContent(w http.ResponseWriter, r *http.Request, policy cache.Policy, fetch contentFetch) {
	lang := requestLang(r)
	if isPreview(r) {
		s.Metrics.CacheResults.WithLabelValues("bypass").Inc()
		data, err := fetch(r.Context(), string(lang), true)
		if err != nil {
			writeError(w, r, s.Log, err)
			return
		}
		w.Header().Set("Cache-Control", "private, no-store")
		w.Header().Set("X-Robots-Tag", "noindex, nofollow")
		writeRaw(w, r, data)
		return
	}
	s.serveCached(w, r, policy, func(ctx context.Context) ([]byte, error) {
		data, err := fetch(ctx, string(lang), false)
		if err != nil {
			return nil, err
		}
		return wrapRaw(lang, data), nil
	})
}

// serveCached answers r with the envelope that fetch produces, through the cache under r's key.
func (s *Server) serveCached(w http.ResponseWriter, r *http.Request, policy cache.Policy, fetch cache.Fetch) {
	key, ok := s.cacheKey(r)
	if !ok {
		// Validation lets no request without a key this far; should one come, it is answered
		// but not kept.
		body, err := fetch(r.Context())
		if err != nil {
			writeError(w, r, s.Log, err)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(body)
		return
	}
	// The route's name is kept by every entry of the route: one shared string, not one each.
	route := s.routeMetrics(chi.RouteContext(r.Context()).RoutePattern()).route
	entry, res, err := s.Cache.Load(r.Context(), key, route, policy, s.Timeout, fetch)
	if err != nil {
		if ctxErr := r.Context().Err(); ctxErr != nil && !apierrIs(err) {
			err = apierr.New(apierr.UpstreamTimeout, ctxErr)
		}
		writeError(w, r, s.Log, err)
		return
	}
	s.cacheResult[res].Inc()
	entry.Write(w, r, res)
}

func apierrIs(err error) bool {
	_, ok := err.(*apierr.Error)
	return ok
}

func isPreview(r *http.Request) bool { return r.Header.Get(PreviewHeader) != "" }

// operationParams collects an operation's parameters by name: path, then query, then the
// top-level fields of a JSON body, all as text.
func operationParams(r *http.Request) (map[string]string, error) {
	params := map[string]string{}
	if rc := chi.RouteContext(r.Context()); rc != nil {
		for i, k := range rc.URLParams.Keys {
			params[k] = rc.URLParams.Values[i]
		}
	}
	for k, v := range r.URL.Query() {
		if _, taken := params[k]; !taken && len(v) > 0 {
			params[k] = v[0]
		}
	}
	if r.Method == http.MethodPost && r.Body != nil {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return nil, apierr.Invalid(apierr.FieldError{Field: "body", Message: "could not be read"})
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		if len(bytes.TrimSpace(body)) > 0 {
			var fields map[string]any
			if err := json.Unmarshal(body, &fields); err != nil {
				return nil, apierr.Invalid(apierr.FieldError{Field: "body", Message: "is not valid JSON"})
			}
			for k, v := range fields {
				if _, taken := params[k]; !taken {
					params[k] = paramText(v)
				}
			}
		}
	}
	return params, nil
}

func paramText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case nil:
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// expand fills {name} placeholders of tmpl from params, escaping each value with escape.
func expand(tmpl string, params map[string]string, escape func(string) string) string {
	if !strings.Contains(tmpl, "{") {
		return tmpl
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(tmpl, '{')
		if open < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		end := strings.IndexByte(tmpl[open:], '}')
		if end < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		b.WriteString(tmpl[:open])
		v := params[tmpl[open+1:open+end]]
		if escape != nil {
			v = escape(v)
		}
		b.WriteString(v)
		tmpl = tmpl[open+end+1:]
	}
}
