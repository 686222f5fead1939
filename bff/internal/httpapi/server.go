// Package httpapi is the BFF's HTTP surface: the /prod-api operations of the contract and the
// web app with its single-page fallback on the public port, and the metrics and probes on the
// admin port.
package httpapi

import (
	"context"
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

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/contentsvc"
	"github.com/jakarobotics/website/bff/internal/metrics"
	"github.com/jakarobotics/website/bff/internal/oapi"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/pages"
	"github.com/jakarobotics/website/bff/internal/preview"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/uploads"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
	"github.com/jakarobotics/website/bff/internal/upstream/ocr"
	"github.com/jakarobotics/website/bff/internal/upstream/vm"
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
	// RendererTimeout bounds a render; pages.DefaultTimeout when 0.
	RendererTimeout time.Duration
	// PageCache keeps the rendered pages of visitors without a session; nil gets one of
	// pages.DefaultMaxBytes. It follows the content cache: a content answer that changes makes
	// the pages built before it stale.
	PageCache *cache.Cache
	// PageTTL is how long a rendered page stays fresh; pages.DefaultTTL when 0.
	PageTTL time.Duration
	// Timeout bounds an operation's upstream work; LongTimeout the operations marked long.
	Timeout     time.Duration
	LongTimeout time.Duration
	// Ready reports whether the BFF can take traffic; nil means always ready.
	Ready func() error
	// Media is the CMS's base URL for its media library; nil serves no media.
	Media *url.URL
	// Transport carries upstream traffic that is streamed rather than read whole.
	Transport http.RoundTripper
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
			login := requiresLogin(route)
			api.Method(rt.method, rt.path, s.operation(timeout, func(w http.ResponseWriter, r *http.Request) {
				// A missing token is a visitor who is not logged in (401, as the contract says),
				// not a malformed request: checked before the contract's validation.
				if login && strings.TrimSpace(r.Header.Get("token")) == "" {
					writeError(w, r, s.Log, apierr.New(NotLoggedIn, nil))
					return
				}
				params := map[string]string{}
				if rc := chi.RouteContext(r.Context()); rc != nil {
					for i, k := range rc.URLParams.Keys {
						params[k] = rc.URLParams.Values[i]
					}
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
	if s.WebDir != "" {
		r.Handle("/*", newWebApp(s.WebDir, s.pages()))
	}
	// The security headers come first, so that answers from the cache (cacheFront answers
	// before routing) carry them as well.
	return &Handler{Handler: s.recoverPanics(s.securityHeaders(s.bodyDeadline(s.cacheFront(r)))), Admin: s.admin(), Router: r}, nil
}

// pages is the handler of the web app's pages: rendered by the renderer, cached in PageCache,
// which follows the content cache's changes.
func (s *Server) pages() http.Handler {
	if s.PageCache == nil {
		s.PageCache = cache.NewBounded(pages.DefaultMaxBytes, 10*time.Minute)
	}
	// A page is built from content answers (the renderer reads them through this BFF): when one
	// of them changes, every page built before is served once more while it is rendered again.
	s.PageCache.Generation = s.contents.Changes()
	s.pageRoute = s.routeMetrics(pageRoute)
	s.pageHandler = pages.New(pages.Options{
		Renderer: s.Renderer,
		Timeout:  s.RendererTimeout,
		WebDir:   s.WebDir,
		Cache:    s.PageCache,
		TTL:      s.PageTTL,
		Origin:   s.pageOrigin,
		Metrics: s.Metrics.RegisterPages(func() metrics.CacheStats {
			st := s.PageCache.Stats()
			return metrics.CacheStats{Entries: st.Entries, Bytes: st.Bytes, MaxBytes: st.MaxBytes, Evictions: st.Evictions}
		}),
		Log: s.Log,
	})
	return s.pageHandler
}

// pageOrigin is the origin rendered pages name in their canonical and hreflang links (see
// siteOrigin); pages are cached per origin, so a made-up Host header never reaches another visitor.
func (s *Server) pageOrigin(r *http.Request) string {
	origin, _ := s.siteOrigin(r)
	return origin
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
	_, _ = w.Write([]byte(`{"status":"ready"}`))
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
		s.Metrics.Observe(route, r.Method, rec.status, time.Since(start))
		level := slog.LevelDebug
		if rec.status >= 500 {
			level = slog.LevelWarn
		}
		s.Log.Log(r.Context(), level, "http", "method", r.Method, "path", r.URL.Path, "route", route, "status", rec.status,
			"bytes", rec.bytes, "duration", time.Since(start))
	})
}

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
			return "/{page}"
		}
		return "/{file}"
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
