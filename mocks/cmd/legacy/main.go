// Command legacy runs the stand-ins for the legacy systems as their own process, each on its own
// port, for developing against them or pointing a BFF at them (CONTENT_URL=… and so on).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/jakarobotics/website/mocks"
	"github.com/jakarobotics/website/mocks/content"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "legacy:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	flags := flag.NewFlagSet("legacy", flag.ContinueOnError)
	host := flags.String("host", "127.0.0.1", "interface to listen on")
	basePort := flags.Int("base-port", 9101, "port of the first system; the others follow in order: "+strings.Join(mocks.Systems, ", ")+
		" (0: each on a free port; the lines printed at start say which)")
	dataDir := flags.String("data-dir", ".data/mocks", "where mocks with state keep it")
	only := flags.String("systems", strings.Join(mocks.Systems, ","), "comma-separated systems to run")
	if err := flags.Parse(args); err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	wanted := map[string]bool{}
	for _, s := range strings.Split(*only, ",") {
		wanted[strings.TrimSpace(s)] = true
	}
	// The CMS signs editors' preview links with PREVIEW_SECRET, which the BFF pointed at it must
	// share; without it the CMS hands out no links and serves no drafts.
	opts := mocks.Options{DataDir: *dataDir, PreviewSecret: []byte(os.Getenv("PREVIEW_SECRET"))}
	if wanted["content"] && len(opts.PreviewSecret) == 0 {
		log.Warn("PREVIEW_SECRET is not set: the content CMS serves no drafts and hands out no preview links")
	}
	// The CMS notifies the site's BFFs (CMS_WEBHOOK_URL, signed with CMS_WEBHOOK_SECRET, which
	// they must share) of every change its admin calls make.
	webhook, err := content.WebhookFromEnv(os.Getenv)
	if err != nil {
		return err
	}
	webhook.Log = log
	opts.Webhook = webhook
	if wanted["content"] && len(webhook.URLs) == 0 {
		log.Info("CMS_WEBHOOK_URL is not set: the content CMS notifies no site of its changes")
	}
	if wanted["content"] && os.Getenv("CMS_WEBHOOK_SECRET") == "" && len(webhook.URLs) > 0 {
		log.Warn("CMS_WEBHOOK_SECRET is not set: the content CMS signs its change events with the stand-in's published secret, which only a development BFF (bff-dev) holds")
	}
	for i, name := range mocks.Systems {
		if !wanted[name] {
			continue
		}
		port := 0
		if *basePort != 0 {
			port = *basePort + i
		}
		r, err := mocks.Start(name, net.JoinHostPort(*host, strconv.Itoa(port)), opts, log)
		if err != nil {
			return err
		}
		defer r.Close()
		fmt.Fprintf(stdout, "%s_URL=%s\n", strings.ToUpper(name), r.URL)
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	<-ctx.Done()
	return nil
}
