package httpapi

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/images"
	"github.com/jakarobotics/website/bff/internal/variants"
)

// wantsVariant reports whether r asks for a variant of a picture (a w parameter, whatever its
// value).
func wantsVariant(r *http.Request) bool {
	return r.URL.RawQuery != "" && r.URL.Query().Has("w")
}

// variantWidth reads the one w parameter of r, written as a plain number; anything else is 0,
// which no variant has.
func variantWidth(r *http.Request) int {
	if v := r.URL.Query()["w"]; len(v) == 1 {
		if n, err := strconv.Atoi(v[0]); err == nil && strconv.Itoa(n) == v[0] {
			return n
		}
	}
	return 0
}

// xCache is the X-Cache of each cache result.
var xCache = [...]string{cache.Miss: "MISS", cache.Hit: "HIT", cache.Stale: "STALE", cache.StaleIfError: "STALE"}

// serveVariant answers r, a GET or HEAD of /cms-assets/{name}?w={width} whose name mediaPath has
// checked: the variant (made now, or kept), a refusal, or — for a file that is no raster
// picture — the file itself through plain.
func (s *Server) serveVariant(w http.ResponseWriter, r *http.Request, v *variants.Service, name string, plain http.Handler) {
	res, err := v.Get(r.Context(), name, variantWidth(r), r.Header.Get("Accept"))
	if err != nil {
		if apierr.From(err).Key == variants.Busy {
			w.Header().Set("Retry-After", variants.RetryAfter)
		}
		writeError(w, r, s.Log, err)
		return
	}
	if res.Kind == variants.PassThrough {
		// No raster picture: the file itself, as without w (which the CMS is not sent).
		plainReq := r.Clone(r.Context())
		plainReq.URL.RawQuery = ""
		plain.ServeHTTP(w, plainReq)
		return
	}
	e := res.Entry
	h := w.Header()
	h.Set("Vary", "Accept")
	h.Set("Cache-Control", variants.CacheControl)
	h.Set("ETag", e.ETag)
	h.Set("X-Cache", xCache[res.From])
	if etagListMatches(r.Header.Values("If-None-Match"), e.ETag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	contentType := "application/octet-stream"
	if f, ok := images.FormatOf(e.Body); ok { // a stored variant is one of the encoders' formats
		contentType = f.ContentType()
	}
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", strconv.Itoa(len(e.Body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(e.Body)
	}
}

// etagListMatches is If-None-Match's weak comparison of etag with a list of validators.
func etagListMatches(values []string, etag string) bool {
	for _, v := range values {
		for _, candidate := range strings.Split(v, ",") {
			candidate = strings.TrimSpace(candidate)
			if candidate == "*" || strings.TrimPrefix(candidate, "W/") == etag {
				return true
			}
		}
	}
	return false
}
