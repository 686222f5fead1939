// Package config loads the BFF's settings from the environment, in one place, with defaults that
// make `make run` work on a fresh machine.
package config

import (
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Upstream names one legacy system the BFF calls.
type Upstream string

// The legacy systems, in the order they are listed at start-up.
const (
	Content Upstream = "content"
	CRM     Upstream = "crm"
	ITR     Upstream = "itr"
	VM      Upstream = "vm"
	Account Upstream = "account"
	OCR     Upstream = "ocr"
)

// Upstreams lists every legacy system.
var Upstreams = []Upstream{Content, CRM, ITR, VM, Account, OCR}

// EnvVar is the environment variable that holds the base URL of u, e.g. CONTENT_URL.
func (u Upstream) EnvVar() string { return strings.ToUpper(string(u)) + "_URL" }

// Config is every setting of the BFF. The zero value is not useful; use Load.
type Config struct {
	// Host and Port are where the site listens. Host defaults to loopback so that a developer
	// machine does not expose the site; containers set HOST=0.0.0.0.
	Host string
	Port int
	// DataDir holds local state: the durable outbox and, for the embedded mocks, their data.
	DataDir string
	// WebDir is the built web app (index.html and assets) served on every non-API path.
	WebDir string
	// UpstreamURLs holds the base URL of each legacy system. A system without a URL is served by
	// its embedded mock on a loopback port.
	UpstreamURLs map[Upstream]*url.URL
	// Timeout bounds every upstream call; LongTimeout bounds the virtual-machine apply and switch.
	Timeout     time.Duration
	LongTimeout time.Duration
	// LogLevel is debug, info, warn or error. LogJSON switches logs from text to JSON lines.
	LogLevel string
	LogJSON  bool
}

// Addr is the listen address.
func (c Config) Addr() string { return fmt.Sprintf("%s:%d", c.Host, c.Port) }

// Embedded lists the systems that have no URL and so run as embedded mocks.
func (c Config) Embedded() []Upstream {
	var out []Upstream
	for _, u := range Upstreams {
		if c.UpstreamURLs[u] == nil {
			out = append(out, u)
		}
	}
	return out
}

// setting describes one environment variable, for loading and for --help.
type setting struct {
	name, def, help string
}

var settings = []setting{
	{"HOST", "127.0.0.1", "interface to listen on"},
	{"PORT", "8080", "port to listen on"},
	{"DATA_DIR", ".data", "directory for local state (outbox, embedded mocks' data)"},
	{"WEB_DIR", "web/dist", "built web app to serve"},
	{"UPSTREAM_TIMEOUT", "10s", "time-out of upstream calls"},
	{"UPSTREAM_LONG_TIMEOUT", "60s", "time-out of virtual-machine apply and switch"},
	{"LOG_LEVEL", "info", "debug, info, warn or error"},
	{"LOG_JSON", "false", "log JSON lines instead of text"},
}

// Usage writes the settings and their defaults.
func Usage(w io.Writer) {
	fmt.Fprintln(w, "The website's backend-for-frontend. Settings come from the environment:")
	for _, s := range settings {
		fmt.Fprintf(w, "  %-22s %s (default %q)\n", s.name, s.help, s.def)
	}
	for _, u := range Upstreams {
		fmt.Fprintf(w, "  %-22s base URL of the %s system (default: embedded mock)\n", u.EnvVar(), u)
	}
}

// Load reads the configuration through getenv and reports every invalid setting at once.
func Load(getenv func(string) string) (Config, error) {
	get := func(name string) string {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v
		}
		for _, s := range settings {
			if s.name == name {
				return s.def
			}
		}
		return ""
	}
	var errs []error
	c := Config{
		Host:         get("HOST"),
		DataDir:      get("DATA_DIR"),
		WebDir:       get("WEB_DIR"),
		LogLevel:     strings.ToLower(get("LOG_LEVEL")),
		UpstreamURLs: map[Upstream]*url.URL{},
	}
	port, err := strconv.Atoi(get("PORT"))
	if err != nil || port < 0 || port > 65535 {
		errs = append(errs, fmt.Errorf("PORT %q: want a port number", get("PORT")))
	}
	c.Port = port
	if c.Timeout, err = time.ParseDuration(get("UPSTREAM_TIMEOUT")); err != nil || c.Timeout <= 0 {
		errs = append(errs, fmt.Errorf("UPSTREAM_TIMEOUT %q: want a positive duration such as 10s", get("UPSTREAM_TIMEOUT")))
	}
	if c.LongTimeout, err = time.ParseDuration(get("UPSTREAM_LONG_TIMEOUT")); err != nil || c.LongTimeout <= 0 {
		errs = append(errs, fmt.Errorf("UPSTREAM_LONG_TIMEOUT %q: want a positive duration such as 60s", get("UPSTREAM_LONG_TIMEOUT")))
	}
	if c.LogJSON, err = strconv.ParseBool(get("LOG_JSON")); err != nil {
		errs = append(errs, fmt.Errorf("LOG_JSON %q: want true or false", get("LOG_JSON")))
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		errs = append(errs, fmt.Errorf("LOG_LEVEL %q: want debug, info, warn or error", c.LogLevel))
	}
	for _, u := range Upstreams {
		raw := strings.TrimSpace(getenv(u.EnvVar()))
		if raw == "" {
			continue
		}
		parsed, err := url.Parse(raw)
		if err != nil || (parsed.Scheme != "http" && parsed.Scheme != "https") || parsed.Host == "" {
			errs = append(errs, fmt.Errorf("%s %q: want an absolute http(s) URL", u.EnvVar(), raw))
			continue
		}
		c.UpstreamURLs[u] = parsed
	}
	return c, errors.Join(errs...)
}

// String lists the settings for the start-up log. URLs are printed without user information so
// that credentials in them never reach a log.
func (c Config) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "addr=%s data_dir=%s web_dir=%s timeout=%s long_timeout=%s log_level=%s",
		c.Addr(), c.DataDir, c.WebDir, c.Timeout, c.LongTimeout, c.LogLevel)
	for _, u := range Upstreams {
		if p := c.UpstreamURLs[u]; p != nil {
			safe := *p
			safe.User = nil
			fmt.Fprintf(&b, " %s=%s", u, safe.String())
		} else {
			fmt.Fprintf(&b, " %s=embedded", u)
		}
	}
	return b.String()
}
