// Package httpapi is the BFF's HTTP surface: the /prod-api operations of the contract and the
// web app with its single-page fallback on the public port, and the metrics and probes on the
// admin port.
package httpapi

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/getkin/kin-openapi/routers"
	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel/trace"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/contentsvc"
	"github.com/jakarobotics/website/bff/internal/leads"
	"github.com/jakarobotics/website/bff/internal/metrics"
	"github.com/jakarobotics/website/bff/internal/oapi"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/pages"
	"github.com/jakarobotics/website/bff/internal/preview"
	"github.com/jakarobotics/website/bff/internal/publish"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/sitemap"
	"github.com/jakarobotics/website/bff/internal/telemetry"
	"github.com/jakarobotics/website/bff/internal/uploads"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
	"github.com/jakarobotics/website/bff/internal/upstream/ocr"
	"github.com/jakarobotics/website/bff/internal/upstream/vm"
	"github.com/jakarobotics/website/bff/internal/variants"
	"github.com/jakarobotics/website/bff/internal/virtual"
)

// MaxJSONBodyBytes bounds a JSON request body; a larger one is answered 413.
const MaxJSONBodyBytes = 1 << 20

// Deps is what the server needs. Every field is required unless its comment says otherwise.
type Deps struct {
	// Spec is the contract that routes and requests are checked against; oapi.LoadForServing
	// is enough, as the server never reads the answers' definitions.
	Spec     *oapi.Spec
	Content  content.Client
	Accounts account.Service
	CRM      crm.Client
	ITR      itr.Client
	VM       vm.Client
	OCR      ocr.Client
	Log      *slog.Logger
	// WebDir is the built web app. Empty serves no web app (API-only tests).
	WebDir string
	// Renderer is the base URL of the page renderer, which renders the web app's pages on the
	// server; nil serves the client-rendered app (WebDir's index.html) on every page.
	Renderer *url.URL
	// RendererTimeout bounds a render; pages.DefaultTimeout when 0. CrawlerTimeout is a
	// crawler's wait; pages.DefaultCrawlerTimeout when 0.
	RendererTimeout time.Duration
	CrawlerTimeout  time.Duration
	// WarmupRate is how many pages a second the warm-up renders (Handler.Warmup); 0: none.
	// Its pages are those of the first of SiteOrigins, or, without any, of LocalOrigin (this
	// server's address on this machine, as a developer opens it).
	WarmupRate  float64
	LocalOrigin string
	// PageCache keeps the rendered pages of visitors without a session; nil gets one of
	// pages.DefaultMaxBytes. Each page is tagged with the content it was rendered from: a
	// change of that content drops it (see applyContentChanges).
	PageCache *cache.Cache
	// PageTTL is how long a rendered page stays fresh; pages.DefaultTTL when 0.
	PageTTL time.Duration
	// PageLimits bound the renders of made-up pages per client address (see pages.Limits);
	// nil means pages.DefaultLimits(). The client address is read as AccountLimits'
	// TrustedProxies say, and the limiter is made by Limiters (shared by the replicas with Redis).
	PageLimits *pages.Limits
	// Timeout bounds an operation's upstream work; LongTimeout the operations marked long.
	Timeout     time.Duration
	LongTimeout time.Duration
	// Ready reports whether the BFF can take traffic; nil means always ready.
	Ready func() error
	// Media is the CMS's base URL for its media library; nil serves no media.
	Media *url.URL
	// Images configure the variants of the media library's pictures (/cms-assets/{name}?w=),
	// made when Media and Content are set; the zero value has the defaults.
	Images variants.Options
	// Transport carries upstream traffic that is streamed rather than read whole.
	Transport http.RoundTripper
	// Tracing makes the spans of requests, cache fills and renders (package telemetry); nil, as
	// when no OTLP export is configured, makes none.
	Tracing trace.TracerProvider
	// AccessLogFilesEvery logs one in that many successful answers of the web app's files; 0 or
	// 1 logs every one. Pages, API answers and failures are always logged.
	AccessLogFilesEvery int
	// Cache keeps content answers for the content service, which owns it: nothing else reads or
	// writes it. nil gets a new one of cache.DefaultMaxBytes.
	Cache *cache.Cache
	// Metrics records requests, cache results and upstream failures; nil gets a new set.
	Metrics *metrics.Metrics
	// Outbox keeps leads, form records and work orders durable until the CRM or the work-order
	// system has them (its DeliverFunc is repair.OutboxDelivery of leads.Delivery and
	// repair.WorkOrderDelivery): this replica's bbolt outbox, or one that replicas share in
	// Redis. nil answers those writes 503.
	Outbox outbox.Queue
	// Uploads bound the photos and videos of repair reports and sign their preview links; the
	// zero value has the defaults of UploadLimits.
	Uploads UploadLimits
	// TrialLocks serialise an account's virtual-trial applications and switches; nil gets a new
	// virtual.LocalLocks of this server alone. Replicas that share one Locker serialise an
	// account across the site.
	TrialLocks virtual.Locker
	// Limiters makes the rate limiters of AccountLimits and PreviewLimits; nil means
	// ratelimit.Local on Clock, this server's own. Replicas that share one factory's limiters
	// (shared.Limiters, in Redis) share their limits.
	Limiters ratelimit.Factory
	// LeadLimits bound the leads, form records and repair reports per client address and per
	// e-mail address (or account); nil means leads.DefaultLimits().
	LeadLimits *leads.Limits
	// LeadProofKey signs the puzzles of getLeadChallenge (LEAD_CHALLENGE_SECRET); the same on
	// every replica. Empty (development only) uses a random key per process: puzzles handed out
	// before a restart, or by another replica, are then refused.
	LeadProofKey []byte
	// SpentProofs remembers the proofs of work that leads used; nil gets a new
	// leads.MemorySpentProofs of this server alone. Replicas that share one (shared.SpentProofs,
	// in Redis) refuse a proof used on any of them.
	SpentProofs leads.SpentProofs
	// LoginStates remembers the used states of third-party logins; nil gets a new
	// accounts.MemorySpentStates of this server alone.
	LoginStates accounts.SpentStates
	// DownloadLinkTTL is how long a link to a document that needs login works, from the
	// moment userDownload hands it out; zero means 10 minutes.
	DownloadLinkTTL time.Duration
	// AccountLimits are the abuse limits of the account operations, of the certificate and
	// company lookups and of the field measurements; nil means ratelimit.DefaultLimits().
	AccountLimits *ratelimit.Limits
	// Preview checks the preview tokens of editors' /preview/ pages (PREVIEW_SECRET, shared
	// with the CMS); nil, or one without a secret, serves no drafts to anyone.
	Preview *preview.Verifier
	// PreviewLimits bound the preview reads per client address and per editor; nil means
	// preview.DefaultLimits(). The client address is read as AccountLimits' TrustedProxies say.
	PreviewLimits *preview.Limits
	// BodyTimeout bounds the arrival of a request body, whole (DefaultBodyTimeout when 0);
	// streamed operations' files have Uploads' minimum rate instead.
	BodyTimeout time.Duration
	// HSTSMaxAge, when positive, is sent as Strict-Transport-Security's max-age: for sites
	// served over TLS only.
	HSTSMaxAge time.Duration
	// SiteOrigins are the site's public origins (https://www.example.com), the only places a
	// third-party login may come back to; the first is the origin of the sitemaps' URLs. Empty
	// means the host the request was sent to, if that is this machine (localhost, a loopback
	// address): a developer's site.
	SiteOrigins []string
	// CMSWebhook takes the CMS's notifications of published changes at CMSWebhookPath
	// (publish.Receiver); nil serves no webhook there.
	CMSWebhook Webhook
	// Clock tells the time to the rules that depend on it (report dates, lead keys, signed
	// links, login states, throttles); nil means time.Now. Tests set it to steer time.
	Clock func() time.Time
}

