// Package config loads the BFF's settings from the environment, in one place, with defaults that
// make `make run` work on a fresh machine. Load serves the development binary (bff-dev), which
// runs stand-ins for the systems without a URL; LoadProduction serves the production binary
// (bff), which refuses to start without every upstream's URL and the settings of
// requiredInProduction.
package config

import (
	"errors"
	"fmt"
	"io"
	"math"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/jakarobotics/website/bff/internal/leads"
	"github.com/jakarobotics/website/bff/internal/pages"
	"github.com/jakarobotics/website/bff/internal/preview"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
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
	// AdminHost and AdminPort are where /metrics, /readyz and /healthz are served, apart from the
	// site: loopback by default, so that what the metrics tell (routes, upstream failures, the
	// outbox's depth) stays with the operators. AdminPort defaults to Port+1000 (0, a free port,
	// when Port is 0), so that several sites on one machine do not collide.
	AdminHost string
	AdminPort int
	// DataDir holds local state: the durable outbox and, for the embedded mocks, their data.
	DataDir string
	// WebDir is the built web app (index.html and assets) served on every non-API path.
	WebDir string
	// UpstreamURLs holds the base URL of each legacy system. In the development binary a system
	// without a URL is served by its embedded mock on a loopback port; the production binary
	// refuses to start without every one.
	UpstreamURLs map[Upstream]*url.URL
	// MockBasePort (development binary only), when not 0, puts the embedded mocks on fixed loopback ports, one per system
	// in the order of Upstreams (content at MockBasePort, crm at MockBasePort+1, …), so that
	// browser tests and developers can reach their /__admin endpoints. 0 picks free ports.
	MockBasePort int
	// Timeout bounds every upstream call; LongTimeout bounds the virtual-machine apply and switch.
	Timeout     time.Duration
	LongTimeout time.Duration
	// Breaker says when a legacy system counts as down (its calls then fail at once) and how it
	// is tried again; Off leaves every call to its time-out.
	Breaker Breaker
	// OutboxRetryMin and OutboxRetryMax bound the back-off of the outbox's deliveries of leads
	// and form records to the CRM (doubling from min to max, with jitter); OutboxWorkers is how
	// many deliveries run at once.
	OutboxRetryMin time.Duration
	OutboxRetryMax time.Duration
	OutboxWorkers  int
	// LogLevel is debug, info, warn or error. LogJSON switches logs from text to JSON lines.
	LogLevel string
	LogJSON  bool
	// AccessLogFilesEvery logs one in that many successful answers of the web app's files (1:
	// every one); pages, API answers and failures are always logged.
	AccessLogFilesEvery int
	// CacheMaxBytes bounds the content cache: the answers' bodies, gzip bodies and keys, and a
	// fixed overhead per answer. When it is full the least useful answers make room.
	CacheMaxBytes int64
	// TokenCacheTTL is how long a session token's check is remembered; 0 turns the cache off.
	TokenCacheTTL time.Duration
	// SiteOrigins are the site's public origins, where third-party logins may come back to.
	// Required when Host is not a loopback address; empty on a developer machine means the host
	// each request was sent to, if that is a loopback host.
	SiteOrigins []string
	// Limits are the abuse limits (account operations, certificate and company lookups) and
	// the trusted proxies.
	Limits ratelimit.Limits
	// UploadImageMaxBytes and UploadVideoMaxBytes bound a photo and a video of a repair report;
	// UploadTimeout bounds one upload (a large video on a slow line takes minutes).
	UploadImageMaxBytes int64
	UploadVideoMaxBytes int64
	UploadTimeout       time.Duration
	// BodyTimeout bounds the arrival of a request body, whole; an upload instead must keep up
	// UploadMinRate bytes a second, averaged over UploadRateWindow (after a first window of
	// grace). Slower bodies are cut off (408) rather than hold a connection.
	BodyTimeout      time.Duration
	UploadMinRate    int64
	UploadRateWindow time.Duration
	// HSTSMaxAge, when positive, is sent as Strict-Transport-Security: for a site served over
	// TLS only, as browsers then refuse plain HTTP to it for that long.
	HSTSMaxAge time.Duration
	// UploadURLSecret signs the site's links to personal files (preview links of uploaded files,
	// links to documents that need login); required in production. Empty (development only)
	// uses a random key per process: links then stop working at a restart, and BFFs behind one
	// site disagree.
	UploadURLSecret string
	// DownloadLinkTTL is how long a link to a document that needs login works.
	DownloadLinkTTL time.Duration
	// PreviewSecret is the secret the CMS signs editors' preview tokens with (PREVIEW_SECRET),
	// which the BFF checks before it asks the CMS for drafts; required in production. Empty
	// (development only) turns previews off, unless bff-dev gives its embedded CMS and the BFF
	// a random one.
	PreviewSecret string
	// PreviewLimits bound the uncached preview reads per client address and per editor.
	PreviewLimits preview.Limits
	// LeadLimits bound the accepted leads, form records and repair reports per client address
	// and per e-mail address (or account).
	LeadLimits leads.Limits
	// LeadChallengeSecret signs the proof-of-work puzzles that leads carry solved; required in
	// production, the same on every replica. Empty (development only) uses a random key per
	// process.
	LeadChallengeSecret string
	// CMSWebhookSecret is the secret the CMS signs its change webhook with (CMS_WEBHOOK_SECRET,
	// package publish); required in production, the same on every replica. Empty (development
	// only) takes the CMS stand-in's fixed secret, which bff-dev fills in.
	CMSWebhookSecret string
	// PageLimits bound the renders of made-up pages (not found, with a query) per client address.
	PageLimits pages.Limits
	// RendererURL is the base URL of the page renderer, which renders the site's pages on the
	// server (RENDERER_URL). RendererOff (RENDERER_URL=off) serves the client-rendered app
	// only. Neither is a development start, where bff-dev runs the renderer itself; the
	// production binary refuses to start without one of them.
	RendererURL *url.URL
	RendererOff bool
	// RendererTimeout bounds one render; a slower page is served client-rendered instead.
	RendererTimeout time.Duration
	// CrawlerTimeout is how long a crawler waits for a page to be rendered (pages.Options).
	CrawlerTimeout time.Duration
	// WarmupRate is how many pages a second the warm-up renders after a start and after a
	// publish (pages.Warmer); 0 turns the warm-up off.
	WarmupRate float64
	// PageCacheTTL is how long a rendered page stays fresh for visitors without a session;
	// PageCacheMaxBytes bounds the cache of rendered pages, counted as the content cache is.
	PageCacheTTL      time.Duration
	PageCacheMaxBytes int64
	// RedisURL is the Redis that the replicas behind one site share (REDIS_URL, redis:// or
	// rediss://, read by redis.ParseURL): rate limits, token checks, login states, trial
	// locks. Empty keeps that state in the process: right for one replica only.
	RedisURL string
	// RedisPrefix begins the name of every key the BFF writes in Redis, so that sites (or
	// staging and production) can share one Redis.
	RedisPrefix string
	// Images are the settings of the variants of the CMS's pictures (images.go).
	Images Images
}

