package pages

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jakarobotics/website/bff/internal/cache"
)

// The headers the renderer is sent. A page is the same for every visitor who asks for its URL:
// the renderer is told the site's public origin (for canonical and hreflang links) and, on an
// editor's preview, the preview token; nothing of the visitor (cookies, tokens, addresses,
// languages) reaches it, so that a cached page holds nothing personal and cannot be steered by
// a visitor's headers.
const (
	SiteOriginHeader   = "X-Site-Origin"
	PreviewTokenHeader = "X-Preview-Token"
)

// maxPageBytes bounds a rendered page the BFF reads whole to cache it; a larger one is a
// renderer gone wrong, and the client-rendered app is served instead.
const maxPageBytes = 8 << 20

// streamTimeout bounds the body of a page streamed from the renderer (previews and personal
// pages), once its headers have come within the render time-out.
const streamTimeout = 30 * time.Second

// The renderer's answer headers that reach the browser. Everything else (its own security
// headers, cookies, validators) is the BFF's to say: the site's security headers are set on
// every answer before the page handler runs.
var (
	// No Server-Timing: the renderer's timings are for the BFF's operators (bench/render-times.mjs
	// reads them from a renderer of its own), not for visitors, to whom they would tell how long
	// each page's data takes.
	passedHeaders   = []string{"Content-Type", "Location", "X-Robots-Tag", "Cache-Control"}
	streamedHeaders = append([]string{"Content-Length", "Content-Encoding", "Vary"}, passedHeaders...)
)

// failure is a render that gave no page to pass on: the client-rendered app is served, and
// counted under reason.
type failure struct {
	reason string // down, busy, timeout or error
	err    error
}

func (f *failure) Error() string { return f.reason + ": " + f.err.Error() }
func (f *failure) Unwrap() error { return f.err }

// answer is a rendered page that is not for the cache (a redirect, an answer the renderer
// marked private): it is passed on to the visitors who asked for it.
type answer struct {
	status int
	header http.Header
	body   []byte
}

func (a *answer) Error() string {
	return fmt.Sprintf("renderer answered %d, not for the cache", a.status)
}
func (a *answer) Unwrap() error { return cache.ErrUncacheable }

func (a *answer) write(w http.ResponseWriter, r *http.Request) {
	for name, values := range a.header {
		w.Header()[name] = values
	}
	if w.Header().Get("Cache-Control") == "" {
		w.Header().Set("Cache-Control", "no-store")
	}
	w.WriteHeader(a.status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(a.body)
	}
}

// serveCached serves a public page from the cache, rendering it on a miss with exactly the URL
// of its key. Visitors who ask for one page at once share one render. A page with a query goes
// to the tail of made-up pages, and so does a page the renderer says does not exist.
func (h *Handler) serveCached(w http.ResponseWriter, r *http.Request, pg page, origin string) {
	format := pageFormat
	if pg.index {
		format = indexFormat
	}
	key := pageKey(nil, origin, pg)
	if e, res := h.peek(key); e != nil {
		h.count(res)
		e.Write(w, r, res)
		return
	}
	// A render is counted against the client's limit; given back below unless it rendered a
	// made-up page.
	var client string
	if h.renders != nil {
		client = h.client(r)
		if ok, _ := h.renders.Allow(client); !ok {
			h.fallback(w, r, "limit", nil)
			return
		}
	}
	madeUp := strings.IndexByte(pg.target, '?') >= 0
	store := h.cache
	if madeUp {
		store = h.tail
	}
	entry, res, err := h.render(r, store, string(key), format, pg, origin)
	var nf *notFound
	if errors.As(err, &nf) {
		madeUp = true
		entry, res, err = h.tail.LoadAnswer(r.Context(), string(key), cacheRoute, format, h.policy, h.timeout,
			h.fillNotFound(nf.answer, pg.target, origin))
	}
	if h.renders != nil && !(err == nil && res == cache.Miss && madeUp) {
		h.renders.Refund(client)
	}
	if err == nil {
		h.count(res)
		entry.Write(w, r, res)
		return
	}
	var a *answer
	if errors.As(err, &a) {
		h.count(cache.Miss)
		a.write(w, r)
		return
	}
	if r.Context().Err() != nil {
		return // the visitor left; the render goes on for the others
	}
	var f *failure
	if !errors.As(err, &f) {
		f = &failure{reason: "error", err: err}
	}
	h.fallback(w, r, f.reason, f.err)
}