// Server holds the dependencies the handlers share.
type Server struct {
	Deps
	// cacheResult holds the counter of each cache result, looked up once rather than per request.
	cacheResult [4]prometheus.Counter
	// cachedRoutes holds a *cachedRouteMetrics per route template.
	cachedRoutes sync.Map
	// contents reads content through the content cache, which it owns with its keys.
	contents *contentsvc.Service
	// guard holds the rate limiters of the account operations and the lookups.
	guard *accountGuard
	// leadGuard admits leads: trap field, proof of work, limits.
	leadGuard *leads.Guard
	// loginStates remembers the third-party logins' used states.
	loginStates accounts.SpentStates
	// links signs and checks the links to personal files (repair previews, documents that need
	// login), with Uploads.URLKey.
	links uploads.Signer
	// previews checks preview tokens and limits preview reads.
	previews *previewGuard
	// vitalsPerIP limits the field measurements per client address.
	vitalsPerIP ratelimit.KeyLimiter
	// pageHandler serves the web app's pages; nil without a web app. cacheFront answers cached
	// pages through it before routing, and counts them under pageRoute.
	pageHandler *pages.Handler
	pageRoute   *cachedRouteMetrics
	// warmer renders pages into the page cache in the background; nil without one.
	warmer *pages.Warmer
}

