// Package pages serves the site's pages: rendered on the server by the page renderer (a Node
// process built from web/, reached through httputil.ReverseProxy), cached for visitors without a
// session, and the client-rendered app (index.html) whenever the renderer cannot help, so that
// rendering on the server can make the site better and never make it fail.
//
// A page request goes one of four ways:
//   - / and /index redirect to the home page of the visitor's language (language.go);
//   - previews (/preview/…, /{lang}/preview/…) and personal pages (login, repair, virtual, …) go
//     to the renderer with their whole query, are never cached and are answered noindex; a
//     preview carries the editor's token (X-Preview-Token);
//   - every other page is served from the page cache, keyed by the path and the query
//     parameters that page reads, and rendered with exactly that URL on a miss;
//   - without a renderer, or when it is down, slow or failing, index.html; also for a host that
//     is not the site's (no render, no cache entry, no link naming that host), and for a client
//     past its limit of renders of made-up pages (Limits).
//
// The page cache is two: the pages of the site at their paths, and a smaller tail of the pages
// whose key a visitor makes up (a page that does not exist, a query), so that junk evicts only
// junk and never the site's real pages.
package pages

import (
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel/trace"

	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/metrics"
	"github.com/jakarobotics/website/bff/internal/pagetable"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/telemetry"
)

// Defaults of Options.
const (
	DefaultTimeout = 1500 * time.Millisecond
	// DefaultCrawlerTimeout is long enough for a renderer that is catching up after a start,
	// and within the minute search engines wait for a page.
	DefaultCrawlerTimeout = 15 * time.Second
	DefaultTTL            = time.Minute
	DefaultMaxBytes       = 64 << 20
)

// TailMaxBytes is the part of the page cache's bound given to the tail of made-up pages (not-found
// pages and pages with a query): an eighth, at least 1 MiB.
func TailMaxBytes(pageCacheMaxBytes int64) int64 { return max(pageCacheMaxBytes/8, 1<<20) }

// Limits bound the renders one client can cause. A render that gives a page of the site (a 200
// at a path without a query) is never counted, so that crawlers and visitors of real pages never
// meet the limit; the renders of pages that do not exist (404) and of pages with a query (whose
// values anyone can make up) are counted per client address. Past the limit, a client's cache
// misses get the client-rendered app (the same app, rendered in the browser; crawlers that run
// script see the page as well), never a render and never a cache entry.
type Limits struct {
	PerIP []ratelimit.Rule
}

// DefaultLimits are far above what a crawler's made-up pages come to (the sitemaps list every
// page, the few with a query among them) and far below a flood of random addresses.
func DefaultLimits() Limits {
	return Limits{PerIP: []ratelimit.Rule{{Limit: 120, Window: time.Minute}, {Limit: 1000, Window: time.Hour}}}
}

// String lists the limits for the start-up log.
func (l Limits) String() string { return "renders_per_ip=" + ratelimit.FormatRules(l.PerIP) }

// Options configure a Handler. Every field is optional unless its comment says otherwise.
type Options struct {
	// Renderer is the base URL of the page renderer; nil serves the client-rendered app only.
	Renderer *url.URL
	// Timeout bounds one render, from the request to the last byte of a page that is cached, to
	// the answer's headers for one that is streamed; DefaultTimeout when 0.
	Timeout time.Duration
	// CrawlerTimeout is how long a crawler (a reader that runs no JavaScript, see isCrawler)
	// waits for a public page to be rendered, asking again while the renderer is busy, before
	// it gets the client-rendered app; DefaultCrawlerTimeout when 0, and never less than Timeout.
	CrawlerTimeout time.Duration
	// WebDir is the built web app, whose index.html is the client-rendered app. Required.
	WebDir string
	// Cache keeps the rendered pages of visitors without a session; nil gets one of
	// DefaultMaxBytes. Its shared tier, when set, is the fleet's: a page rendered by one replica
	// is served by all.
	Cache *cache.Cache
	// TTL is how long a rendered page is fresh; DefaultTTL when 0. After it, a page is served
	// while it is rendered again for ten times as long, and for a day while the renderer fails.
	TTL time.Duration
	// Origin is the site's public origin for r (https://www.jaka.com), which the renderer
	// writes into canonical and hreflang links, and whether r's host is the site's (a configured
	// origin; without any, this machine). A page for another host is not rendered. Required.
	Origin func(r *http.Request) (origin string, known bool)
	// Tail keeps the pages of made-up keys: not-found pages and pages with a query; nil gets
	// one of TailMaxBytes(DefaultMaxBytes).
	Tail *cache.Cache
	// Renders limits the counted renders per client (see Limits); nil limits nothing. Client
	// is the limiter's key of a request's client address, required with Renders.
	Renders ratelimit.KeyLimiter
	Client  func(r *http.Request) string
	// Transport carries the requests to the renderer; nil gets a transport of its own.
	Transport http.RoundTripper
	// Metrics counts fallbacks and cache results; nil counts nothing.
	Metrics *metrics.Pages
	// Log takes the warnings of fallbacks. Required.
	Log *slog.Logger
	// Tracing makes the spans of the renderer's requests; nil makes none.
	Tracing trace.TracerProvider
	// SourceTags are the tags of the content requests a page was rendered from (the renderer's
	// SourcesHeader), which a change of that content drops; nil tags every page
	// cache.EverythingTag.
	SourceTags func(sources []string) []string
}

