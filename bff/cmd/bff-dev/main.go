// Command bff-dev is the BFF for development and tests (`make run`, `make serve`, the browser
// journeys): the same start as bff, except that every legacy system without a URL is served by
// its stand-in from mocks/, embedded on a loopback port with its demo accounts and seed data,
// and that secrets left unset get random keys for the process. Setting a system's URL still
// points this binary at the real system. Never deploy it: the stand-ins accept leads and
// logins that no real system sees, and their demo password is published.
package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"strconv"
	"syscall"

	"github.com/jakarobotics/website/bff/internal/app"
	"github.com/jakarobotics/website/bff/internal/config"
	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/mocks"
	"github.com/jakarobotics/website/mocks/content"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bff-dev:", err)
		os.Exit(1)
	}
}

// run is the development start: stand-ins for the systems without a URL.
func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	return app.Run(ctx, args, getenv, stdout, func(cfg *config.Config, log *slog.Logger) (func(), error) {
		return startStandIns(cfg, getenv, log)
	})
}

// startStandIns serves every system without a URL by its embedded mock on a loopback port
// (MOCK_BASE_PORT fixes the ports) and points the BFF at it, and runs the page renderer when
// RENDERER_URL is not set. The embedded CMS notifies this BFF of its editors' changes (or the
// URLs of CMS_WEBHOOK_URL), signed with CMS_WEBHOOK_SECRET or else the stand-in's fixed secret,
// which the BFF then holds too.
func startStandIns(cfg *config.Config, getenv func(string) string, log *slog.Logger) (stop func(), err error) {
	if ip := net.ParseIP(cfg.Host); cfg.Host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		log.Warn("bff-dev serves other machines: its stand-ins take leads no CRM sees and know a published demo password; deploy bff", "host", cfg.Host)
	}
	var running []*mocks.Running
	stop = func() {
		for _, m := range running {
			m.Close()
		}
	}
	// Editors' previews need a secret that the CMS and the BFF share. With the embedded CMS and
	// no PREVIEW_SECRET, both get a random one for this run.
	if cfg.PreviewSecret == "" && cfg.UpstreamURLs[config.Content] == nil {
		key := make([]byte, config.MinPreviewSecretBytes)
		_, _ = rand.Read(key) // never fails (crypto/rand)
		cfg.PreviewSecret = base64.RawURLEncoding.EncodeToString(key)
		log.Info("PREVIEW_SECRET is not set: the embedded CMS and the BFF share a random one for this run")
	} else if cfg.PreviewSecret == "" {
		log.Warn("PREVIEW_SECRET is not set: previews are off, /preview/ pages show the published site")
	}
	if cfg.CMSWebhookSecret == "" {
		cfg.CMSWebhookSecret = content.StandInWebhookSecret
		log.Info("CMS_WEBHOOK_SECRET is not set: the CMS's change notifications are checked with the CMS stand-in's published secret")
	}
	webhook, err := content.WebhookFromEnv(getenv)
	if err != nil {
		return nil, err
	}
	webhook.Secret, webhook.Log = []byte(cfg.CMSWebhookSecret), log
	if len(webhook.URLs) == 0 {
		webhook.URLs = []string{ownWebhookURL(*cfg)}
	}
	for _, sys := range cfg.Embedded() {
		m, err := mocks.Start(string(sys), cfg.MockAddr(sys), mocks.Options{DataDir: cfg.DataDir + "/mocks", PreviewSecret: []byte(cfg.PreviewSecret), Webhook: webhook}, log)
		if err != nil {
			stop()
			return nil, fmt.Errorf("start embedded %s mock: %w", sys, err)
		}
		running = append(running, m)
		cfg.UpstreamURLs[sys], _ = url.Parse(m.URL)
		log.Info("embedded mock", "system", sys, "url", m.URL)
	}
	if cfg.RendererURL == nil && !cfg.RendererOff {
		stopRenderer, err := startRenderer(cfg, log)
		if err != nil {
			stop()
			return nil, fmt.Errorf("start the page renderer: %w", err)
		}
		stopMocks := stop
		stop = func() { stopRenderer(); stopMocks() }
	}
	return stop, nil
}

// ownWebhookURL is where this BFF takes the CMS's change notifications, as the embedded CMS
// reaches it: on loopback when the site listens on every interface.
func ownWebhookURL(cfg config.Config) string {
	host := cfg.Host
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, strconv.Itoa(cfg.Port)) + httpapi.CMSWebhookPath
}
