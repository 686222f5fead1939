package httpapi

import (
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream"
)

// MediaPrefix is where the site serves the CMS's media library. The CMS names its pictures with
// paths below this prefix, so that pages work the same behind the BFF and in production, where
// a CDN can take the prefix over.
const MediaPrefix = "/cms-assets/"

// newMediaProxy streams CMS media to the browser without buffering it. Only paths inside the
// media library are passed on (mediaPath): the rest of the CMS is not the browser's to reach.
func newMediaProxy(cms *url.URL, transport http.RoundTripper, s *Server) http.Handler {
	proxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(cms)
			pr.Out.URL.Path = strings.TrimSuffix(cms.Path, "/") + "/assets/" + strings.TrimPrefix(pr.In.URL.Path, MediaPrefix)
			pr.Out.URL.RawPath = ""
			pr.Out.Host = cms.Host
			// Cookies and tokens of the site are none of the CMS's business.
			pr.Out.Header.Del("Cookie")
			pr.Out.Header.Del("token")
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
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !mediaPath(strings.TrimPrefix(r.URL.Path, MediaPrefix)) {
			writeError(w, r, s.Log, apierr.New(apierr.NotFound, nil))
			return
		}
		proxy.ServeHTTP(w, r)
	})
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