// Handler is the BFF's HTTP handler of the public port, with the admin endpoints beside it and
// its router exposed for inspection.
type Handler struct {
	http.Handler
	// Admin serves /metrics, /readyz and /healthz, for a listener of its own that visitors do not
	// reach: the metrics tell the routes, the upstream failures and the outbox's depth.
	Admin http.Handler
	// Router holds every registered route, for tests that compare it with the contract.
	Router chi.Routes
	// Warmup renders the sitemaps' pages after a start and the pages a change dropped; run it
	// beside the server. nil without a renderer or with a WarmupRate of 0.
	Warmup *pages.Warmer
	// ApplyContentChanges drops what the site keeps of items the CMS changed (a publish),
	// returning how many answers and pages this replica dropped.
	ApplyContentChanges func(ctx context.Context, changes []publish.Change) int
}

// NewServer returns the BFF's handler. It fails when the route table and the contract disagree,
// so that a BFF that does not serve exactly the contract never starts.
func NewServer(d Deps) (*Handler, error) {
	s := &Server{Deps: d}
	if s.Limiters == nil {
		s.Limiters = ratelimit.Local(s.now)
	}
	s.guard = newAccountGuard(d.AccountLimits, s.Limiters)
	s.previews = newPreviewGuard(d.Preview, d.PreviewLimits, s.Limiters)
	s.leadGuard = newLeadGuard(d, s.Limiters, s.now)
	s.vitalsPerIP = newVitalsLimiter(d.AccountLimits, s.Limiters)
	s.loginStates = d.LoginStates
	if s.loginStates == nil {
		s.loginStates = accounts.NewMemorySpentStates(s.now)
	}
	s.Uploads = s.Uploads.WithDefaults()
	s.links = uploads.NewSigner(s.Uploads.URLKey, s.now)
	if s.TrialLocks == nil {
		s.TrialLocks = virtual.NewLocalLocks()
	}
	if s.DownloadLinkTTL <= 0 {
		s.DownloadLinkTTL = 10 * time.Minute
	}
	contents, err := contentsvc.New(contentsvc.Options{
		Spec: s.Spec, CMS: s.Content, Cache: s.Cache, Timeout: s.Timeout, LongTimeout: s.LongTimeout, Log: s.Log,
		Tracing: s.Tracing,
	})
	if err != nil {
		return nil, err
	}
	s.contents = contents
	if s.Metrics == nil {
		s.Metrics = metrics.New()
	}
	s.Metrics.RegisterCache(func() metrics.CacheStats {
		st := s.contents.Stats()
		return metrics.CacheStats{Entries: st.Entries, Bytes: st.Bytes, MaxBytes: st.MaxBytes, Evictions: st.Evictions}
	})
	for _, res := range []cache.Result{cache.Miss, cache.Hit, cache.Stale, cache.StaleIfError} {
		s.cacheResult[res] = s.Metrics.CacheResults.WithLabelValues(res.String())
	}
	r := chi.NewRouter()
	r.Use(s.recoverPanics, s.logRequests)

	var problems []string
	r.Route(oapi.BasePath, func(api chi.Router) {
		api.NotFound(func(w http.ResponseWriter, r *http.Request) {
			writeError(w, r, s.Log, apierr.New(apierr.RouteNotFound, nil))
		})
		api.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
			writeError(w, r, s.Log, apierr.New(apierr.MethodNotAllowed, nil))
		})
		for _, rt := range s.routes() {
			route, ok := s.Spec.Route(rt.method, rt.path)
			if !ok {
				problems = append(problems, rt.method+" "+rt.path+" is served but not in openapi.yaml")
				continue
			}
			timeout := s.Timeout
			if rt.long {
				timeout = s.LongTimeout
			}
			// A streamed body (an upload) is read by its handler as it arrives: the contract's
			// validation leaves it out, and the operation has as long as a file takes to arrive.
			validated, streamed := route, streamedBody(route)
			if streamed {
				validated, timeout = withoutBody(route), s.Uploads.Timeout
			}
			login, private := requiresLogin(route), personal(route)
			api.Method(rt.method, rt.path, s.operation(timeout, func(w http.ResponseWriter, r *http.Request) {
				// Set before anything can answer, so that every answer of a personal operation,
				// its failures included, is kept by no cache.
				if private {
					w.Header().Set("Cache-Control", personalCacheControl)
				}
				// A missing token is a visitor who is not logged in (401, as the contract says),
				// not a malformed request: checked before the contract's validation.
				if login && strings.TrimSpace(r.Header.Get("token")) == "" {
					writeError(w, r, s.Log, apierr.New(NotLoggedIn, nil))
					return
				}
				params, err := pathParams(r)
				if err != nil {
					writeError(w, r, s.Log, err)
					return
				}
				if streamed {
					// A file may take minutes, at no less than the minimum rate (slow_body.go).
					r.Body = newMinRateBody(w, r.Body, s.Uploads.MinRate, s.Uploads.RateWindow, s.Uploads.Timeout, time.Now)
				}
				r.Body = http.MaxBytesReader(w, r.Body, rt.maxBodyBytes())
				if err := oapi.Validate(r, validated, params); err != nil {
					writeError(w, r, s.Log, err)
					return
				}
				rt.handler(w, r)
			}))
		}
	})
	served := map[string]bool{}
	for _, rt := range s.routes() {
		served[rt.method+" "+rt.path] = true
	}
	for _, op := range s.Spec.Operations() {
		if !served[op.Key()] {
			problems = append(problems, op.Key()+" ("+op.ID+") is in openapi.yaml but not served")
		}
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("route table does not match the contract: %v", problems)
	}

	if s.Media != nil {
		r.Handle(MediaPrefix+"*", newMediaProxy(s.Media, s.Transport, s))
	}
	if s.ITR != nil {
		r.Handle(RepairFilePrefix+"*", http.HandlerFunc(s.repairFile))
	}
	if s.Content != nil {
		r.Handle(DocumentFilePrefix+"*", http.HandlerFunc(s.documentFile))
	}
	if s.Content != nil {
		s.routeSitemaps(r)
	}
	if s.CMSWebhook != nil {
		r.Handle(CMSWebhookPath, http.HandlerFunc(s.cmsWebhook))
	}
	if s.WebDir != "" {
		r.Handle("/*", newWebApp(s.WebDir, s.pages()))
	}
	// The security headers come first, so that answers from the cache (cacheFront answers
	// before routing) carry them as well.
	public := s.accessLog(s.recoverPanics(s.securityHeaders(s.bodyDeadline(s.cacheFront(r)))))
	return &Handler{Handler: telemetry.Server(public, s.Tracing), Admin: s.admin(), Router: r,
		Warmup: s.warmer, ApplyContentChanges: s.applyContentChanges}, nil
}

