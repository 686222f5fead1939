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
	if AcceptsEncoding(r.Header, "gzip") {
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

// AcceptsEncoding reports whether the request's Accept-Encoding admits the content coding
// (gzip, br): it is listed, and not with a quality of 0. It allocates nothing, as it runs for
// every cached answer and every asset.
func AcceptsEncoding(h http.Header, coding string) bool {
	for _, v := range h["Accept-Encoding"] {
		for v != "" {
			var item string
			item, v, _ = strings.Cut(v, ",")
			name, params, _ := strings.Cut(item, ";")
			if strings.EqualFold(strings.TrimSpace(name), coding) {
				return !zeroQuality(params)
			}
		}
	}
	return false
}

// zeroQuality reports whether the parameters of an Accept-Encoding item give it q=0 (0, 0.0,
// 0.000): the coding is refused.
func zeroQuality(params string) bool {
	for params != "" {
		var param string
		param, params, _ = strings.Cut(params, ";")
		name, value, ok := strings.Cut(strings.TrimSpace(param), "=")
		if ok && strings.EqualFold(strings.TrimSpace(name), "q") {
			value = strings.TrimSpace(value)
			return value != "" && strings.Trim(value, "0.") == ""
		}
	}
	return false
}