// Handler serves page requests (GET and HEAD of paths that are not files). The caller routes
// only those to it: /prod-api, the media, real files, /assets/* and the sitemap and robots.txt
// are served elsewhere.
type Handler struct {
	renderer       *url.URL
	timeout        time.Duration
	crawlerTimeout time.Duration
	index          string
	cache          *cache.Cache
	tail           *cache.Cache
	policy         cache.Policy
	origin         func(*http.Request) (string, bool)
	renders        ratelimit.KeyLimiter
	client         func(*http.Request) string
	transport      http.RoundTripper
	proxy          http.Handler
	metrics        *metrics.Pages
	// results and bypassed are the counters of Metrics.CacheResults, looked up once.
	results  [4]prometheus.Counter
	bypassed prometheus.Counter
	log      *slog.Logger
	warnings sync.Map // reason -> *warning
	// tagSources is Options.SourceTags.
	tagSources func(sources []string) []string
}

// New returns the page handler of o.
func New(o Options) *Handler {
	h := &Handler{
		renderer:   o.Renderer,
		timeout:    o.Timeout,
		index:      filepath.Join(o.WebDir, "index.html"),
		cache:      o.Cache,
		tail:       o.Tail,
		origin:     o.Origin,
		renders:    o.Renders,
		client:     o.Client,
		transport:  o.Transport,
		metrics:    o.Metrics,
		log:        o.Log,
		tagSources: o.SourceTags,
	}
	if h.timeout <= 0 {
		h.timeout = DefaultTimeout
	}
	h.crawlerTimeout = max(o.CrawlerTimeout, h.timeout)
	if o.CrawlerTimeout <= 0 {
		h.crawlerTimeout = max(DefaultCrawlerTimeout, h.timeout)
	}
	ttl := o.TTL
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	// Fresh for the TTL; then served at once while it is rendered again; and while the renderer
	// fails, a day of the last good page rather than the client-rendered app.
	h.policy = cache.Policy{Fresh: ttl, Stale: 10 * ttl, IfError: 24 * time.Hour}
	if h.cache == nil {
		h.cache = cache.NewBounded(DefaultMaxBytes, 10*time.Minute)
	}
	if h.tail == nil {
		h.tail = cache.NewBounded(TailMaxBytes(DefaultMaxBytes), 10*time.Minute)
	}
	// A page that could not be rendered again is served as it was: worth a warning, paced as
	// the fallbacks' are, since a renderer that is down fails every refresh.
	h.cache.OnRefreshError = func(key string, err error) { h.warn("refresh", key, err) }
	h.tail.OnRefreshError = h.cache.OnRefreshError
	if h.transport == nil {
		h.transport = newTransport()
	}
	// A render is a span of the page's trace, and the renderer continues it: its data calls to
	// this BFF carry the traceparent of this request on.
	h.transport = telemetry.Client(measured{next: h.transport, metrics: h.metrics}, o.Tracing, func(*http.Request) string { return "page render" })
	h.proxy = h.newProxy()
	if h.metrics != nil {
		for _, res := range []cache.Result{cache.Miss, cache.Hit, cache.Stale, cache.StaleIfError} {
			h.results[res] = h.metrics.CacheResults.WithLabelValues(res.String())
		}
		h.bypassed = h.metrics.CacheResults.WithLabelValues("bypass")
	}
	return h
}

// newTransport is a transport for a renderer nearby: connections kept for the busy pages, no
// proxy from the environment.
func newTransport() *http.Transport {
	return &http.Transport{
		MaxIdleConns:        128,
		MaxIdleConnsPerHost: 64,
		IdleConnTimeout:     90 * time.Second,
	}
}

// kind is how a page is served.
type kind int

const (
	public   kind = iota // the same for every visitor without a session: cached
	preview              // an editor's draft: never cached, the token forwarded, noindex
	personal             // an account or repair page: never cached
)

// personalPages are the first path segments (after the language prefix, lower case) of pages
// whose content is the visitor's own, rendered on the server as a frame at most: never cached.
// They are the pages with a guard in the route table (web/src/app/routes.tsx), read from the
// page table generated from it.
var personalPages = pagetable.Site.PersonalSegments()

