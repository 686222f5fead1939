package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jakarobotics/website/bff/internal/config"
)

// rendererLine is the line the page renderer prints when it listens, followed by its URL.
const rendererLine = "The renderer is at "

// rendererStartTimeout bounds the renderer's start, from the process to its line.
const rendererStartTimeout = 20 * time.Second

// rendererEnv are the variables of bff-dev's environment that the renderer gets beside its own
// settings: what node needs to run, how many pages it renders at once (its workers, pages per
// worker and queue: web/server/renderer.ts), where traces go (the renderer names itself in them),
// and nothing of the BFF's secrets.
var rendererEnv = []string{
	"PATH", "HOME", "TMPDIR", "TZ", "LANG", "NODE_OPTIONS", "NODE_EXTRA_CA_CERTS",
	"RENDERER_WORKERS", "RENDERER_CONCURRENCY", "RENDERER_MAX_QUEUE",
	"OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_HEADERS",
	"OTEL_TRACES_SAMPLER", "OTEL_TRACES_SAMPLER_ARG",
}

// vitalsSampleRate is the renderer's setting of the share of page views that measure their Core
// Web Vitals (web/src/lib/vitals-sampling.ts).
const vitalsSampleRate = "VITALS_SAMPLE_RATE"

// rendererScript is the renderer's build beside the client build in WEB_DIR:
// web/dist-ssr/renderer.js for web/dist, so that another build tested side by side brings its own.
func rendererScript(webDir string) string {
	return filepath.Join(filepath.Dir(filepath.Clean(webDir)), "dist-ssr", "renderer.js")
}

// startRenderer runs the page renderer as a child process (node web/dist-ssr/renderer.js), as
// `make run` and the browser tests need it, and points the BFF at it. It reads content from
// the site, which already listens on cfg.Port. Without node or without the renderer's build it
// warns and leaves the pages client-rendered. stop ends the renderer; it also ends when
// bff-dev dies (see setParentDeathSignal).
func startRenderer(cfg *config.Config, log *slog.Logger) (stop func(), err error) {
	noop := func() {}
	node, err := lookNode()
	if err != nil {
		log.Warn("node is not installed: pages are served client-rendered, without the page renderer")
		return noop, nil
	}
	script, err := filepath.Abs(rendererScript(cfg.WebDir))
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(script); err != nil {
		log.Warn("the page renderer is not built (npm run build -w web): pages are served client-rendered", "script", script)
		return noop, nil
	}
	webDir, err := filepath.Abs(cfg.WebDir)
	if err != nil {
		return nil, err
	}
	env := []string{
		"RENDERER_HOST=127.0.0.1",
		"RENDERER_PORT=0",
		"RENDERER_API_URL=http://" + net.JoinHostPort(siteHost(cfg.Host), strconv.Itoa(cfg.Port)),
		"WEB_DIR=" + webDir,
	}
	for _, name := range rendererEnv {
		if v, ok := os.LookupEnv(name); ok {
			env = append(env, name+"="+v)
		}
	}
	// Development and the browser journeys measure the Core Web Vitals of every page view; the
	// renderer's own default is a sample. bff-dev's VITALS_SAMPLE_RATE, when set, is passed on.
	if v, ok := os.LookupEnv(vitalsSampleRate); ok {
		env = append(env, vitalsSampleRate+"="+v)
	} else {
		env = append(env, vitalsSampleRate+"=1")
	}

	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, node, script)
	cmd.Env = env
	cmd.Dir = filepath.Dir(script)
	// Stopped gently, then for good if it lingers.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 5 * time.Second
	setParentDeathSignal(cmd)
	cmd.Stderr = &lineLogger{log: log, level: slog.LevelWarn}
	out, err := cmd.StdoutPipe()
	if err != nil {
		cancel()
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		cancel()
		log.Warn("the page renderer did not start: pages are served client-rendered", "err", err)
		return noop, nil
	}

	// The renderer's output goes to the log; its first line of the kind names its URL. Wait is
	// called once the output is read to its end, as exec requires.
	announced := make(chan string, 1)
	done := make(chan struct{})
	var stopping atomic.Bool
	go func() {
		defer close(done)
		lines := bufio.NewScanner(out)
		found := false
		for lines.Scan() {
			if addr, ok := strings.CutPrefix(lines.Text(), rendererLine); ok && !found {
				found = true
				announced <- strings.TrimSpace(addr)
				continue
			}
			log.Info("page renderer", "out", lines.Text())
		}
		_, _ = io.Copy(io.Discard, out)
		err := cmd.Wait()
		if !found {
			close(announced)
		}
		if !stopping.Load() {
			log.Warn("the page renderer stopped: pages are served client-rendered until bff-dev restarts", "err", err)
		}
	}()
	stop = func() {
		stopping.Store(true)
		cancel()
		<-done
	}

	timer := time.NewTimer(rendererStartTimeout)
	defer timer.Stop()
	var addr string
	select {
	case a, ok := <-announced:
		if !ok {
			stop()
			log.Warn("the page renderer ended without saying where it listens: pages are served client-rendered")
			return noop, nil
		}
		addr = a
	case <-timer.C:
		stop()
		log.Warn("the page renderer did not say where it listens in time: pages are served client-rendered",
			"waited", rendererStartTimeout)
		return noop, nil
	}
	u, err := url.Parse(addr)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		stop()
		return nil, fmt.Errorf("the page renderer says it is at %q, which is no URL", addr)
	}
	cfg.RendererURL = u
	log.Info("page renderer", "url", u.String(), "pid", cmd.Process.Pid, "script", script)
	return stop, nil
}

// lookNode finds node on the PATH.
func lookNode() (string, error) { return exec.LookPath("node") }

// siteHost is the address the renderer reaches the site at: loopback when the site listens on
// every interface.
func siteHost(host string) string {
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		return "127.0.0.1"
	}
	return host
}

// lineLogger logs what a child process writes, line by line.
type lineLogger struct {
	log   *slog.Logger
	level slog.Level
	rest  []byte
}

func (l *lineLogger) Write(p []byte) (int, error) {
	l.rest = append(l.rest, p...)
	for {
		i := bytes.IndexByte(l.rest, '\n')
		if i < 0 {
			break
		}
		l.log.Log(context.Background(), l.level, "page renderer", "err", string(l.rest[:i]))
		l.rest = l.rest[i+1:]
	}
	return len(p), nil
}
