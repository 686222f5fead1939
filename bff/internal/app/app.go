// Package app is the start of the BFF, shared by its two binaries: bff, the production start,
// and bff-dev, which also runs stand-ins for the legacy systems. It loads the settings, opens
// the outbox, builds the handlers and serves the site and the admin endpoints until the context
// ends.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/config"
	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/leads"
	"github.com/jakarobotics/website/bff/internal/metrics"
	"github.com/jakarobotics/website/bff/internal/oapi"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/pages"
	"github.com/jakarobotics/website/bff/internal/preview"
	"github.com/jakarobotics/website/bff/internal/publish"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/redact"
	"github.com/jakarobotics/website/bff/internal/repair"
	"github.com/jakarobotics/website/bff/internal/shared"
	"github.com/jakarobotics/website/bff/internal/streamoutbox"
	"github.com/jakarobotics/website/bff/internal/telemetry"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
	"github.com/jakarobotics/website/bff/internal/upstream/ocr"
	"github.com/jakarobotics/website/bff/internal/upstream/vm"
	"github.com/jakarobotics/website/bff/internal/virtual"
)

// StandIns starts a stand-in for every legacy system that has no URL in cfg (cfg.Embedded()),
// sets their URLs in cfg, and may fill in development values of other settings (random
// secrets) that the stand-ins share with the BFF, and start what production runs apart (the
// page renderer, when cfg has no RENDERER_URL). The site already listens on cfg.Port when it
// is called. stop ends them once the BFF has stopped.
type StandIns func(cfg *config.Config, log *slog.Logger) (stop func(), err error)

