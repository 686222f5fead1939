package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/jakarobotics/website/bff/internal/contentsvc"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/sitemap"
)

// sitemapRetryAfter is the Retry-After of a sitemap that cannot be built now, in seconds.
const sitemapRetryAfter = "120"

// RobotsPath is where robots.txt is served.
const RobotsPath = "/robots.txt"

// routeSitemaps registers the sitemap index, the sitemap of each language and robots.txt.
func (s *Server) routeSitemaps(r chi.Router) {
	r.Handle(sitemap.IndexPath, readOnly(s.sitemapIndex))
	for _, l := range sitemap.Languages {
		r.Handle(sitemap.SitemapPath(l), readOnly(func(w http.ResponseWriter, r *http.Request) { s.sitemapOf(w, r, l) }))
	}
	r.Handle(RobotsPath, readOnly(s.robots))
}

// readOnly answers 405 to every method but GET and HEAD.
func readOnly(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		h(w, r)
	}
}

func (s *Server) sitemapIndex(w http.ResponseWriter, r *http.Request) {
	s.serveSitemap(w, r, sitemap.IndexPath, func(_ context.Context, origin string) ([]byte, error) {
		return sitemap.Index(origin), nil
	})
}

func (s *Server) sitemapOf(w http.ResponseWriter, r *http.Request, lang sitemap.Language) {
	s.serveSitemap(w, r, sitemap.SitemapPath(lang), func(ctx context.Context, origin string) ([]byte, error) {
		pages, err := s.contents.SitePages(ctx)
		if err != nil {
			return nil, err
		}
		return sitemap.URLSet(origin, lang, pages), nil
	})
}

// serveSitemap answers with the document that build makes for the request's origin: through the
// cache under the origin and path, so that a crawler gets an ETag and gzip and the CMS is read
// once for all of them. When it cannot be built and no earlier one is left, the answer is 503
// with Retry-After: never a sitemap built from part of the content.
func (s *Server) serveSitemap(w http.ResponseWriter, r *http.Request, path string, build func(ctx context.Context, origin string) ([]byte, error)) {
	origin, cacheable := s.siteOrigin(r)
	if !cacheable {
		// An origin from a Host header that is neither configured nor this machine: built for
		// this request only, so that made-up hosts cannot fill the cache.
		body, err := build(r.Context(), origin)
		if err != nil {
			s.sitemapUnavailable(w, r, path, err)
			return
		}
		h := w.Header()
		h.Set("Content-Type", contentsvc.SitemapContentType)
		h.Set("Cache-Control", "no-cache")
		if r.Method != http.MethodHead {
			_, _ = w.Write(body)
		}
		return
	}
	entry, res, err := s.contents.Sitemap(r.Context(), origin, path, func(ctx context.Context) ([]byte, error) {
		return build(ctx, origin)
	})
	if err != nil {
		s.sitemapUnavailable(w, r, path, err)
		return
	}
	s.cacheResult[res].Inc()
	entry.Write(w, r, res)
}

func (s *Server) sitemapUnavailable(w http.ResponseWriter, r *http.Request, path string, err error) {
	s.Log.WarnContext(r.Context(), "sitemap unavailable", "path", path, "err", err)
	w.Header().Set("Retry-After", sitemapRetryAfter)
	w.Header().Set("Cache-Control", "no-store")
	http.Error(w, "The sitemap is being prepared; please try again later.", http.StatusServiceUnavailable)
}

func (s *Server) robots(w http.ResponseWriter, r *http.Request) {
	origin, known := s.siteOrigin(r)
	if !known {
		// A host that is not the site's is named nowhere: the sitemap's address is relative.
		origin = ""
	}
	body := sitemap.Robots(origin)
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Cache-Control", "public, max-age=3600")
	h.Set("Content-Length", fmt.Sprint(len(body)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// siteOrigin is the site's public origin for absolute URLs: the first of SITE_ORIGINS when they
// are configured; else the scheme and host the request came to, as a trusted proxy
// (TRUSTED_PROXIES) forwarded them (X-Forwarded-Proto, X-Forwarded-Host) or as they reached
// this server. Forwarded headers from anyone else are the caller's to choose and never read.
// cacheable is false for an origin from a Host header that is not this machine's: what is
// built for it must not be kept.
func (s *Server) siteOrigin(r *http.Request) (origin string, cacheable bool) {
	if len(s.SiteOrigins) > 0 {
		return strings.TrimSuffix(s.SiteOrigins[0], "/"), true
	}
	scheme, host := "http", r.Host
	if r.TLS != nil {
		scheme = "https"
	}
	if peer := ratelimit.ClientIP(&http.Request{RemoteAddr: r.RemoteAddr}, nil); peer.IsValid() && trustedPeer(peer, s.guard.proxies) {
		if p := strings.ToLower(firstForwarded(r.Header.Get("X-Forwarded-Proto"))); p == "http" || p == "https" {
			scheme = p
		}
		if h := firstForwarded(r.Header.Get("X-Forwarded-Host")); validHost(h) {
			host = h
		}
	}
	if !validHost(host) {
		host = "localhost"
	}
	host = strings.ToLower(host)
	return scheme + "://" + host, loopbackHost(host)
}

// firstForwarded is the first value of a forwarded header: the one the proxy nearest the client
// wrote.
func firstForwarded(v string) string { return strings.TrimSpace(strings.Split(v, ",")[0]) }

// validHost reports whether h is a host name or address with an optional port, and nothing else
// that could change the meaning of a URL built from it or of the page it is written into.
func validHost(h string) bool {
	if h == "" || len(h) > 255 {
		return false
	}
	for _, c := range []byte(h) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(".-:[]", c) >= 0) {
			return false
		}
	}
	u, err := url.Parse("http://" + h)
	return err == nil && u.Host == h && u.User == nil && u.Hostname() != ""
}