// MinPreviewSecretBytes is the shortest PREVIEW_SECRET accepted, also in development.
const MinPreviewSecretBytes = secretMinLen

// Addr is the listen address.
func (c Config) Addr() string { return fmt.Sprintf("%s:%d", c.Host, c.Port) }

// AdminAddr is the listen address of the admin endpoints.
func (c Config) AdminAddr() string { return fmt.Sprintf("%s:%d", c.AdminHost, c.AdminPort) }

// MockAddr is the loopback address of the embedded mock of u.
func (c Config) MockAddr(u Upstream) string {
	if c.MockBasePort == 0 {
		return "127.0.0.1:0"
	}
	for i, x := range Upstreams {
		if x == u {
			return fmt.Sprintf("127.0.0.1:%d", c.MockBasePort+i)
		}
	}
	return "127.0.0.1:0"
}

// Embedded lists the systems that have no URL and so run as embedded mocks in the development
// binary.
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
	{"ADMIN_HOST", "127.0.0.1", "interface of the admin listener (/metrics, /readyz, /healthz)"},
	{"ADMIN_PORT", "", "port of the admin listener; empty: PORT+1000, or a free port when PORT is 0"},
	{"DATA_DIR", ".data", "directory for local state (outbox, embedded mocks' data)"},
	{"WEB_DIR", "web/dist", "built web app to serve"},
	{"UPSTREAM_TIMEOUT", "10s", "time-out of upstream calls"},
	{"UPSTREAM_LONG_TIMEOUT", "60s", "time-out of virtual-machine apply and switch"},
	{"UPSTREAM_BREAKER", "failures=5,open=10s,trials=3", "a legacy system's calls fail at once after that many failures in a row, for that long, then that many trial calls decide (failures=N,open=D,trials=N; off)"},
	{"OUTBOX_RETRY_MIN", "1s", "first retry delay of queued leads (doubles per failure)"},
	{"OUTBOX_RETRY_MAX", "5m", "longest retry delay of queued leads"},
	{"OUTBOX_WORKERS", "4", "deliveries of queued leads at once"},
	{"LOG_LEVEL", "info", "debug, info, warn or error"},
	{"LOG_JSON", "false", "log JSON lines instead of text"},
	{"ACCESS_LOG_FILES_EVERY", "1", "access log: one line in that many successful answers of the web app's files (pages, API answers and failures: every one; LOG_LEVEL=warn turns the access log off)"},
	{"MOCK_BASE_PORT", "0", "bff-dev: first of the fixed loopback ports of the embedded mocks (0: free ports)"},
	{"CACHE_MAX_BYTES", "268435456", "bound of the content cache in bytes (answers, their gzip and keys; 1 MiB to 64 GiB)"},
	{"TOKEN_CACHE_TTL", "30s", "how long a token check is remembered (0 turns the cache off)"},
	{"LIMIT_CODE_PER_TARGET", "1/60s,10/24h", "verification codes per phone or e-mail (count/window,…; off)"},
	{"LIMIT_CODE_PER_IP", "20/1h", "verification codes per client address (count/window,…; off)"},
	{"LIMIT_LOGIN_FAILURES_PER_ACCOUNT_IP", "free=5,delay=1s..15m,window=24h", "failed logins and code checks of one account from one client address: free ones, then growing delays (free=N,delay=BASE..MAX,window=W; off)"},
	{"LIMIT_LOGIN_FAILURES_PER_IP", "free=10,delay=1s..15m,window=1h", "failed logins and code checks from one client address, any account (free=N,delay=BASE..MAX,window=W; off)"},
	{"LIMIT_LOGIN_FAILURES_PER_ACCOUNT", "free=100,delay=1s..1m,window=1h", "failed logins and code checks of one account from all addresses, a brake against botnets (free=N,delay=BASE..MAX,window=W; off)"},
	{"LIMIT_LOOKUP_PER_IP", "100/1h", "account-exists lookups per client address (count/window,…; off)"},
	{"LIMIT_CERTIFICATE_LOOKUP_PER_IP", "30/1h,100/24h", "certificate lookups and pictures per client address (count/window,…; off)"},
	{"LIMIT_CERTIFICATE_LOOKUP_PER_USER", "10/1h,30/24h", "certificate lookups and pictures per logged-in user (count/window,…; off)"},
	{"LIMIT_COMPANY_LOOKUP_PER_IP", "60/1h,300/24h", "company suggestions of the repair form per client address (count/window,…; off)"},
	{"LIMIT_COMPANY_LOOKUP_PER_USER", "30/1h,100/24h", "company suggestions of the repair form per logged-in user (count/window,…; off)"},
	{"LIMIT_VITALS_PER_IP", "60/1m", "field measurements (Core Web Vitals reports of page views) per client address (count/window,…; off)"},
	{"TRUSTED_PROXIES", "", "IPs or CIDRs of reverse proxies whose X-Forwarded-For is believed (comma-separated)"},
	{"SITE_ORIGINS", "", "public origins of the site, e.g. https://www.jaka.com (comma-separated; required unless HOST is loopback)"},
	{"UPLOAD_IMAGE_MAX_BYTES", "10485760", "largest photo of a repair report, in bytes (also for OCR)"},
	{"UPLOAD_VIDEO_MAX_BYTES", "104857600", "largest video of a repair report, in bytes"},
	{"UPLOAD_TIMEOUT", "10m", "time-out of one upload of a photo or video"},
	{"BODY_TIMEOUT", "10s", "time a request body may take to arrive whole (uploads: see UPLOAD_MIN_RATE)"},
	{"UPLOAD_MIN_RATE", "8192", "slowest pace of an upload, in bytes a second averaged over UPLOAD_RATE_WINDOW"},
	{"UPLOAD_RATE_WINDOW", "10s", "window of UPLOAD_MIN_RATE, and the grace before it applies"},
	{"UPLOAD_URL_SECRET", "", "key that signs links to personal files: upload previews, login-only documents (bff-dev: random per process when empty)"},
	{"DOWNLOAD_LINK_TTL", "10m", "how long a link to a login-only document works (up to 1h)"},
	{"PREVIEW_SECRET", "", "secret shared with the CMS that signs editors' preview tokens, at least 32 bytes (bff-dev: random per process, shared with its embedded CMS, when empty)"},
	{"LIMIT_PREVIEW_PER_IP", "300/1m", "preview reads (drafts, never cached) per client address (count/window,…; off)"},
	{"LIMIT_PREVIEW_PER_EDITOR", "300/1m", "preview reads per editor named by the preview token (count/window,…; off)"},
	{"LIMIT_LEADS_PER_IP", "30/1h,100/24h", "accepted leads, form records and repair reports per client address (count/window,…; off)"},
	{"LIMIT_LEADS_PER_EMAIL", "5/1h,10/24h", "accepted leads and form records per e-mail address, repair reports per account (count/window,…; off)"},
	{"LEAD_CHALLENGE_SECRET", "", "key that signs the proof-of-work puzzles leads carry, at least 32 bytes (bff-dev: random per process when empty)"},
	{"CMS_WEBHOOK_SECRET", "", "secret shared with the CMS, which signs its change notifications (POST /hooks/cms) with it, at least 32 bytes (bff-dev: the CMS stand-in's fixed secret when empty)"},
	{"HSTS_MAX_AGE", "0", "Strict-Transport-Security max-age for a site served over TLS only, e.g. 8760h (0: not sent)"},
	{"RENDERER_URL", "", "base URL of the page renderer, or off to serve the client-rendered app only (bff-dev: runs node web/dist-ssr/renderer.js itself when empty)"},
	{"RENDERER_TIMEOUT", "1.5s", "time a page render may take; a slower page is served client-rendered (up to 60s)"},
	{"RENDERER_CRAWLER_TIMEOUT", "15s", "time a crawler (a reader that runs no JavaScript) waits for a page render, asking again while the renderer is busy, before it gets the client-rendered app (up to 60s, at least RENDERER_TIMEOUT)"},
	{"PAGE_WARMUP_RATE", "4", "pages a second the BFF renders into the page cache in the background after a start (the sitemaps' pages, home pages first) and after a publish (the pages it dropped); 0 turns it off"},
	{"PAGE_CACHE_TTL", "60s", "how long a rendered page is fresh for visitors without a session, then served while it is rendered again (1s to 24h)"},
	{"PAGE_CACHE_MAX_BYTES", "67108864", "bound of the cache of rendered pages in bytes (pages, their gzip and keys; 1 MiB to 64 GiB); an eighth of it holds the not-found pages and the pages with a query"},
	{"LIMIT_RENDERS_PER_IP", "120/1m,1000/1h", "renders of pages that do not exist or have a query, per client address; past it, the client-rendered app (count/window,…; off)"},
	{"REDIS_URL", "", "Redis shared by the replicas of one site, redis://[user:password@]host:port/db or rediss:// for TLS: rate limits, token checks, login states, trial locks (empty: kept in this process, for one replica only)"},
	{"REDIS_PREFIX", "jaka:", "beginning of every key the BFF writes in Redis"},
}