// Run starts the BFF and serves until ctx ends. standIns nil is the production start: every
// upstream's URL and every secret of config.LoadProduction is required, and nothing runs in
// their place. With standIns (the development binary) missing settings are filled in by them.
func Run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer, standIns StandIns) error {
	// rdb is the shared Redis (REDIS_URL), nil without it.
	var rdb redis.UniversalClient
	for _, a := range args {
		if a == "-h" || a == "--help" || a == "-help" {
			config.Usage(stdout)
			return nil
		}
	}
	if len(args) > 0 {
		return fmt.Errorf("unexpected arguments %q: settings come from the environment (see --help)", args)
	}
	load := config.LoadProduction
	if standIns != nil {
		load = config.Load
	}
	cfg, err := load(getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stdout)
	tuneRuntime(getenv, log)
	tracing, stopTracing, err := telemetry.Setup(ctx, getenv, log)
	if err != nil {
		return fmt.Errorf("OTEL_EXPORTER_OTLP_*: %w", err)
	}
	// Flushed last, after the server has drained: the last requests' spans go out too.
	defer func() {
		flushCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = stopTracing(flushCtx)
	}()

	// The admin endpoints listen apart from the site, on loopback unless ADMIN_HOST says
	// otherwise: what they tell is for the operators and their probes, not for visitors. Both
	// listen before the stand-ins start, so that a stand-in that calls the site (the page
	// renderer reads content through it) knows its port; connections wait until it serves.
	adminLn, err := net.Listen("tcp", cfg.AdminAddr())
	if err != nil {
		return fmt.Errorf("admin listener: %w", err)
	}
	defer adminLn.Close()
	ln, err := net.Listen("tcp", cfg.Addr())
	if err != nil {
		return err
	}
	defer ln.Close()
	cfg.Port = ln.Addr().(*net.TCPAddr).Port
	cfg.AdminPort = adminLn.Addr().(*net.TCPAddr).Port

	if standIns != nil {
		stop, err := standIns(&cfg, log)
		if err != nil {
			return err
		}
		defer stop()
	}
	log.Info("config", "settings", cfg.String())
	if cfg.RendererURL == nil {
		log.Info("pages are served client-rendered: no page renderer")
	}
	if cfg.RedisURL == "" {
		log.Info("no REDIS_URL: rate limits, token checks, login states, trial locks, the content cache and the outbox are this process's own; " +
			"behind a load balancer every replica would apply its own, so run one replica, or set REDIS_URL")
	} else {
		shared.LogClientMessages(log)
		c, err := shared.NewClient(cfg.RedisURL, log)
		if err != nil {
			return fmt.Errorf("REDIS_URL: %w", err)
		}
		rdb = c
		// Closed last: after the server has drained and the outbox's worker has stopped.
		defer rdb.Close()
		// A Redis that is away at the start (restarting, say) does not stop the replica: it
		// serves with its own state meanwhile, as it does when Redis goes away later, and uses
		// Redis as soon as it answers. The readiness probe does not wait for it either.
		// The client says so in the log when Redis does not answer.
		pingCtx, cancel := context.WithTimeout(ctx, 2*time.Second)
		if rdb.Ping(pingCtx).Err() == nil {
			log.Info("state shared with the other replicas in Redis", "prefix", cfg.RedisPrefix)
		}
		cancel()
	}
	// What the replicas share when there is Redis; nil leaves each to the server's own.
	var (
		limiters    ratelimit.Factory
		loginStates accounts.SpentStates
		spentProofs leads.SpentProofs
		trialLocks  virtual.Locker
		tokens      account.TokenStore // nil turns the token cache off (TOKEN_CACHE_TTL=0)
	)
	if cfg.TokenCacheTTL > 0 {
		tokens = account.NewMemoryTokens(cfg.TokenCacheTTL, nil)
	}
	if rdb != nil {
		limiters = shared.Limiters(rdb, cfg.RedisPrefix, nil)
		loginStates = shared.NewSpentStates(rdb, cfg.RedisPrefix, accounts.NewMemorySpentStates(nil))
		spentProofs = shared.NewSpentProofs(rdb, cfg.RedisPrefix, leads.NewMemorySpentProofs(nil))
		trialLocks = shared.NewLocks(rdb, cfg.RedisPrefix, 0, virtual.NewLocalLocks())
		if cfg.TokenCacheTTL > 0 {
			tokens = shared.NewTokenCache(rdb, cfg.RedisPrefix, cfg.TokenCacheTTL, nil)
		}
	}

	spec, err := oapi.LoadForServing(ctx)
	if err != nil {
		return err
	}
	// Every call to a legacy system is a span of its request's trace, and carries its traceparent.
	transport := telemetry.Client(upstream.NewTransport(), tracing, upstream.CallName)
	httpClient := upstream.NewHTTPClient(transport)
	m := metrics.New()
	client := func(sys config.Upstream) upstream.Client {
		return upstream.Client{
			System:  string(sys),
			BaseURL: cfg.UpstreamURLs[sys],
			HTTP:    httpClient,
			OnFailure: func(system string, key apierr.Key) {
				m.UpstreamErrors.WithLabelValues(system, string(key)).Inc()
			},
			Observe: func(system, operation, outcome string, took time.Duration) {
				m.UpstreamDuration.WithLabelValues(system, operation, outcome).Observe(took.Seconds())
			},
			Breaker: newBreaker(cfg.Breaker, string(sys), m, log),
		}
	}
	// Leads and form records wait in a durable outbox under DATA_DIR while the CRM is unavailable,
	// and repair reports while the work-order system is; its worker delivers them, also those
	// left by a previous run that crashed. One outbox serves both: items are told apart by kind.
	// With Redis the replicas share one outbox there (package streamoutbox), and this one takes
	// the writes that arrive while Redis is away.
	crmClient := crm.New(client(config.CRM))
	itrClient := itr.New(client(config.ITR))
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return err
	}
	deliverLeads := leads.Delivery(crmClient) // before the outbox's variable hides the package
	var leads *outbox.Outbox
	// queue is the outbox the site files writes in: leads, or with Redis the outbox the
	// replicas share, which falls back to leads while Redis is away.
	var queue outbox.Queue
	outboxMetrics := m.RegisterOutbox(func() (int, time.Duration, error) { return queue.Stats() })
	outboxOpts := outbox.Options{
		Deliver: telemetry.Delivery(tracing, func(it outbox.Item) string { return it.Kind },
			repair.OutboxDelivery(deliverLeads, repair.WorkOrderDelivery(itrClient))),
		RetryMin:       cfg.OutboxRetryMin,
		RetryMax:       cfg.OutboxRetryMax,
		Workers:        cfg.OutboxWorkers,
		AttemptTimeout: cfg.Timeout,
		Log:            log,
		OnResult:       outboxMetrics.Result,
	}
	leads, err = outbox.Open(filepath.Join(cfg.DataDir, "outbox.db"), outboxOpts)
	if err != nil {
		return err
	}
	defer leads.Close()
	queue = leads
	if rdb != nil {
		if queue, err = streamoutbox.New(rdb, leads, streamoutbox.Options{Options: outboxOpts, Prefix: cfg.RedisPrefix}); err != nil {
			return err
		}
	}
	// The worker outlives the signal until the server has drained, then stops before the file
	// closes (defers run last in, first out).
	workerCtx, stopWorker := context.WithCancel(context.Background())
	workerDone := make(chan struct{})
	go func() { queue.Run(workerCtx); close(workerDone) }()
	defer func() { stopWorker(); <-workerDone }()

	// The CMS's published changes: its webhook's deliveries are taken here, and with Redis passed
	// on to the other replicas, each of which applies them to its own caches (siteChanges, bound
	// to the server once it is built).
	applier := &siteChanges{}
	var fleet publish.Fleet
	var broadcast *shared.Broadcast
	var seen publish.Seen = publish.NewMemorySeen(nil)
	if rdb != nil {
		broadcast = shared.NewBroadcast(rdb, cfg.RedisPrefix, log, m.Publish.BroadcastsApplied.Inc)
		fleet = broadcast
		seen = shared.NewSeenEvents(rdb, cfg.RedisPrefix, seen)
	}
	webhook := publish.NewReceiver(publish.Options{
		Secret:  []byte(cfg.CMSWebhookSecret),
		Applier: applier,
		Fleet:   fleet,
		Seen:    seen,
		Observe: m.Publish.Webhook,
		Log:     log,
	})

	contentCache := cache.NewBounded(cfg.CacheMaxBytes, 10*time.Minute)
	pageCache := cache.NewBounded(cfg.PageCacheMaxBytes, 10*time.Minute)
	if rdb != nil {
		// The replicas read each other's content answers and pages; one of them asks the CMS
		// for a key that they all miss, and one renders a page that they all miss.
		contentCache.SetShared(shared.NewContentCache(rdb, cfg.RedisPrefix))
		pageCache.SetShared(shared.NewPageCache(rdb, cfg.RedisPrefix, pages.BuildID(cfg.WebDir)))
	}
	handler, err := httpapi.NewServer(httpapi.Deps{
		Spec:        spec,
		Content:     content.New(client(config.Content)),
		Cache:       contentCache,
		Accounts:    account.NewCachedIn(account.New(client(config.Account)), tokens),
		CRM:         crmClient,
		ITR:         itrClient,
		VM:          vm.New(client(config.VM)),
		OCR:         ocr.New(client(config.OCR)),
		Log:         log,
		WebDir:      cfg.WebDir,
		Timeout:     cfg.Timeout,
		LongTimeout: cfg.LongTimeout,
		Media:       cfg.UpstreamURLs[config.Content],
		Images:      imageOptions(cfg, rdb),
		Transport:   transport,
		Tracing:     tracing,
		// One access line per request at Info; of the web app's files one in this many.
		AccessLogFilesEvery: cfg.AccessLogFilesEvery,
		Metrics:             m,
		// The outbox of leads; readiness does not depend on the CRM, so that the site keeps
		// taking leads while the CRM is down.
		Outbox: queue,
		Ready:  queue.Ready,
		// The account operations' abuse limits and the proxies trusted for the client address.
		AccountLimits: &cfg.Limits,
		SiteOrigins:   cfg.SiteOrigins,
		// The state the replicas share in Redis (REDIS_URL); nil, the server's own.
		Limiters:    limiters,
		LoginStates: loginStates,
		TrialLocks:  trialLocks,
		// Leads: their limits, and the key of their proof-of-work puzzles; the used proofs are
		// shared with the other replicas when there is Redis.
		LeadLimits:   &cfg.LeadLimits,
		LeadProofKey: []byte(cfg.LeadChallengeSecret),
		SpentProofs:  spentProofs,
		// Editors' previews: tokens checked with the secret shared with the CMS, reads limited.
		Preview:       preview.NewVerifier([]byte(cfg.PreviewSecret), nil),
		PreviewLimits: &cfg.PreviewLimits,
		HSTSMaxAge:    cfg.HSTSMaxAge,
		BodyTimeout:   cfg.BodyTimeout,
		// The photos and videos of repair reports, streamed to the work-order system.
		Uploads: httpapi.UploadLimits{
			ImageBytes: cfg.UploadImageMaxBytes,
			VideoBytes: cfg.UploadVideoMaxBytes,
			Timeout:    cfg.UploadTimeout,
			URLKey:     []byte(cfg.UploadURLSecret),
			MinRate:    cfg.UploadMinRate,
			RateWindow: cfg.UploadRateWindow,
		},
		// Links to the files of documents that need login, signed with the same key.
		DownloadLinkTTL: cfg.DownloadLinkTTL,
		// Pages rendered on the server, cached for visitors without a session.
		Renderer:        cfg.RendererURL,
		RendererTimeout: cfg.RendererTimeout,
		CrawlerTimeout:  cfg.CrawlerTimeout,
		// The warm-up renders the sitemaps' pages after the start, and what a publish dropped.
		WarmupRate:  cfg.WarmupRate,
		LocalOrigin: "http://" + ln.Addr().String(),
		PageCache:   pageCache,
		PageTTL:     cfg.PageCacheTTL,
		PageLimits:  &cfg.PageLimits,
		// The CMS's notifications of the changes it publishes (POST /hooks/cms).
		CMSWebhook: webhook,
	})
	if err != nil {
		return err
	}
	applier.apply = handler.ApplyContentChanges
	if broadcast != nil {
		// Subscribed until the server has drained, before Redis's client closes; the webhook
		// takes nothing before the server listens.
		listenCtx, stopListening := context.WithCancel(context.Background())
		listening := make(chan struct{})
		go func() { broadcast.Run(listenCtx, applier); close(listening) }()
		defer func() { stopListening(); <-listening }()
	}

	errorLog := slog.NewLogLogger(log.Handler(), slog.LevelWarn)
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		// Long enough for the slowest operation plus writing its answer.
		WriteTimeout: cfg.LongTimeout + 15*time.Second,
		IdleTimeout:  2 * time.Minute,
		ErrorLog:     errorLog,
	}
	adminSrv := &http.Server{
		Handler:           handler.Admin,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          errorLog,
	}
	// The site's line comes last: tests and scripts take it as the sign that both listen.
	fmt.Fprintf(stdout, "The admin endpoints are at http://%s\n", adminLn.Addr())
	fmt.Fprintf(stdout, "The site is at http://%s\n", ln.Addr())
	errc := make(chan error, 2)
	go func() { errc <- srv.Serve(ln) }()
	go func() { errc <- adminSrv.Serve(adminLn) }()
	if handler.Warmup != nil {
		// It stops with the signal: a draining site renders nothing new.
		go handler.Warmup.Run(ctx)
	}
	select {
	case err := <-errc:
		_ = srv.Close()
		_ = adminSrv.Close()
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	// The probes answer until the site has drained.
	err = srv.Shutdown(shutdownCtx)
	if aerr := adminSrv.Shutdown(shutdownCtx); err == nil {
		err = aerr
	}
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if cfg.LogJSON {
		h = slog.NewJSONHandler(w, opts)
	}
	// Every line the BFF writes (request failures, renderer failures, the renderer's own output
	// in bff-dev) loses the secrets of the URLs it holds: tokens, codes, signatures; and a line
	// written in a request's context names its trace.
	return slog.New(telemetry.LogHandler(redact.NewHandler(h)))
}