// newLeadGuard returns the guard of d's lead limits and puzzles, with the limiters of f.
func newLeadGuard(d Deps, f ratelimit.Factory, now func() time.Time) *leads.Guard {
	limits := leads.DefaultLimits()
	if d.LeadLimits != nil {
		limits = *d.LeadLimits
	}
	key := d.LeadProofKey
	if len(key) == 0 {
		key = make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			panic(err) // crypto/rand does not fail on the systems Go supports
		}
	}
	spent := d.SpentProofs
	if spent == nil {
		spent = leads.NewMemorySpentProofs(now)
	}
	return leads.NewGuard(limits, f, leads.NewPuzzles(key, 0, 0, now), spent)
}

// warmupWorkers is how many pages the warm-up renders at once: the renderer's queue is for
// visitors, and the warm-up's rate is the bound that matters.
const warmupWorkers = 2

// pages is the handler of the web app's pages: rendered by the renderer, cached in PageCache,
// each page tagged with the content it was rendered from, so that a change of that content drops
// it.
func (s *Server) pages() http.Handler {
	if s.PageCache == nil {
		s.PageCache = cache.NewBounded(pages.DefaultMaxBytes, 10*time.Minute)
	}
	// The pages whose key a visitor makes up (not found, with a query) are kept apart, in an
	// eighth of the page cache's bound, so that they never evict the site's pages.
	tail := cache.NewBounded(pages.TailMaxBytes(s.PageCache.Stats().MaxBytes), 10*time.Minute)
	limits := pages.DefaultLimits()
	if s.PageLimits != nil {
		limits = *s.PageLimits
	}
	s.pageRoute = s.routeMetrics(pageRoute)
	s.pageHandler = pages.New(pages.Options{
		Renderer:       s.Renderer,
		Timeout:        s.RendererTimeout,
		CrawlerTimeout: s.CrawlerTimeout,
		WebDir:         s.WebDir,
		Cache:          s.PageCache,
		Tail:           tail,
		TTL:            s.PageTTL,
		// Pages are rendered and cached only for the site's own origins (siteOrigin): a made-up
		// Host header is never rendered, cached, nor named in a page's links.
		Origin:     s.siteOrigin,
		Renders:    s.Limiters.Rules("renders-ip", limits.PerIP...),
		Client:     s.guard.clientKey,
		Metrics:    s.Metrics.RegisterPages(cacheStats(s.PageCache), cacheStats(tail)),
		Log:        s.Log,
		Tracing:    s.Tracing,
		SourceTags: s.contents.SourceTags,
	})
	// A content answer that a refresh found changed (the CMS changed it without a webhook): the
	// pages rendered from the old one go, in every replica's shared tier too.
	s.contents.OnAnswerChange(func(tags []string) { s.pageHandler.Drop(context.Background(), tags) })
	if s.Renderer != nil && s.WarmupRate > 0 {
		origin := s.LocalOrigin
		if len(s.SiteOrigins) > 0 {
			origin = strings.TrimSuffix(s.SiteOrigins[0], "/")
		}
		s.warmer = &pages.Warmer{
			Handler: s.pageHandler, Origin: origin, Rate: s.WarmupRate, Workers: warmupWorkers, Log: s.Log,
			List: func(ctx context.Context) ([]string, error) {
				lists, err := s.contents.SitePages(ctx)
				return sitemap.MostImportantFirst(lists), err
			},
		}
	}
	return s.pageHandler
}

