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

// newMediaProxy streams CMS media to the browser without buffering it.
func newMediaProxy(cms *url.URL, transport http.RoundTripper, s *Server) http.Handler {
	return &httputil.ReverseProxy{
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
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			writeError(w, r, s.Log, apierr.New(upstream.Classify(r.Context(), err), err))
		},
	}
}
