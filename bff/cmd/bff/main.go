// Command bff is the website's backend-for-frontend: it serves the web app and the /prod-api
// surface, calling the legacy systems, and by default runs stand-ins for the systems that have
// no URL configured.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/config"
	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/metrics"
	"github.com/jakarobotics/website/bff/internal/oapi"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
	"github.com/jakarobotics/website/bff/internal/upstream/ocr"
	"github.com/jakarobotics/website/bff/internal/upstream/vm"
	"github.com/jakarobotics/website/mocks"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bff:", err)
		os.Exit(1)
	}
}

// run starts the BFF and serves until ctx ends.
func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	for _, a := range args {
		if a == "-h" || a == "--help" || a == "-help" {
			config.Usage(stdout)
			return nil
		}
	}
	if len(args) > 0 {
		return fmt.Errorf("unexpected arguments %q: settings come from the environment (see --help)", args)
	}
	cfg, err := config.Load(getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stdout)
	tuneRuntime(getenv, log)

	for _, sys := range cfg.Embedded() {
		m, err := mocks.Start(string(sys), cfg.MockAddr(sys), mocks.Options{DataDir: cfg.DataDir + "/mocks"}, log)
		if err != nil {
			return fmt.Errorf("start embedded %s mock: %w", sys, err)
		}
		defer m.Close()
		cfg.UpstreamURLs[sys], _ = url.Parse(m.URL)
		log.Info("embedded mock", "system", sys, "url", m.URL)
	}
	log.Info("config", "settings", cfg.String())

	spec, err := oapi.LoadForServing(ctx)
	if err != nil {
		return err
	}
	transport := upstream.NewTransport()
	httpClient := &http.Client{Transport: transport}
	m := metrics.New()
	client := func(sys config.Upstream) upstream.Client {
		return upstream.Client{
			System:  string(sys),
			BaseURL: cfg.UpstreamURLs[sys],
			HTTP:    httpClient,
			OnFailure: func(system string, key apierr.Key) {
				m.UpstreamErrors.WithLabelValues(system, string(key)).Inc()
			},
		}
	}
	// Leads and form records wait in a durable outbox under DATA_DIR while the CRM is unavailable,
	// and repair reports while the work-order system is; its worker delivers them, also those
	// left by a previous run that crashed. One outbox serves both: items are told apart by kind.
	crmClient := crm.New(client(config.CRM))
	itrClient := itr.New(client(config.ITR))
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return err
	}
	var leads *outbox.Outbox
	outboxMetrics := m.RegisterOutbox(func() (int, time.Duration, error) { return leads.Stats() })
	leads, err = outbox.Open(filepath.Join(cfg.DataDir, "outbox.db"), outbox.Options{
		Deliver:        httpapi.OutboxDelivery(httpapi.LeadDelivery(crmClient), httpapi.WorkOrderDelivery(itrClient)),
		RetryMin:       cfg.OutboxRetryMin,
		RetryMax:       cfg.OutboxRetryMax,
		Workers:        cfg.OutboxWorkers,
		AttemptTimeout: cfg.Timeout,
		Log:            log,
		OnResult:       outboxMetrics.Result,
	})
	if err != nil {
		return err
	}
	defer leads.Close()
	// The worker outlives the signal until the server has drained, then stops before the file
	// closes (defers run last in, first out).
	workerCtx, stopWorker := context.WithCancel(context.Background())
	workerDone := make(chan struct{})
	go func() { leads.Run(workerCtx); close(workerDone) }()
	defer func() { stopWorker(); <-workerDone }()

	handler, err := httpapi.NewServer(httpapi.Deps{
		Spec:        spec,
		Content:     content.New(client(config.Content)),
		Accounts:    account.NewCached(account.New(client(config.Account)), cfg.TokenCacheTTL, nil),
		CRM:         crmClient,
		ITR:         itrClient,
		VM:          vm.New(client(config.VM)),
		OCR:         ocr.New(client(config.OCR)),
		Log:         log,
		WebDir:      cfg.WebDir,
		Timeout:     cfg.Timeout,
		LongTimeout: cfg.LongTimeout,
		Media:       cfg.UpstreamURLs[config.Content],
		Transport:   transport,
		Metrics:     m,
		// The outbox of leads; readiness does not depend on the CRM, so that the site keeps
		// taking leads while the CRM is down.
		Outbox: leads,
		Ready:  leads.Ready,
		// The account operations' abuse limits and the proxies trusted for the client address.
		AccountLimits: &cfg.Limits,
		SiteOrigins:   cfg.SiteOrigins,
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
	})
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", cfg.Addr())
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		// Long enough for the slowest operation plus writing its answer.
		WriteTimeout: cfg.LongTimeout + 15*time.Second,
		IdleTimeout:  2 * time.Minute,
		ErrorLog:     slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	fmt.Fprintf(stdout, "The site is at http://%s\n", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogJSON {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}
