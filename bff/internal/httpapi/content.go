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

	"github.com/go-chi/chi/v5"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/contentsvc"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

// PreviewHeader carries the preview token of an editor's /preview/ page. With a valid token the
// request reads drafts, bypasses the cache and is answered noindex; with anything else it is an
// ordinary visitor's request.
const PreviewHeader = "preview"

// cmsRoute maps one content operation to the CMS resource that serves it. Templates take the
// operation's parameters by name, from its path, its query or its JSON body: "/news/{newsId}".
type cmsRoute struct {
	// resource is the CMS path below /cms/v2.
	resource string
	// query maps CMS query names to templates; a template that comes out empty is left out.
	query map[string]string
	// paged turns the site's pageNum and pageSize into the CMS's offset and limit.
	paged bool
	// fresh is the kind of content the answer is, which says how long the cache keeps it.
	fresh contentsvc.Freshness
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
		s.serveContent(w, r, route.fresh, func(ctx context.Context, locale, previewToken string) ([]byte, error) {
			req.Locale, req.PreviewToken = locale, previewToken
			return s.Content.Get(ctx, req)
		})
	}
}

// contentFetch reads content data (raw JSON) in a locale; previewToken, when not empty, is an
// editor's valid preview token, which the CMS needs to add drafts.
type contentFetch func(ctx context.Context, locale, previewToken string) ([]byte, error)

// serveContent answers with the data that fetch reads, wrapped in the envelope: straight from
// the CMS for an editor's preview (a valid preview token that opens this read: see draftItems),
// through the cache for everyone else, including requests whose preview header holds no valid
// token or one issued for another page.
func (s *Server) serveContent(w http.ResponseWriter, r *http.Request, fresh contentsvc.Freshness, fetch contentFetch) {
	if p, ok := s.previewOf(r); ok && p.opens(draftItemOf(r)) {
		s.servePreview(w, r, p, fetch)
		return
	}
	lang := requestLang(r)
	s.serveCached(w, r, fresh, func(ctx context.Context) ([]byte, error) {
		data, err := fetch(ctx, string(lang), "")
		if err != nil {
			return nil, err
		}
		return contentsvc.Envelope(lang, data), nil
	})
}

// serveCached answers r with the envelope that fetch produces, through the content service
// under r's key.
func (s *Server) serveCached(w http.ResponseWriter, r *http.Request, fresh contentsvc.Freshness, fetch cache.Fetch) {
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
	entry, res, err := s.contents.Answer(r.Context(), key, route, fresh, fetch)
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
