package httpapi

import (
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/variants"
)

// MediaPrefix is where the site serves the CMS's media library. The CMS names its pictures with
// paths below this prefix, so that pages work the same behind the BFF and in production, where
// a CDN can take the prefix over.
const MediaPrefix = "/cms-assets/"

// newMediaProxy streams CMS media to the browser without buffering it. Only paths inside the
// media library are passed on (mediaPath): the rest of the CMS is not the browser's to reach.
// With a w parameter (and a content client), a raster picture is served as its variant of that
// width instead (serveVariant).
func newMediaProxy(cms *url.URL, transport http.RoundTripper, s *Server) http.Handler {
	proxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(cms)
			pr.Out.URL.Path = strings.TrimSuffix(cms.Path, "/") + "/assets/" + strings.TrimPrefix(pr.In.URL.Path, MediaPrefix)
			pr.Out.URL.RawPath = ""
			pr.Out.Host = cms.Host
			// Only what a file download needs reaches the CMS: the visitor's cookies, session
			// token, preview token and credentials are none of its business.
			pr.Out.Header = mediaRequestHeader(pr.In.Header)
		},
		Transport: transport,
		ModifyResponse: func(resp *http.Response) error {
			for _, name := range upstreamSecurityHeaders {
				resp.Header.Del(name)
			}
			return nil
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			writeError(w, r, s.Log, apierr.New(upstream.Classify(r.Context(), err), err))
		},
	}
	var pictures *variants.Service
	if s.Content != nil {
		pictures = variants.New(s.Content, s.Images, s.Metrics, s.Log)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The media library is read-only for the site's visitors: no other method reaches the
		// CMS, whatever the CMS would make of it.
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, r, s.Log, apierr.New(apierr.MethodNotAllowed, nil))
			return
		}
		name := strings.TrimPrefix(r.URL.Path, MediaPrefix)
		if !mediaPath(name) {
			writeError(w, r, s.Log, apierr.New(apierr.NotFound, nil))
			return
		}
		// A picture asked for at a width is resized and re-encoded (package variants); the plain
		// path is the file as the CMS has it.
		if pictures != nil && wantsVariant(r) {
			s.serveVariant(w, r, pictures, name, proxy)
			return
		}
		proxy.ServeHTTP(w, r)
	})
}

// mediaRequestHeaders are the request headers a media download passes on to the CMS: content
// negotiation, conditional and range requests. Everything else stays at the BFF.
var mediaRequestHeaders = []string{
	"Accept", "Accept-Encoding", "If-None-Match", "If-Modified-Since", "If-Range", "Range", "User-Agent",
}

// mediaRequestHeader is the header of a media request to the CMS: mediaRequestHeaders of in.
func mediaRequestHeader(in http.Header) http.Header {
	out := http.Header{}
	for _, name := range mediaRequestHeaders {
		if v := in.Values(name); len(v) > 0 {
			out[name] = v
		}
	}
	return out
}

// mediaPath reports whether name, the decoded path below MediaPrefix, names a file of the media
// library: segments that are neither empty, "." nor "..", and no NUL, backslash or other
// control character. The path is checked decoded, so that "%2e%2e" and "..%2f" are the ".."
// they stand for; the proxy sends it on re-encoded, so nothing is decoded twice.
func mediaPath(name string) bool {
	if name == "" {
		return false
	}
	for _, seg := range strings.Split(name, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	for i := 0; i < len(name); i++ {
		if b := name[i]; b < 0x20 || b == 0x7f || b == '\\' {
			return false
		}
	}
	return true
}