// requirement is a setting the production binary refuses to start without.
type requirement struct {
	name string
	// minLen is the shortest value accepted: a secret that signs links must not be guessable.
	minLen int
}

// secretMinLen is the shortest secret a production start accepts (e.g. `openssl rand -hex 16`).
const secretMinLen = 32

// requiredInProduction lists the settings a production start needs beside every upstream's URL:
// the secrets that a random per-process key would make wrong (links break at a restart, replicas
// disagree). To require one more, add a line here; --help and the refusal name it.
var requiredInProduction = []requirement{
	{"UPLOAD_URL_SECRET", secretMinLen},
	{"PREVIEW_SECRET", secretMinLen},
	// A random key per process would refuse, after a restart or on another replica, the
	// puzzles that visitors' browsers have solved.
	{"LEAD_CHALLENGE_SECRET", secretMinLen},
	// Without it no change the CMS publishes could be taken at once: publishes would wait for
	// the caches' time to live, unnoticed.
	{"CMS_WEBHOOK_SECRET", secretMinLen},
	// Where the pages are rendered, or `off` for the client-rendered app: a deliberate choice,
	// never a renderer that was forgotten.
	{"RENDERER_URL", 0},
}

// requiredHelp is what --help adds to a setting a production start needs.
const requiredHelp = "; required by bff"

