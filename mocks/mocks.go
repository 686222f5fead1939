// Package mocks runs the stand-ins for the legacy systems: each is a real HTTP server with its
// own API, embeddable in another process on a loopback port or run standalone by
// mocks/cmd/legacy. Nothing here imports the BFF.
package mocks

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/jakarobotics/website/mocks/account"
	"github.com/jakarobotics/website/mocks/content"
	"github.com/jakarobotics/website/mocks/crm"
	"github.com/jakarobotics/website/mocks/itr"
	"github.com/jakarobotics/website/mocks/mockkit"
	"github.com/jakarobotics/website/mocks/ocr"
	"github.com/jakarobotics/website/mocks/vm"
)

// Systems lists the mocked legacy systems by the names the BFF's configuration uses.
var Systems = []string{"content", "crm", "itr", "vm", "account", "ocr"}

// Options configure the mocks.
type Options struct {
	// DataDir is where mocks with state keep it between runs; empty keeps state in memory.
	DataDir string
	// PreviewSecret is the secret the content CMS signs preview links with and checks them by;
	// the BFF must hold the same one. Empty turns previews off.
	PreviewSecret []byte
	// Webhook says where the content CMS sends its change events after an editor's change
	// (content.Webhook: CMS_WEBHOOK_URL and CMS_WEBHOOK_SECRET); no URL sends none.
	Webhook content.Webhook
}

// Mock is one legacy system's stand-in: its handler behind fault switches.
type Mock struct {
	Name    string
	Faults  *mockkit.Switch
	Handler http.Handler
}

// New builds the mock of the named system.
func New(name string, opts Options) (*Mock, error) {
	var h http.Handler
	switch name {
	case "content":
		store, err := content.LoadStore()
		if err != nil {
			return nil, err
		}
		h = content.NewHandler(store, content.Options{PreviewSecret: opts.PreviewSecret, Webhook: opts.Webhook})
	case "crm":
		// Clues and form records persist under DataDir/crm, as a real CRM keeps them.
		srv, err := crm.New(opts.DataDir)
		if err != nil {
			return nil, err
		}
		h = srv
	case "itr":
		// Work orders and their files persist under DataDir/itr. ITR_AUTO_ADVANCE (e.g. 2m)
		// moves orders through their statuses by the clock, for demos; the file limits come
		// from ITR_MAX_IMAGE_BYTES and ITR_MAX_VIDEO_BYTES.
		itrOpts, err := itr.OptionsFromEnv(os.Getenv)
		if err != nil {
			return nil, fmt.Errorf("itr mock: %w", err)
		}
		itrOpts.DataDir = opts.DataDir
		srv, err := itr.New(itrOpts)
		if err != nil {
			return nil, err
		}
		h = srv
	case "vm":
		// The pool's timings and trial length come from its own environment (VM_TRIAL_HOURS,
		// VM_CREATE_DELAY, VM_SWITCH_DELAY, VM_TRIAL_PASSWORD), as a real pool's would.
		cfg, err := vm.ConfigFromEnv(os.Getenv)
		if err != nil {
			return nil, fmt.Errorf("vm mock: %w", err)
		}
		h = vm.NewHandler(cfg)
	case "account":
		svc, err := account.New(account.Options{DataDir: opts.DataDir})
		if err != nil {
			return nil, err
		}
		h = svc.Handler()
	case "ocr":
		h = ocr.NewHandler()
	default:
		return nil, fmt.Errorf("no mock for system %q", name)
	}
	sw := &mockkit.Switch{}
	return &Mock{Name: name, Faults: sw, Handler: sw.Wrap(mockkit.Gzip(h))}, nil
}

// Running is a mock listening on a port.
type Running struct {
	*Mock
	// URL is the mock's base URL, e.g. http://127.0.0.1:40123.
	URL    string
	server *http.Server
}

// Start builds the named mock and serves it on addr (host:port; port 0 picks a free one).
func Start(name, addr string, opts Options, log *slog.Logger) (*Running, error) {
	m, err := New(name, opts)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("mock %s: %w", name, err)
	}
	srv := &http.Server{Handler: m.Handler, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("mock stopped", "system", name, "err", err)
		}
	}()
	return &Running{Mock: m, URL: "http://" + ln.Addr().String(), server: srv}, nil
}

// Close stops the mock, waiting briefly for calls in flight.
func (r *Running) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	return r.server.Shutdown(ctx)
}