// cacheStats reads c's figures for the metrics.
func cacheStats(c *cache.Cache) func() metrics.CacheStats {
	return func() metrics.CacheStats {
		st := c.Stats()
		return metrics.CacheStats{Entries: st.Entries, Bytes: st.Bytes, MaxBytes: st.MaxBytes, Evictions: st.Evictions}
	}
}

// admin is the handler of the admin listener. Its requests are not counted in the metrics of the
// site's routes: a scrape every few seconds would drown them.
func (s *Server) admin() http.Handler {
	r := chi.NewRouter()
	r.Use(s.recoverPanics)
	r.Get("/healthz", s.healthz)
	r.Get("/readyz", s.readyz)
	r.Method(http.MethodGet, "/metrics", s.Metrics.Handler())
	return r
}

// requiresLogin reports whether the operation requires the token header.
func requiresLogin(route *routers.Route) bool {
	for _, p := range route.Operation.Parameters {
		if p.Value != nil && p.Value.In == "header" && p.Value.Name == "token" && p.Value.Required {
			return true
		}
	}
	return false
}

// pathParams decodes the path parameters of an operation's request, the one check of every
// route's path parameters, and refuses (400 request.invalid, naming the parameter) a value that
// could change the path of an upstream request built from it: a dot segment ("." or "..", also
// written %2e%2e) or a slash or backslash (also %2f, %5c). Such a value is never a name or an id
// of the site, and a legacy system's URL built from it would reach another resource.
//
// chi matches the escaped path when the request's path has escapes of its own (RawPath), and
// then hands its parameters over still escaped: they are decoded here, once, and written back,
// so that every handler reads the decoded value.
func pathParams(r *http.Request) (map[string]string, error) {
	params := map[string]string{}
	rc := chi.RouteContext(r.Context())
	if rc == nil {
		return params, nil
	}
	escaped := r.URL.RawPath != ""
	var bad []apierr.FieldError
	for i, name := range rc.URLParams.Keys {
		if name == "*" {
			continue // the mount's rest of the path, not a parameter
		}
		v := rc.URLParams.Values[i]
		if escaped {
			decoded, err := url.PathUnescape(v)
			if err != nil {
				bad = append(bad, apierr.FieldError{Field: name, Message: "is not a valid path segment"})
				continue
			}
			v = decoded
		}
		if v == "." || v == ".." || strings.ContainsAny(v, "/\\") {
			bad = append(bad, apierr.FieldError{Field: name, Message: "must not be a dot segment or contain a slash"})
			continue
		}
		rc.URLParams.Values[i] = v
		params[name] = v
	}
	if len(bad) > 0 {
		return nil, apierr.Invalid(bad...)
	}
	return params, nil
}