// Usage writes the settings and their defaults.
func Usage(w io.Writer) {
	fmt.Fprintln(w, "The website's backend-for-frontend. Settings come from the environment:")
	for _, s := range settings {
		required := ""
		for _, r := range requiredInProduction {
			if r.name == s.name {
				required = requiredHelp
			}
		}
		fmt.Fprintf(w, "  %-22s %s (default %q%s)\n", s.name, s.help, s.def, required)
	}
	for _, u := range Upstreams {
		fmt.Fprintf(w, "  %-22s base URL of the %s system (required by bff; bff-dev: embedded mock when empty)\n", u.EnvVar(), u)
	}
	fmt.Fprintln(w, "The Go runtime's own settings, with the BFF's defaults:")
	fmt.Fprintf(w, "  %-22s %s\n", "GOGC", "heap growth before a collection, in percent (default 400)")
	fmt.Fprintf(w, "  %-22s %s\n", "GOMEMLIMIT", "soft limit of the Go heap, e.g. 900MiB (default 90% of the container's memory, else of the machine's)")
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
	c.AdminHost = get("ADMIN_HOST")
	if raw := get("ADMIN_PORT"); raw != "" {
		if c.AdminPort, err = strconv.Atoi(raw); err != nil || c.AdminPort < 0 || c.AdminPort > 65535 {
			errs = append(errs, fmt.Errorf("ADMIN_PORT %q: want a port number", raw))
		}
	} else if port > 0 {
		c.AdminPort = port + 1000
		if c.AdminPort > 65535 {
			errs = append(errs, fmt.Errorf("ADMIN_PORT: PORT+1000 is not a port; set ADMIN_PORT"))
		}
	}
	if c.AdminPort != 0 && c.AdminPort == c.Port {
		errs = append(errs, fmt.Errorf("ADMIN_PORT %d: want a port other than PORT", c.AdminPort))
	}
	if c.Timeout, err = time.ParseDuration(get("UPSTREAM_TIMEOUT")); err != nil || c.Timeout <= 0 {
		errs = append(errs, fmt.Errorf("UPSTREAM_TIMEOUT %q: want a positive duration such as 10s", get("UPSTREAM_TIMEOUT")))
	}
	if c.LongTimeout, err = time.ParseDuration(get("UPSTREAM_LONG_TIMEOUT")); err != nil || c.LongTimeout <= 0 {
		errs = append(errs, fmt.Errorf("UPSTREAM_LONG_TIMEOUT %q: want a positive duration such as 60s", get("UPSTREAM_LONG_TIMEOUT")))
	}
	if c.Breaker, err = parseBreaker(get("UPSTREAM_BREAKER")); err != nil {
		errs = append(errs, fmt.Errorf("UPSTREAM_BREAKER %q: %w", get("UPSTREAM_BREAKER"), err))
	}
	if c.OutboxRetryMin, err = time.ParseDuration(get("OUTBOX_RETRY_MIN")); err != nil || c.OutboxRetryMin <= 0 {
		errs = append(errs, fmt.Errorf("OUTBOX_RETRY_MIN %q: want a positive duration such as 1s", get("OUTBOX_RETRY_MIN")))
	}
	if c.OutboxRetryMax, err = time.ParseDuration(get("OUTBOX_RETRY_MAX")); err != nil || c.OutboxRetryMax < c.OutboxRetryMin {
		errs = append(errs, fmt.Errorf("OUTBOX_RETRY_MAX %q: want a duration such as 5m, at least OUTBOX_RETRY_MIN", get("OUTBOX_RETRY_MAX")))
	}
	if c.OutboxWorkers, err = strconv.Atoi(get("OUTBOX_WORKERS")); err != nil || c.OutboxWorkers < 1 || c.OutboxWorkers > 64 {
		errs = append(errs, fmt.Errorf("OUTBOX_WORKERS %q: want a number from 1 to 64", get("OUTBOX_WORKERS")))
	}
	if c.MockBasePort, err = strconv.Atoi(get("MOCK_BASE_PORT")); err != nil || c.MockBasePort < 0 || c.MockBasePort > 65535-len(Upstreams) {
		errs = append(errs, fmt.Errorf("MOCK_BASE_PORT %q: want 0 or a port number", get("MOCK_BASE_PORT")))
	}
	if c.AccessLogFilesEvery, err = strconv.Atoi(get("ACCESS_LOG_FILES_EVERY")); err != nil || c.AccessLogFilesEvery < 1 || c.AccessLogFilesEvery > 1_000_000 {
		errs = append(errs, fmt.Errorf("ACCESS_LOG_FILES_EVERY %q: want a number from 1 to 1000000", get("ACCESS_LOG_FILES_EVERY")))
	}
	if c.LogJSON, err = strconv.ParseBool(get("LOG_JSON")); err != nil {
		errs = append(errs, fmt.Errorf("LOG_JSON %q: want true or false", get("LOG_JSON")))
	}
	if c.CacheMaxBytes, err = strconv.ParseInt(get("CACHE_MAX_BYTES"), 10, 64); err != nil || c.CacheMaxBytes < 1<<20 || c.CacheMaxBytes > 64<<30 {
		errs = append(errs, fmt.Errorf("CACHE_MAX_BYTES %q: want a number of bytes from 1 MiB (1048576) to 64 GiB", get("CACHE_MAX_BYTES")))
	}
	if c.TokenCacheTTL, err = time.ParseDuration(get("TOKEN_CACHE_TTL")); err != nil || c.TokenCacheTTL < 0 {
		errs = append(errs, fmt.Errorf("TOKEN_CACHE_TTL %q: want a duration such as 30s (0 turns the cache off)", get("TOKEN_CACHE_TTL")))
	}
	for _, l := range []struct {
		name  string
		rules *[]ratelimit.Rule
	}{
		{"LIMIT_CODE_PER_TARGET", &c.Limits.CodePerTarget},
		{"LIMIT_CODE_PER_IP", &c.Limits.CodePerIP},
		{"LIMIT_LOOKUP_PER_IP", &c.Limits.LookupPerIP},
		{"LIMIT_CERTIFICATE_LOOKUP_PER_IP", &c.Limits.CertificatePerIP},
		{"LIMIT_CERTIFICATE_LOOKUP_PER_USER", &c.Limits.CertificatePerUser},
		{"LIMIT_COMPANY_LOOKUP_PER_IP", &c.Limits.CompanyPerIP},
		{"LIMIT_COMPANY_LOOKUP_PER_USER", &c.Limits.CompanyPerUser},
		{"LIMIT_VITALS_PER_IP", &c.Limits.VitalsPerIP},
		{"LIMIT_PREVIEW_PER_IP", &c.PreviewLimits.PerIP},
		{"LIMIT_PREVIEW_PER_EDITOR", &c.PreviewLimits.PerEditor},
		{"LIMIT_LEADS_PER_IP", &c.LeadLimits.PerIP},
		{"LIMIT_LEADS_PER_EMAIL", &c.LeadLimits.PerEmail},
		{"LIMIT_RENDERS_PER_IP", &c.PageLimits.PerIP},
	} {
		if *l.rules, err = ratelimit.ParseRules(get(l.name)); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", l.name, err))
		}
	}
	for _, l := range []struct {
		name    string
		backoff *ratelimit.Backoff
	}{
		{"LIMIT_LOGIN_FAILURES_PER_ACCOUNT_IP", &c.Limits.FailuresPerAccountIP},
		{"LIMIT_LOGIN_FAILURES_PER_IP", &c.Limits.FailuresPerIP},
		{"LIMIT_LOGIN_FAILURES_PER_ACCOUNT", &c.Limits.FailuresPerAccount},
	} {
		if *l.backoff, err = ratelimit.ParseBackoff(get(l.name)); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", l.name, err))
		}
	}
	if strings.TrimSpace(getenv("LIMIT_ATTEMPTS_PER_ACCOUNT")) != "" {
		// The hard lock it set let anyone lock an owner out; refuse rather than silently ignore it.
		errs = append(errs, errors.New("LIMIT_ATTEMPTS_PER_ACCOUNT is no longer read: failed logins are throttled by "+
			"LIMIT_LOGIN_FAILURES_PER_ACCOUNT_IP, LIMIT_LOGIN_FAILURES_PER_IP and LIMIT_LOGIN_FAILURES_PER_ACCOUNT; unset it"))
	}
	if c.Limits.TrustedProxies, err = ratelimit.ParsePrefixes(get("TRUSTED_PROXIES")); err != nil {
		errs = append(errs, fmt.Errorf("TRUSTED_PROXIES: %w", err))
	}
	for _, raw := range strings.Split(get("SITE_ORIGINS"), ",") {
		if raw = strings.TrimSpace(raw); raw == "" {
			continue
		}
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
			(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
			errs = append(errs, fmt.Errorf("SITE_ORIGINS %q: want origins such as https://www.jaka.com", raw))
			continue
		}
		c.SiteOrigins = append(c.SiteOrigins, strings.ToLower(u.Scheme+"://"+u.Host))
	}
	if len(c.SiteOrigins) == 0 && !loopback(c.Host) {
		// Without its origins, a site could only take the Host header (the caller's to choose)
		// for its own address, and third-party logins would come back wherever it said.
		errs = append(errs, fmt.Errorf("SITE_ORIGINS is required when HOST %q is not a loopback address: "+
			"set the site's public origins (e.g. https://www.jaka.com), where third-party logins come back to", c.Host))
	}
	for _, u := range []struct {
		name string
		into *int64
	}{{"UPLOAD_IMAGE_MAX_BYTES", &c.UploadImageMaxBytes}, {"UPLOAD_VIDEO_MAX_BYTES", &c.UploadVideoMaxBytes}} {
		if *u.into, err = strconv.ParseInt(get(u.name), 10, 64); err != nil || *u.into < 1 || *u.into > 4<<30 {
			errs = append(errs, fmt.Errorf("%s %q: want a number of bytes from 1 to 4 GiB", u.name, get(u.name)))
		}
	}
	if c.UploadTimeout, err = time.ParseDuration(get("UPLOAD_TIMEOUT")); err != nil || c.UploadTimeout <= 0 {
		errs = append(errs, fmt.Errorf("UPLOAD_TIMEOUT %q: want a positive duration such as 10m", get("UPLOAD_TIMEOUT")))
	}
	c.UploadURLSecret = getenv("UPLOAD_URL_SECRET")
	if c.LeadChallengeSecret = strings.TrimSpace(getenv("LEAD_CHALLENGE_SECRET")); c.LeadChallengeSecret != "" && len(c.LeadChallengeSecret) < secretMinLen {
		errs = append(errs, fmt.Errorf("LEAD_CHALLENGE_SECRET: want at least %d bytes, such as `openssl rand -hex 32` gives (empty: random per process, development only)", secretMinLen))
	}
	if c.CMSWebhookSecret = strings.TrimSpace(getenv("CMS_WEBHOOK_SECRET")); c.CMSWebhookSecret != "" && len(c.CMSWebhookSecret) < secretMinLen {
		errs = append(errs, fmt.Errorf("CMS_WEBHOOK_SECRET: want at least %d bytes, such as `openssl rand -hex 32` gives, the same as the CMS's (empty: the CMS stand-in's, development only)", secretMinLen))
	}
	if c.PreviewSecret = getenv("PREVIEW_SECRET"); c.PreviewSecret != "" && len(c.PreviewSecret) < MinPreviewSecretBytes {
		errs = append(errs, fmt.Errorf("PREVIEW_SECRET: want at least %d bytes, such as `openssl rand -base64 32` gives (empty turns previews off)", MinPreviewSecretBytes))
	}
	if c.BodyTimeout, err = time.ParseDuration(get("BODY_TIMEOUT")); err != nil || c.BodyTimeout <= 0 {
		errs = append(errs, fmt.Errorf("BODY_TIMEOUT %q: want a positive duration such as 10s", get("BODY_TIMEOUT")))
	}
	if c.UploadMinRate, err = strconv.ParseInt(get("UPLOAD_MIN_RATE"), 10, 64); err != nil || c.UploadMinRate < 1 {
		errs = append(errs, fmt.Errorf("UPLOAD_MIN_RATE %q: want a number of bytes a second, at least 1", get("UPLOAD_MIN_RATE")))
	}
	if c.UploadRateWindow, err = time.ParseDuration(get("UPLOAD_RATE_WINDOW")); err != nil || c.UploadRateWindow < time.Second {
		errs = append(errs, fmt.Errorf("UPLOAD_RATE_WINDOW %q: want a duration of at least 1s, such as 10s", get("UPLOAD_RATE_WINDOW")))
	}
	if c.HSTSMaxAge, err = time.ParseDuration(get("HSTS_MAX_AGE")); err != nil || c.HSTSMaxAge < 0 {
		errs = append(errs, fmt.Errorf("HSTS_MAX_AGE %q: want a duration such as 8760h (0: no HSTS)", get("HSTS_MAX_AGE")))
	}
	if c.DownloadLinkTTL, err = time.ParseDuration(get("DOWNLOAD_LINK_TTL")); err != nil || c.DownloadLinkTTL <= 0 || c.DownloadLinkTTL > time.Hour {
		errs = append(errs, fmt.Errorf("DOWNLOAD_LINK_TTL %q: want a duration from 1s to 1h, such as 10m", get("DOWNLOAD_LINK_TTL")))
	}
	switch raw := strings.TrimSpace(getenv("RENDERER_URL")); {
	case raw == "":
	case strings.EqualFold(raw, "off"):
		c.RendererOff = true
	default:
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
			errs = append(errs, fmt.Errorf("RENDERER_URL %q: want an absolute http(s) URL such as http://127.0.0.1:9300, or off", raw))
		} else {
			c.RendererURL = u
		}
	}
	if c.RendererTimeout, err = time.ParseDuration(get("RENDERER_TIMEOUT")); err != nil || c.RendererTimeout <= 0 || c.RendererTimeout > time.Minute {
		errs = append(errs, fmt.Errorf("RENDERER_TIMEOUT %q: want a duration from 1ms to 60s, such as 1.5s", get("RENDERER_TIMEOUT")))
	}
	if c.CrawlerTimeout, err = time.ParseDuration(get("RENDERER_CRAWLER_TIMEOUT")); err != nil || c.CrawlerTimeout > time.Minute || (c.RendererTimeout > 0 && c.CrawlerTimeout < c.RendererTimeout) {
		errs = append(errs, fmt.Errorf("RENDERER_CRAWLER_TIMEOUT %q: want a duration from RENDERER_TIMEOUT to 60s, such as 15s", get("RENDERER_CRAWLER_TIMEOUT")))
	}
	if c.WarmupRate, err = strconv.ParseFloat(get("PAGE_WARMUP_RATE"), 64); err != nil || c.WarmupRate < 0 || c.WarmupRate > 1000 || math.IsNaN(c.WarmupRate) {
		errs = append(errs, fmt.Errorf("PAGE_WARMUP_RATE %q: want pages a second from 0 (off) to 1000, such as 4", get("PAGE_WARMUP_RATE")))
	}
	if c.PageCacheTTL, err = time.ParseDuration(get("PAGE_CACHE_TTL")); err != nil || c.PageCacheTTL < time.Second || c.PageCacheTTL > 24*time.Hour {
		errs = append(errs, fmt.Errorf("PAGE_CACHE_TTL %q: want a duration from 1s to 24h, such as 60s", get("PAGE_CACHE_TTL")))
	}
	if c.PageCacheMaxBytes, err = strconv.ParseInt(get("PAGE_CACHE_MAX_BYTES"), 10, 64); err != nil || c.PageCacheMaxBytes < 1<<20 || c.PageCacheMaxBytes > 64<<30 {
		errs = append(errs, fmt.Errorf("PAGE_CACHE_MAX_BYTES %q: want a number of bytes from 1 MiB (1048576) to 64 GiB", get("PAGE_CACHE_MAX_BYTES")))
	}
	if c.RedisURL = strings.TrimSpace(getenv("REDIS_URL")); c.RedisURL != "" {
		// ParseURL's errors may quote the URL, and with it the password: name the setting only.
		if u, err := url.Parse(c.RedisURL); err != nil || (u.Scheme != "redis" && u.Scheme != "rediss") || u.Host == "" {
			errs = append(errs, errors.New("REDIS_URL: want redis://[user:password@]host:port/db, or rediss:// for TLS"))
		} else if _, err := redis.ParseURL(c.RedisURL); err != nil {
			errs = append(errs, fmt.Errorf("REDIS_URL: %s", redactedRedisError(err, u)))
		}
	}
	c.Images, errs = loadImages(get, errs)
	c.RedisPrefix = get("REDIS_PREFIX")
	if strings.ContainsAny(c.RedisPrefix, " \t\r\n") {
		errs = append(errs, fmt.Errorf("REDIS_PREFIX %q: want a prefix without spaces, such as \"jaka:\"", c.RedisPrefix))
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

// LoadProduction is Load for the production binary, which runs no stand-ins: beside the checks
// of Load it refuses a start without every upstream's URL and the settings of
// requiredInProduction, naming every missing one in one error, so that a forgotten CRM_URL is
// found at the first start rather than by a lost lead.
func LoadProduction(getenv func(string) string) (Config, error) {
	c, err := Load(getenv)
	errs := []error{err}
	var missing []string
	for _, u := range Upstreams {
		if strings.TrimSpace(getenv(u.EnvVar())) == "" {
			missing = append(missing, u.EnvVar())
		}
	}
	for _, r := range requiredInProduction {
		switch v := strings.TrimSpace(getenv(r.name)); {
		case v == "":
			missing = append(missing, r.name)
		case len(v) < r.minLen:
			errs = append(errs, fmt.Errorf("%s: want at least %d random characters", r.name, r.minLen))
		}
	}
	if len(missing) > 0 {
		errs = append(errs, fmt.Errorf("a production start needs %s (bff --help says what each is; "+
			"bff-dev runs stand-ins and random secrets for development)", strings.Join(missing, ", ")))
	}
	return c, errors.Join(errs...)
}

// String lists the settings for the start-up log. URLs are printed without user information so
// that credentials in them never reach a log.
func (c Config) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "addr=%s admin_addr=%s data_dir=%s web_dir=%s timeout=%s long_timeout=%s breaker=%s log_level=%s",
		c.Addr(), c.AdminAddr(), c.DataDir, c.WebDir, c.Timeout, c.LongTimeout, c.Breaker, c.LogLevel)
	fmt.Fprintf(&b, " outbox_retry=%s..%s outbox_workers=%d", c.OutboxRetryMin, c.OutboxRetryMax, c.OutboxWorkers)
	fmt.Fprintf(&b, " cache_max_bytes=%d token_cache_ttl=%s %s site_origins=%q", c.CacheMaxBytes, c.TokenCacheTTL, c.Limits, strings.Join(c.SiteOrigins, ","))
	secret := "random"
	if c.UploadURLSecret != "" {
		secret = "set" // never printed
	}
	fmt.Fprintf(&b, " upload_max=%d/%d upload_timeout=%s upload_url_key=%s", c.UploadImageMaxBytes, c.UploadVideoMaxBytes, c.UploadTimeout, secret)
	fmt.Fprintf(&b, " body_timeout=%s upload_min_rate=%d/%s hsts_max_age=%s", c.BodyTimeout, c.UploadMinRate, c.UploadRateWindow, c.HSTSMaxAge)
	fmt.Fprintf(&b, " download_link_ttl=%s", c.DownloadLinkTTL)
	previewSecret := "unset"
	if c.PreviewSecret != "" {
		previewSecret = "set" // never printed
	}
	fmt.Fprintf(&b, " preview_key=%s %s %s", previewSecret, c.PreviewLimits, c.PageLimits)
	leadKey := "random"
	if c.LeadChallengeSecret != "" {
		leadKey = "set" // never printed
	}
	fmt.Fprintf(&b, " %s lead_challenge_key=%s", c.LeadLimits, leadKey)
	webhookKey := "unset"
	if c.CMSWebhookSecret != "" {
		webhookKey = "set" // never printed
	}
	fmt.Fprintf(&b, " cms_webhook_key=%s", webhookKey)
	renderer := "started by bff-dev"
	switch {
	case c.RendererOff:
		renderer = "off"
	case c.RendererURL != nil:
		safe := *c.RendererURL
		safe.User = nil
		renderer = safe.String()
	}
	fmt.Fprintf(&b, " renderer=%s renderer_timeout=%s renderer_crawler_timeout=%s page_warmup_rate=%g page_cache_ttl=%s page_cache_max_bytes=%d", renderer, c.RendererTimeout, c.CrawlerTimeout, c.WarmupRate, c.PageCacheTTL, c.PageCacheMaxBytes)
	redisState := "per-process"
	if c.RedisURL != "" {
		redisState = redactedURL(c.RedisURL)
	}
	fmt.Fprintf(&b, " redis=%s redis_prefix=%q %s", redisState, c.RedisPrefix, c.Images)
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

// loopback reports whether host (HOST) is a loopback address or localhost: a listener only this
// machine can reach. An empty host listens on every interface.
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(strings.Trim(host, "[]"))
	return err == nil && ip.IsLoopback()
}

// redactedURL is raw with its password replaced by xxxxx, for logs.
func redactedURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unreadable)"
	}
	return u.Redacted()
}

// redactedRedisError is err's text without the URL's password, should the client library
// quote it.
func redactedRedisError(err error, u *url.URL) string {
	msg := err.Error()
	if pw, ok := u.User.Password(); ok && pw != "" {
		msg = strings.ReplaceAll(msg, pw, "xxxxx")
	}
	return msg
}