// pageParams lists, per page (first path segment after the language prefix, lower case), the
// query parameters the page reads, as the route table declares them (`query`, read from the
// pages' own code: useSearchParams, params.get); every other parameter is dropped from the cache
// key and from the URL the renderer is asked for, so that junk parameters make neither new
// entries nor new renders. Previews and personal pages are forwarded with their whole query.
var pageParams = pagetable.Site.QueryBySegment()

// previewSegment is the first path segment (after the language prefix) of editors' drafts.
var previewSegment = pagetable.Site.PreviewSegment

// PreviewTokenParam is the query parameter of an editor's preview link that holds the token
// (web/src/lib/preview-token.ts, PREVIEW_TOKEN_PARAM). The app keeps the token for the tab and
// sends it on later requests itself; the server sees it on the link's first load.
const PreviewTokenParam = "previewToken"

// page is a page request as the handler sees it.
type page struct {
	kind kind
	// path is the cleaned path; target is the path and query the renderer is asked for.
	path, target string
	// index is true for /index (zh), whose answer depends on the visitor's language.
	index bool
}

// classify tells how the page at r is served and what the renderer is asked for. A public page
// without a query costs no allocation: classify is on the path of every cached page.
func classify(r *http.Request) page {
	p := r.URL.Path
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	p = path.Clean(p)
	// The page's own first segment, after the language prefix (the prefix's case matters, as
	// the app's isPrefixLanguage has it; the page's does not, as the app's routes match).
	segment, after, _ := strings.Cut(p[1:], "/")
	if prefixLanguages[segment] {
		segment, _, _ = strings.Cut(after, "/")
	}
	pg := page{path: p, index: strings.EqualFold(p, "/index")}
	escaped := (&url.URL{Path: p}).EscapedPath()
	switch {
	case strings.EqualFold(segment, previewSegment):
		pg.kind = preview
	case lookupFolded(personalPages, segment):
		pg.kind = personal
	}
	if pg.kind != public {
		pg.target = escaped
		if r.URL.RawQuery != "" {
			pg.target += "?" + r.URL.RawQuery
		}
		return pg
	}
	pg.target = escaped
	if r.URL.RawQuery == "" {
		return pg
	}
	if names := pageParams[foldedKey(segment)]; len(names) > 0 {
		in := r.URL.Query()
		kept := url.Values{}
		for _, name := range names {
			// The pages read the first value (URLSearchParams.get).
			if v, ok := in[name]; ok {
				kept.Set(name, v[0])
			}
		}
		if q := kept.Encode(); q != "" { // Encode sorts by name
			pg.target += "?" + q
		}
	}
	return pg
}

// lookupFolded reports whether m holds segment in lower case, without allocating.
func lookupFolded(m map[string]bool, segment string) bool {
	var buf [24]byte
	if len(segment) > len(buf) {
		return false
	}
	return m[string(fold(buf[:0], segment))] // a map index by converted bytes allocates nothing
}

// foldedKey is segment in lower case.
func foldedKey(segment string) string { return string(fold(nil, segment)) }

// fold appends s in ASCII lower case to dst.
func fold(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// Formats of cached pages. Browsers revalidate every page (a 304 when nothing changed): a page
// names the hashed scripts of one build, and a page kept past a deployment would ask for
// scripts that are gone. The home page of zh, /index, depends on the visitor's language. Every
// page's Content-Security-Policy depends on the User-Agent (the mini-program's may load its SDK).
const (
	pageVary  = "Accept-Encoding, User-Agent"
	indexVary = "Accept-Encoding, " + languageVary
)

var (
	pageFormat  = cache.NewFormat("text/html; charset=utf-8", pageVary, "no-cache")
	indexFormat = cache.NewFormat("text/html; charset=utf-8", indexVary, "no-cache")
)

// cacheRoute names the cached pages in the cache's entries.
const cacheRoute = "page"

// ServeHTTP serves one page request.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if target := redirectTarget(r); target != "" {
		w.Header().Set("Vary", languageVary)
		http.Redirect(w, r, target, http.StatusFound)
		return
	}
	pg := classify(r)
	if pg.index {
		w.Header().Set("Vary", indexVary)
	}
	if h.renderer == nil {
		h.fallback(w, r, "off", nil)
		return
	}
	origin, known := h.origin(r)
	if !known {
		// A Host header that is not the site's: whoever sent it gets the client-rendered app,
		// which names no host, costs no render and makes no cache entry.
		h.fallback(w, r, "host", nil)
		return
	}
	if pg.kind != public {
		if h.bypassed != nil {
			h.bypassed.Inc()
		}
		h.pass(w, r, pg, origin)
		return
	}
	h.serveCached(w, r, pg, origin)
}