// Waiting again for a renderer that was too busy or too slow: pauses that grow from
// minRetryPause to maxRetryPause, while the reader's patience lasts.
const (
	minRetryPause = 50 * time.Millisecond
	maxRetryPause = time.Second
)

// render loads the page under key into store, rendering it on a miss. A browser waits for one
// render within the render time-out; a crawler, to which the client-rendered app is an empty
// page, waits up to its own, longer, time-out, and asks again while the renderer is busy or slow.
func (h *Handler) render(r *http.Request, store *cache.Cache, key string, format *cache.Format, pg page, origin string) (*cache.Entry, cache.Result, error) {
	fill := func(ctx context.Context) (cache.Answer, error) { return h.fill(ctx, pg.target, origin) }
	if !isCrawler(r.UserAgent()) {
		return store.LoadAnswer(r.Context(), key, cacheRoute, format, h.policy, h.timeout, fill)
	}
	ctx, cancel := context.WithTimeout(r.Context(), h.crawlerTimeout)
	defer cancel()
	pause := minRetryPause
	for {
		deadline, _ := ctx.Deadline()
		entry, res, err := store.LoadAnswer(ctx, key, cacheRoute, format, h.policy, time.Until(deadline), fill)
		var f *failure
		if err == nil || !errors.As(err, &f) || (f.reason != "busy" && f.reason != "timeout") {
			return entry, res, err
		}
		timer := time.NewTimer(pause)
		select {
		case <-ctx.Done():
			timer.Stop()
			if r.Context().Err() == nil {
				// The crawler's patience ran out: the last failure is why.
				return nil, cache.Miss, err
			}
			return nil, cache.Miss, ctx.Err()
		case <-timer.C:
		}
		pause = min(2*pause, maxRetryPause)
	}
}

// fill renders the page at target for the cache: a cacheable page (200 or 404 that the renderer
// marked public) as an answer to store, anything else the renderer answered as an *answer to
// pass on, and a *failure when there is no page.
func (h *Handler) fill(ctx context.Context, target, origin string) (cache.Answer, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, h.rendererURL(target), nil)
	if err != nil {
		return cache.Answer{}, &failure{reason: "error", err: err}
	}
	req.Header = rendererHeader(origin, "", "")
	// No Accept-Encoding: the transport asks for gzip and unpacks it, and the cache stores the
	// page plain (it makes its own gzip once).
	resp, err := h.transport.RoundTrip(req)
	if err != nil {
		return cache.Answer{}, renderFailure(ctx, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusServiceUnavailable {
		// The renderer's queue is full: it says so at once rather than keep the page waiting.
		return cache.Answer{}, &failure{reason: "busy", err: errors.New("renderer busy")}
	}
	if err := usable(resp); err != nil {
		return cache.Answer{}, &failure{reason: "error", err: err}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxPageBytes+1))
	if err != nil {
		return cache.Answer{}, renderFailure(ctx, err)
	}
	if len(body) > maxPageBytes {
		return cache.Answer{}, &failure{reason: "error", err: fmt.Errorf("page larger than %d bytes", maxPageBytes)}
	}
	if cacheable(resp) {
		a := cache.Answer{Body: body, Status: resp.StatusCode, Tags: h.sourceTags(resp.Header)}
		if resp.StatusCode == http.StatusNotFound {
			return cache.Answer{}, &notFound{answer: a}
		}
		return a, nil
	}
	return cache.Answer{}, &answer{status: resp.StatusCode, header: h.passed(resp.Header, passedHeaders), body: body}
}

// SourcesHeader is the renderer's answer header that lists the content requests the page was
// rendered from ("GET /prod-api/…, POST /prod-api/…"), or "*" when it cannot say.
const SourcesHeader = "X-Render-Sources"

// sourceTags are the tags of a rendered page (see cache.Cache.Drop): those of the content it was
// rendered from, or cache.EverythingTag when the renderer did not say, so that a page whose
// sources are unknown goes with every change.
func (h *Handler) sourceTags(header http.Header) []string {
	sources := header.Values(SourcesHeader)
	if len(sources) == 0 || h.tagSources == nil {
		return []string{cache.EverythingTag}
	}
	var list []string
	for _, v := range sources {
		list = append(list, strings.Split(v, ",")...)
	}
	if tags := h.tagSources(list); len(tags) > 0 {
		return tags
	}
	// A page that read no content (a form page, say) changes only with the web app.
	return []string{}
}

