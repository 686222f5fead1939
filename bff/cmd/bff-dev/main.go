// Command bff-dev is the BFF for development and tests (`make run`, `make serve`, the browser
// journeys): the same start as bff, except that every legacy system without a URL is served by
// its stand-in from mocks/, embedded on a loopback port with its demo accounts and seed data,
// and that secrets left unset get random keys for the process. Setting a system's URL still
// points this binary at the real system. Never deploy it: the stand-ins accept leads and
// logins that no real system sees, and their demo password is published.
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"syscall"

	"github.com/jakarobotics/website/bff/internal/app"
	"github.com/jakarobotics/website/bff/internal/config"
	"github.com/jakarobotics/website/mocks"
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
	return app.Run(ctx, args, getenv, stdout, startStandIns)
}

// startStandIns serves every system without a URL by its embedded mock on a loopback port
// (MOCK_BASE_PORT fixes the ports) and points the BFF at it.
func startStandIns(cfg *config.Config, log *slog.Logger) (stop func(), err error) {
	if ip := net.ParseIP(cfg.Host); cfg.Host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		log.Warn("bff-dev serves other machines: its stand-ins take leads no CRM sees and know a published demo password; deploy bff", "host", cfg.Host)
	}
	var running []*mocks.Running
	stop = func() {
		for _, m := range running {
			m.Close()
		}
	}
	for _, sys := range cfg.Embedded() {
		m, err := mocks.Start(string(sys), cfg.MockAddr(sys), mocks.Options{DataDir: cfg.DataDir + "/mocks"}, log)
		if err != nil {
			stop()
			return nil, fmt.Errorf("start embedded %s mock: %w", sys, err)
		}
		running = append(running, m)
		cfg.UpstreamURLs[sys], _ = url.Parse(m.URL)
		log.Info("embedded mock", "system", sys, "url", m.URL)
	}
	return stop, nil
}