// personalCacheControl is the Cache-Control of every answer of a personal operation: for this
// browser only, and not even kept there.
const personalCacheControl = "private, no-store"

// personal reports whether the contract says the operation's answers belong to one person: it
// takes a session token (the token header, required or not, or validateToken's token in the
// query), or it is marked x-personal (logins, registrations, codes and account lookups,
// enquiries: answers that hand out a token or tell about someone).
func personal(route *routers.Route) bool {
	for _, p := range route.Operation.Parameters {
		if p.Value != nil && p.Value.Name == "token" {
			return true
		}
	}
	v, ok := route.Operation.Extensions["x-personal"].(bool)
	return ok && v
}

// operation wraps one operation's handler with its time-out: every upstream call the handler
// makes shares the operation's deadline.
func (s *Server) operation(timeout time.Duration, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), timeout)
		defer cancel()
		h(w, r.WithContext(ctx))
	}
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte(`{"status":"ok"}`))
}

// readyz says whether the BFF takes traffic, and whether its pages are warm: the warm-up's first
// pass over the sitemaps has ended (always true without a warm-up). A cold replica is ready all
// the same: it renders what it misses, and crawlers wait for their pages.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	if s.Ready != nil {
		if err := s.Ready(); err != nil {
			s.Log.Warn("not ready", "err", err)
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte(`{"status":"not ready"}`))
			return
		}
	}
	if s.warmer != nil && !s.warmer.Warm() {
		_, _ = w.Write([]byte(`{"status":"ready","warm":false}`))
		return
	}
	_, _ = w.Write([]byte(`{"status":"ready","warm":true}`))
}

// statusRecorder remembers the status a handler wrote, for the request log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusRecorder) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *statusRecorder) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(p)
	w.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusRecorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		route := routeLabel(r, rec.Header())
		telemetry.NameSpan(r, route)
		setAccessRoute(r, route)
		s.Metrics.Observe(route, r.Method, rec.status, time.Since(start))
	})
}

// fileRoute is the route of the web app's files (scripts, styles, fonts, pictures) in the
// metrics and the access log.
const fileRoute = "/{file}"

// routeLabel names a request's route for metrics and logs: its template, never the raw path.
// The catch-all route serves both the pages and the web app's files; they are told apart by
// what was answered, so that the pages' latency (an objective of its own) is not diluted by
// files answered in microseconds.
func routeLabel(r *http.Request, answered http.Header) string {
	rc := chi.RouteContext(r.Context())
	if rc == nil || rc.RoutePattern() == "" {
		return "unmatched"
	}
	route := rc.RoutePattern()
	if route == "/*" {
		if strings.HasPrefix(answered.Get("Content-Type"), "text/html") {
			return pageRoute
		}
		return fileRoute
	}
	return route
}

// recoverPanics turns a panicking handler into a logged internal error with the envelope, so
// that one bug never takes the process down or leaves a connection hanging.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.Log.Error("panic", "value", v, "path", r.URL.Path, "stack", string(debug.Stack()))
				writeError(w, r, s.Log, apierr.New(apierr.Internal, fmt.Errorf("panic: %v", v)))
			}
		}()
		next.ServeHTTP(w, r)
	})
}