// Drop removes the cached pages rendered from content that carries one of tags (see
// cache.Cache.Drop), in this replica and in the shared tier, and returns the keys of those this
// replica held (Warmer.RewarmDropped renders them again).
func (h *Handler) Drop(ctx context.Context, tags []string) []string {
	keys, err := h.cache.Drop(ctx, tags)
	if err != nil {
		h.log.Warn("pages of changed content stay in the shared cache until they expire", "err", err)
	}
	made, _ := h.tail.Drop(ctx, tags)
	return append(keys, made...)
}

// notFound is a rendered page that says the page does not exist: kept in the tail of made-up
// pages, never in the page cache, where a flood of made-up paths would evict the site's pages.
type notFound struct{ answer cache.Answer }

func (*notFound) Error() string { return "page not found: kept in the tail" }
func (*notFound) Unwrap() error { return cache.ErrUncacheable }

// errFoundAgain is a refresh of a not-found page that found the page: the tail drops it, and the
// next visit renders it into the page cache.
var errFoundAgain = fmt.Errorf("page found again: %w", cache.ErrUncacheable)

// fillNotFound is the tail's fetch of a not-found page: first the page just rendered, then, on
// refreshes, the page rendered again while it is still not found.
func (h *Handler) fillNotFound(first cache.Answer, target, origin string) cache.AnswerFetch {
	var used atomic.Bool
	return func(ctx context.Context) (cache.Answer, error) {
		if used.CompareAndSwap(false, true) {
			return first, nil
		}
		a, err := h.fill(ctx, target, origin)
		var nf *notFound
		switch {
		case errors.As(err, &nf):
			return nf.answer, nil
		case err == nil:
			return cache.Answer{}, errFoundAgain
		}
		return a, err
	}
}

// renderFailure tells why a request to the renderer failed: it was too slow, it was not there,
// or something else broke.
func renderFailure(ctx context.Context, err error) *failure {
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded):
		return &failure{reason: "timeout", err: err}
	case refused(err):
		return &failure{reason: "down", err: err}
	}
	return &failure{reason: "error", err: err}
}

// refused reports whether err is a renderer that could not be reached at all.
func refused(err error) bool {
	var op *net.OpError
	return errors.Is(err, syscall.ECONNREFUSED) || (errors.As(err, &op) && op.Op == "dial")
}

