// Command bff is the website's backend-for-frontend as it runs in production: it serves the web
// app and the /prod-api surface, calling the legacy systems at the URLs it is given, and the
// metrics and probes on the admin port. It refuses to start without every system's URL and its
// secrets (see --help). It holds no stand-in for any system and no demo data: those are in
// bff-dev, the development binary.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/jakarobotics/website/bff/internal/app"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bff:", err)
		os.Exit(1)
	}
}

// run is the production start: no stand-ins.
func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	return app.Run(ctx, args, getenv, stdout, nil)
}