// ServeCached answers a GET of a public page from the page cache when its rendered answer is
// there, fresh or stale (then rendered again behind): the fast path in front of routing, where
// a cached page costs a key and a lookup, as a cached content answer does. It returns the
// status written, and false when it did not answer (ServeHTTP will). The caller sends it no
// request for a file of the web app.
func (h *Handler) ServeCached(w http.ResponseWriter, r *http.Request) (status int, ok bool) {
	if r.Method != http.MethodGet || h.renderer == nil || redirectTarget(r) != "" {
		return 0, false
	}
	pg := classify(r)
	if pg.kind != public {
		return 0, false
	}
	origin, known := h.origin(r)
	if !known {
		return 0, false
	}
	var buf [512]byte
	e, res := h.peek(pageKey(buf[:0], origin, pg))
	if e == nil {
		return 0, false
	}
	h.count(res)
	return e.Write(w, r, res), true
}

// peek looks key up in the page cache, then in the tail of made-up pages.
func (h *Handler) peek(key []byte) (*cache.Entry, cache.Result) {
	if e, res := h.cache.PeekBytes(key); e != nil {
		return e, res
	}
	return h.tail.PeekBytes(key)
}

// pageKey appends the cache key of a public page to dst: the origin is part of it, as without
// SITE_ORIGINS it comes from the request, and one host's page must never be served for another.
func pageKey(dst []byte, origin string, pg page) []byte {
	return append(append(dst, origin...), pg.target...)
}

func (h *Handler) count(res cache.Result) {
	if c := h.results[res]; c != nil {
		c.Inc()
	}
}

// quietFallbacks are the fallback reasons that are no failure of the renderer: no renderer on
// purpose, a host that is not the site's, a client past its limit of renders. They are counted,
// never logged (a flood of them would flood the log).
var quietFallbacks = map[string]bool{"off": true, "host": true, "limit": true}

// fallback serves the client-rendered app: index.html, which the browser revalidates every
// time. reason is counted (off: no renderer, which is no surprise and is not logged) and err,
// if any, logged with it.
func (h *Handler) fallback(w http.ResponseWriter, r *http.Request, reason string, err error) {
	if h.metrics != nil {
		h.metrics.Fallbacks.WithLabelValues(reason).Inc()
	}
	if !quietFallbacks[reason] {
		h.warn(reason, r.URL.Path, err)
	}
	if _, err := os.Stat(h.index); err != nil {
		http.Error(w, "The web app is not built: run `make run` (or `npm run build -w web`).", http.StatusServiceUnavailable)
		return
	}
	hdr := w.Header()
	// Whatever the renderer said is not the answer.
	for _, name := range []string{"Content-Length", "Content-Encoding", "Location", "X-Robots-Tag", "Server-Timing", "Etag"} {
		hdr.Del(name)
	}
	hdr.Set("Cache-Control", "no-cache")
	http.ServeFile(w, r, h.index)
}

// warning paces the warnings of one fallback reason: when the renderer is down, every page
// request would log one.
type warning struct {
	mu         sync.Mutex
	last       time.Time
	suppressed int
}

// warnEvery is the least time between two warnings of one reason.
const warnEvery = 10 * time.Second

// warn logs a page the renderer could not render (reason refresh: a cached page that could not
// be rendered again, and is served as it was), at most once every warnEvery per reason.
func (h *Handler) warn(reason, page string, err error) {
	v, _ := h.warnings.LoadOrStore(reason, &warning{})
	wn := v.(*warning)
	wn.mu.Lock()
	now := time.Now()
	if !wn.last.IsZero() && now.Sub(wn.last) < warnEvery {
		wn.suppressed++
		wn.mu.Unlock()
		return
	}
	suppressed := wn.suppressed
	wn.last, wn.suppressed = now, 0
	wn.mu.Unlock()
	msg := "page served client-rendered: the renderer could not render it"
	if reason == "refresh" {
		msg = "page not rendered again: the renderer failed; serving the last good page"
	}
	h.log.Warn(msg, "reason", reason, "page", page, "err", err, "same_since_last_warning", suppressed)
}

// BuildID names the web app's build in webDir: a hash of its index.html, which names the build's
// hashed scripts and styles. Pages rendered with one build are shared only with replicas of the
// same build. A web app that cannot be read is "none" (its pages are the client-rendered app).
func BuildID(webDir string) string {
	index, err := os.ReadFile(filepath.Join(webDir, "index.html"))
	if err != nil {
		return "none"
	}
	sum := sha256.Sum256(index)
	return hex.EncodeToString(sum[:8])
}