// usable checks that the renderer answered a page: not a server error, and HTML unless it is a
// redirect (which may come without a body).
func usable(resp *http.Response) error {
	if resp.StatusCode >= 500 {
		return fmt.Errorf("renderer answered %d", resp.StatusCode)
	}
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		return nil
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if mt != "text/html" {
		return fmt.Errorf("renderer answered %d with %q, not HTML", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	return nil
}

// cacheable reports whether the renderer's answer may be kept for every visitor: a page (200)
// or a missing page (404) marked public, and not also marked otherwise.
func cacheable(resp *http.Response) bool {
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusNotFound {
		return false
	}
	public := false
	for _, v := range resp.Header.Values("Cache-Control") {
		for _, d := range strings.Split(v, ",") {
			name, _, _ := strings.Cut(strings.TrimSpace(d), "=")
			switch strings.ToLower(name) {
			case "public":
				public = true
			case "private", "no-store", "no-cache":
				return false
			}
		}
	}
	return public
}

// passed is the part of the renderer's headers that reaches the browser, with a Location on the
// renderer's own host made relative to the site.
func (h *Handler) passed(from http.Header, names []string) http.Header {
	out := http.Header{}
	for _, name := range names {
		if v := from.Values(name); len(v) > 0 {
			out[name] = v
		}
	}
	if loc := out.Get("Location"); loc != "" {
		if u, err := url.Parse(loc); err == nil && u.IsAbs() && strings.EqualFold(u.Host, h.renderer.Host) {
			u.Scheme, u.Host, u.User = "", "", nil
			out.Set("Location", u.String())
		}
	}
	return out
}

// rendererURL is the renderer's URL of a page's path and query.
func (h *Handler) rendererURL(target string) string {
	return strings.TrimSuffix(h.renderer.String(), "/") + target
}

// rendererHeader is every header the renderer is sent (see SiteOriginHeader).
func rendererHeader(origin, previewToken, acceptEncoding string) http.Header {
	hd := http.Header{
		"Accept":         {"text/html"},
		SiteOriginHeader: {origin},
		"User-Agent":     {"jaka-bff"},
	}
	if previewToken != "" {
		hd[PreviewTokenHeader] = []string{previewToken}
	}
	if acceptEncoding != "" {
		hd["Accept-Encoding"] = []string{acceptEncoding}
	}
	return hd
}

// streamJob is one page streamed from the renderer, handed from pass to the proxy's hooks in
// the request's context.
type streamJob struct {
	page   page
	origin string
	token  string
	// visitor is the visitor's own context: when it ends, nobody is left to answer.
	visitor context.Context
	// timer cancels the render: first when the answer's headers are late, then when its body is.
	timer    *time.Timer
	timedOut atomic.Bool
}

type streamJobKey struct{}

// pass streams a page that is never cached (a preview, a personal page) from the renderer,
// with the visitor's whole query.
func (h *Handler) pass(w http.ResponseWriter, r *http.Request, pg page, origin string) {
	job := &streamJob{page: pg, origin: origin, visitor: r.Context()}
	if pg.kind == preview {
		job.token = strings.TrimSpace(r.URL.Query().Get(PreviewTokenParam))
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	job.timer = time.AfterFunc(h.timeout, func() { job.timedOut.Store(true); cancel() })
	defer job.timer.Stop()
	if r.Method == http.MethodHead {
		w = headWriter{w}
	}
	h.proxy.ServeHTTP(w, r.WithContext(context.WithValue(ctx, streamJobKey{}, job)))
}

// newProxy is the reverse proxy of streamed pages.
func (h *Handler) newProxy() http.Handler {
	return &httputil.ReverseProxy{
		Rewrite:        h.rewrite,
		Transport:      h.transport,
		ModifyResponse: h.checkStreamed,
		ErrorHandler:   h.streamFailed,
		ErrorLog:       slog.NewLogLogger(h.log.Handler(), slog.LevelWarn),
	}
}

// rewrite makes the renderer's request: GET of the page's path and query, with the headers of
// rendererHeader only (the visitor's are dropped, hop-by-hop and otherwise), and the visitor's
// Accept-Encoding, as the answer streams through.
func (h *Handler) rewrite(pr *httputil.ProxyRequest) {
	job := pr.In.Context().Value(streamJobKey{}).(*streamJob)
	u, _ := url.Parse(h.rendererURL(job.page.target)) // made of a parsed URL and an escaped path
	pr.Out.URL, pr.Out.Host = u, ""
	pr.Out.Method = http.MethodGet
	pr.Out.Body, pr.Out.ContentLength = nil, 0
	pr.Out.Header = rendererHeader(job.origin, job.token, pr.In.Header.Get("Accept-Encoding"))
}

// checkStreamed accepts the renderer's answer before any of it reaches the visitor, or turns it
// into a fallback (an error here goes to streamFailed): it must have come in time, and be a
// page. It keeps the headers the browser may see, and marks the page never to be stored nor
// indexed.
func (h *Handler) checkStreamed(resp *http.Response) error {
	job := resp.Request.Context().Value(streamJobKey{}).(*streamJob)
	if !job.timer.Stop() {
		return context.DeadlineExceeded
	}
	if err := usable(resp); err != nil {
		return err
	}
	job.timer.Reset(streamTimeout)
	// Whatever the renderer says: a draft or a visitor's own page is for nobody else, nor for
	// a search engine.
	resp.Header = h.passed(resp.Header, streamedHeaders)
	resp.Header.Set("Cache-Control", "no-store")
	resp.Header.Set("X-Robots-Tag", "noindex")
	return nil
}

// streamFailed serves the client-rendered app when the renderer gave no usable answer.
func (h *Handler) streamFailed(w http.ResponseWriter, r *http.Request, err error) {
	job := r.Context().Value(streamJobKey{}).(*streamJob)
	reason := "error"
	switch {
	case job.timedOut.Load() || errors.Is(err, context.DeadlineExceeded):
		reason = "timeout"
	case job.visitor.Err() != nil:
		return // the visitor left
	case refused(err):
		reason = "down"
	}
	h.fallback(w, r, reason, err)
}

// headWriter answers a HEAD request with the headers of the GET the renderer answered, and no
// body.
type headWriter struct{ http.ResponseWriter }

func (w headWriter) Write(p []byte) (int, error) { return len(p), nil }

// Unwrap lets http.ResponseController reach the underlying writer.
func (w headWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
