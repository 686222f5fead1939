package cache

import (
	"net/http"
	"strings"
)

// Format is how the entries of one kind of answer are written: their content type and what
// browsers are told about caching them. Its header values are computed once and shared by every
// answer (net/http only reads header slices, so sharing them between responses is safe and
// saves an allocation per header per request).
type Format struct {
	contentType  []string
	vary         []string
	cacheControl []string
}

// NewFormat returns the format of answers of contentType with the Vary and Cache-Control
// headers given.
func NewFormat(contentType, vary, cacheControl string) *Format {
	return &Format{contentType: []string{contentType}, vary: []string{vary}, cacheControl: []string{cacheControl}}
}

// JSON is the format of content answers (Load's entries).
//
// An answer depends on the language; and a browser must never reuse a published answer for an
// editor's preview (preview header) or the reverse. Browsers keep a content answer briefly and
// then revalidate it with its ETag (a 304 when nothing changed). No stale-while-revalidate for
// browsers: Chromium answers a stale entry and revalidates it in the background, and when the
// page that asked closes, later requests for the same URL wait on that revalidation until they
// time out (every header call of every page, once the first answers were 30 s old). The BFF
// itself still serves stale answers while it refreshes them.
var JSON = NewFormat("application/json; charset=utf-8", "lang, preview, Accept-Encoding", "public, max-age=30")

var (
	gzipEncoding = []string{"gzip"}
	xCache       = [...][]string{Miss: {"MISS"}, Hit: {"HIT"}, Stale: {"STALE"}, StaleIfError: {"STALE"}}
)

// Write answers r with e: 304 when the browser already holds this version, the gzip body when
// the browser accepts gzip, the plain body otherwise. It returns the status written. Only 200
// answers carry an ETag and are answered 304: a stored 404 is written whole.
func (e *Entry) Write(w http.ResponseWriter, r *http.Request, res Result) int {
	h := w.Header()
	h["Vary"] = e.format.vary
	h["Cache-Control"] = e.format.cacheControl
	h["X-Cache"] = xCache[res]
	if e.Status == http.StatusOK {
		h["Etag"] = e.etagHeader
		if inm := r.Header["If-None-Match"]; len(inm) > 0 && etagMatches(inm, e.ETag) {
			w.WriteHeader(http.StatusNotModified)
			return http.StatusNotModified
		}
	}
	h["Content-Type"] = e.format.contentType
	body := e.Body
	if acceptsGzip(r) {
		h["Content-Encoding"] = gzipEncoding
		h["Content-Length"] = e.gzipLength
		body = e.Gzip
	} else {
		h["Content-Length"] = e.bodyLength
	}
	w.WriteHeader(e.Status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
	return e.Status
}

// etagMatches implements If-None-Match's weak comparison over a list of validators.
func etagMatches(values []string, etag string) bool {
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

// acceptsGzip reports whether the request accepts gzip. It does not weigh q-values: every
// browser that lists gzip accepts it.
func acceptsGzip(r *http.Request) bool {
	for _, v := range r.Header["Accept-Encoding"] {
		if strings.Contains(v, "gzip") && !strings.Contains(v, "gzip;q=0") {
			return true
		}
	}
	return false
}