// newBreaker returns the circuit breaker of one legacy system (nil when UPSTREAM_BREAKER is off):
// its state is a gauge, and each change is a line in the log.
func newBreaker(settings config.Breaker, system string, m *metrics.Metrics, log *slog.Logger) *upstream.Breaker {
	if settings.Off {
		return nil
	}
	m.BreakerState.WithLabelValues(system).Set(0)
	return upstream.NewBreaker(system, upstream.BreakerSettings{
		Failures: settings.Failures,
		OpenFor:  settings.OpenFor,
		Trials:   settings.Trials,
		OnStateChange: func(system, state string) {
			m.BreakerState.WithLabelValues(system).Set(metrics.BreakerStateValue(state))
			if state == "open" {
				log.Warn("a legacy system keeps failing: its calls fail at once for a while", "system", system, "for", settings.OpenFor)
			} else {
				log.Info("circuit breaker", "system", system, "state", state)
			}
		},
	})
}

// siteChanges is the publish.Applier of this replica: it drops the content answers and pages of
// the changed items (httpapi.Handler.ApplyContentChanges), set once the server is built and
// before the webhook or the broadcast can deliver a change.
type siteChanges struct {
	apply func(ctx context.Context, changes []publish.Change) int
}

func (a *siteChanges) Apply(ctx context.Context, changes []publish.Change) int {
	return a.apply(ctx, changes)
}
