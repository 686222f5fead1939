//go:build scale && linux

package scaletest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jakarobotics/website/bff/internal/leads"
	"github.com/jakarobotics/website/bff/internal/redistest"
)

// The settings the scenarios depend on, given to every replica.
const (
	// codeLimit is LIMIT_CODE_PER_TARGET's count: verification codes per phone in an hour.
	codeLimit = 3
	// replicas is how many bin/bff run behind nginx.
	replicas = 3
	// redisPrefix is REDIS_PREFIX: every key the replicas write begins with it.
	redisPrefix = "scale:"
)

// startTimeout bounds the start of each process: until it answers its readiness check.
const startTimeout = 20 * time.Second

// cluster is the site as production runs it, without containers: Redis with its append-only
// file, the stand-ins of the legacy systems in one process, three production BFFs sharing Redis,
// and nginx round robin in front of them.
type cluster struct {
	root     string            // the repository
	dir      string            // the test's temporary directory
	redis    *redistest.Server // shared by the replicas
	legacy   map[string]string // system (content, crm, …) → base URL of its stand-in
	replicas []*replica
	nginx    *process
	// renderer renders the replicas' pages, and counts the renders.
	renderer *pageRenderer
	// base is the site's address through nginx, http://127.0.0.1:port.
	base   string
	client *http.Client
	// byAddr names a replica by its site address (nginx's $upstream_addr).
	byAddr map[string]string
}

// replica is one bin/bff.
type replica struct {
	name  string // bff-1 …
	addr  string // its site's host:port
	admin string // its admin listener's host:port
	proc  *process
}

// process is a child process of the test, with its output in a log file.
type process struct {
	name    string
	cmd     *exec.Cmd
	logPath string
	exited  chan struct{} // closed when it has exited
	once    sync.Once
}

// startCluster starts everything, waits until each part answers, and stops everything when t
// ends.
func startCluster(t *testing.T) *cluster {
	t.Helper()
	started := time.Now()
	c := &cluster{
		root:   repoRoot(t),
		dir:    t.TempDir(),
		legacy: map[string]string{},
		byAddr: map[string]string{},
		client: &http.Client{
			Timeout:   30 * time.Second,
			Transport: &http.Transport{MaxIdleConnsPerHost: 128},
			// Redirects are answers to check, not to follow.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
	}
	bff := binary(t, c.root, "SCALE_BFF_BIN", "bin/bff")
	legacy := binary(t, c.root, "SCALE_LEGACY_BIN", "bin/legacy")
	webDir := filepath.Join(c.root, "web", "dist")
	if _, err := os.Stat(filepath.Join(webDir, "index.html")); err != nil {
		t.Fatalf("the built web app is missing (%v): run make build", err)
	}
	nginxBin := lookNginx(t)

	// Redis with its append-only file, fsynced every second, as docker/compose.yaml runs it:
	// Redis writes each command to the file before it answers, so a crash of its process (the
	// Kill of the Redis scenario) loses nothing it acknowledged; what everysec puts at risk is
	// the last second on a crash of the machine, which no test here makes. `always` would wait
	// for the disk on every write and test a setting production does not use.
	c.redis = redistest.StartWith(t, redistest.Options{AppendOnly: true, AppendFsync: "everysec"})

	// nginx's address is chosen first: the CMS stand-in sends its change notifications there, to
	// whichever replica nginx picks, with the secret the replicas hold.
	nginxAddr := freeAddr(t)
	webhookSecret := randomHex(t, 32)
	c.startLegacy(t, legacy, "CMS_WEBHOOK_URL=http://"+nginxAddr+"/hooks/cms", "CMS_WEBHOOK_SECRET="+webhookSecret)

	// Secrets identical on every replica, as production requires (links signed by one are
	// accepted by the others).
	uploadSecret, previewSecret, leadSecret := randomHex(t, 32), randomHex(t, 32), randomHex(t, 32)
	c.renderer = startPageRenderer(t, c)
	for i := range replicas {
		r := &replica{name: fmt.Sprintf("bff-%d", i+1), addr: freeAddr(t), admin: freeAddr(t)}
		host, port, _ := net.SplitHostPort(r.addr)
		_, adminPort, _ := net.SplitHostPort(r.admin)
		dataDir := filepath.Join(c.dir, r.name)
		env := []string{
			"HOST=" + host, "PORT=" + port, "ADMIN_HOST=127.0.0.1", "ADMIN_PORT=" + adminPort,
			"DATA_DIR=" + dataDir, "WEB_DIR=" + webDir,
			// One renderer for the fleet, which counts its renders; the pages of one site, whose
			// replicas share them in Redis. No warm-up: the scenarios count the renders they cause.
			"RENDERER_URL=" + c.renderer.URL, "SITE_ORIGINS=https://www.jaka.com", "PAGE_WARMUP_RATE=0",
			"UPLOAD_URL_SECRET=" + uploadSecret, "PREVIEW_SECRET=" + previewSecret,
			"LEAD_CHALLENGE_SECRET=" + leadSecret, "CMS_WEBHOOK_SECRET=" + webhookSecret,
			"REDIS_URL=redis://" + c.redis.Addr + "/0", "REDIS_PREFIX=" + redisPrefix,
			// Queued leads are retried quickly, so that the outbox scenario ends in seconds.
			"OUTBOX_RETRY_MIN=50ms", "OUTBOX_RETRY_MAX=500ms",
			// A small limit per phone, and none per address: every request comes from nginx's
			// address (X-Forwarded-For, believed from 127.0.0.1 only), which would otherwise
			// be the limit the scenarios hit.
			fmt.Sprintf("LIMIT_CODE_PER_TARGET=%d/1h", codeLimit), "LIMIT_CODE_PER_IP=off",
			// The leads scenario sends 500 leads of one address and e-mail on purpose.
			"LIMIT_LEADS_PER_IP=off", "LIMIT_LEADS_PER_EMAIL=off",
			"TRUSTED_PROXIES=127.0.0.1",
			"LOG_LEVEL=info",
		}
		for system, url := range c.legacy {
			env = append(env, strings.ToUpper(system)+"_URL="+url)
		}
		r.proc = startProcess(t, c.dir, r.name, bff, nil, env)
		c.replicas = append(c.replicas, r)
		c.byAddr[r.addr] = r.name
	}
	for _, r := range c.replicas {
		waitFor(t, r.name+" ready (GET /readyz on its admin port)", startTimeout, r.proc, func() error {
			return expectStatus(c.client, "http://"+r.admin+"/readyz", http.StatusOK)
		})
	}

	c.startNginx(t, nginxBin, nginxAddr)
	t.Cleanup(func() {
		if t.Failed() {
			c.dumpLogs(t)
		}
	})
	t.Logf("cluster up in %s: redis %s, stand-ins, %d replicas, nginx %s", time.Since(started).Round(time.Millisecond),
		c.redis.Addr, len(c.replicas), c.base)
	return c
}

// startLegacy starts the stand-ins, each on a free port, with env beside their preview secret,
// and learns their URLs from the lines they print (CONTENT_URL=http://…).
func (c *cluster) startLegacy(t *testing.T, bin string, env ...string) {
	t.Helper()
	stdout := &lineWriter{lines: make(chan string, 16)}
	p := startProcess(t, c.dir, "legacy", bin, []string{"-base-port", "0", "-data-dir", filepath.Join(c.dir, "legacy")},
		append([]string{"PREVIEW_SECRET=" + randomHex(t, 32)}, env...), withStdout(stdout))
	want := []string{"content", "crm", "itr", "vm", "account", "ocr"}
	deadline := time.NewTimer(startTimeout)
	defer deadline.Stop()
	for len(c.legacy) < len(want) {
		select {
		case line := <-stdout.lines:
			name, url, ok := strings.Cut(line, "_URL=")
			if ok {
				c.legacy[strings.ToLower(name)] = url
			}
		case <-p.exited:
			t.Fatalf("the stand-ins exited at start; their log:\n%s", tail(p.logPath, 30))
		case <-deadline.C:
			t.Fatalf("the stand-ins did not say where they listen within %s; their log:\n%s", startTimeout, tail(p.logPath, 30))
		}
	}
	for _, name := range want {
		if c.legacy[name] == "" {
			t.Fatalf("the stand-ins printed no URL of %s", name)
		}
	}
}

// nginxConf is the load balancer: round robin over the replicas' site ports, as
// docker/nginx.conf, with two differences that make it a measuring instrument: one process
// (master_process off: round robin is exact, so the requests of one client go to every replica
// in turn, and the process runs as the test's user and ends with it), and a GET that a replica
// answers 5xx is not tried on another (docker/nginx.conf does, which would hide a replica's
// failure from the test). Each answer says which replica gave it (X-Upstream-Addr). Everything
// nginx writes is under the test's directory.
const nginxConf = `daemon off;
master_process off;
pid {{dir}}/nginx.pid;
error_log {{dir}}/error.log warn;
events { worker_connections 2048; }
http {
    access_log off;
    client_body_temp_path {{dir}}/client_body;
    proxy_temp_path {{dir}}/proxy;
    fastcgi_temp_path {{dir}}/fastcgi;
    uwsgi_temp_path {{dir}}/uwsgi;
    scgi_temp_path {{dir}}/scgi;

    upstream bff {
{{servers}}        keepalive 32;
    }

    server {
        listen {{listen}};
        client_max_body_size 110m;

        location = /__scale/nginx { return 204; }

        location / {
            proxy_pass http://bff;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Forwarded-Host $host;
            # Only a replica that cannot be reached is skipped (and a POST only when nginx has
            # not sent it yet); a replica's own answer, 5xx included, reaches the client.
            proxy_next_upstream error timeout;
            proxy_next_upstream_tries 2;
            add_header X-Upstream-Addr $upstream_addr always;
        }
    }
}
`

func (c *cluster) startNginx(t *testing.T, bin, listen string) {
	t.Helper()
	dir := filepath.Join(c.dir, "nginx")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var servers strings.Builder
	for _, r := range c.replicas {
		// A replica that fails 3 times in 10 s is left out for 10 s, as in docker/nginx.conf.
		fmt.Fprintf(&servers, "        server %s max_fails=3 fail_timeout=10s;\n", r.addr)
	}
	conf := strings.NewReplacer("{{dir}}", dir, "{{servers}}", servers.String(), "{{listen}}", listen).Replace(nginxConf)
	confPath := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	c.nginx = startProcess(t, c.dir, "nginx", bin, []string{"-p", dir, "-c", confPath, "-e", filepath.Join(dir, "error.log")}, nil)
	c.base = "http://" + listen
	waitFor(t, "nginx answering", startTimeout, c.nginx, func() error {
		return expectStatus(c.client, c.base+"/__scale/nginx", http.StatusNoContent)
	})
}

// kill ends a replica with SIGKILL, as a machine that dies would, and waits until it has exited.
func (r *replica) kill(t *testing.T) {
	t.Helper()
	r.proc.stop(syscall.SIGKILL)
}

// dumpLogs prints the end of every process's log, for a failed test.
func (c *cluster) dumpLogs(t *testing.T) {
	procs := []*process{}
	for _, r := range c.replicas {
		procs = append(procs, r.proc)
	}
	if c.nginx != nil {
		procs = append(procs, c.nginx)
	}
	for _, p := range procs {
		t.Logf("--- last warnings and errors of %s (whole log: %s):\n%s", p.name, p.logPath, tail(p.logPath, 10, "level=INFO", "level=DEBUG"))
	}
	if c.nginx != nil {
		errLog := filepath.Join(c.dir, "nginx", "error.log")
		t.Logf("--- last lines of nginx's error log:\n%s", tail(errLog, 10))
	}
}

// answer is one answer of the site.
type answer struct {
	status  int
	header  http.Header
	body    []byte
	replica string // which replica answered (through nginx), "" when none did
}

// envelope is the /prod-api answer's envelope.
type envelope struct {
	Success  bool            `json:"success"`
	Code     int             `json:"code"`
	ErrorKey string          `json:"errorKey"`
	Data     json.RawMessage `json:"data"`
}

func (a answer) envelope(t *testing.T) envelope {
	t.Helper()
	var e envelope
	if err := json.Unmarshal(a.body, &e); err != nil {
		t.Fatalf("answer %d is not an envelope: %v: %.300s", a.status, err, a.body)
	}
	return e
}

// do sends a request to base (nginx's address or a replica's) and reads the whole answer.
// leadProof fetches a puzzle from the site and solves it: the proof of work a lead carries.
func (c *cluster) leadProof(t *testing.T) string {
	t.Helper()
	a, err := c.do("GET", c.base+"/prod-api/api/leads/challenge", nil)
	var env struct {
		Data leads.Challenge `json:"data"`
	}
	if err != nil || a.status != http.StatusOK || json.Unmarshal(a.body, &env) != nil {
		t.Fatalf("lead challenge: %v %d %.300s", err, a.status, a.body)
	}
	proof, ok := leads.Solve(env.Data)
	if !ok {
		t.Fatalf("lead challenge without a solution: %+v", env.Data)
	}
	return proof
}

func (c *cluster) do(method, url string, body any, headers ...string) (answer, error) {
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return answer{}, err
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return answer{}, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("lang", "en")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := c.client.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return answer{}, err
	}
	a := answer{status: resp.StatusCode, header: resp.Header, body: raw}
	// nginx names the replica it asked; when it had to try a second one it names both, the
	// last being the one that answered.
	if up := resp.Header.Get("X-Upstream-Addr"); up != "" {
		parts := strings.Split(up, ",")
		a.replica = c.byAddr[strings.TrimSpace(parts[len(parts)-1])]
	}
	return a, nil
}

// must is do that fails t on a transport error.
func (c *cluster) must(t *testing.T, method, url string, body any, headers ...string) answer {
	t.Helper()
	a, err := c.do(method, url, body, headers...)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	return a
}

// legacyJSON reads an admin endpoint of a stand-in into v.
func (c *cluster) legacyJSON(t *testing.T, system, path string, v any) {
	t.Helper()
	resp, err := c.client.Get(c.legacy[system] + path)
	if err != nil {
		t.Fatalf("%s %s: %v", system, path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s %s: %s", system, path, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("%s %s: %v", system, path, err)
	}
}

// setDown switches a stand-in's fault "down" (it drops every connection) on or off.
func (c *cluster) setDown(t *testing.T, system string, down bool) {
	t.Helper()
	body := fmt.Sprintf(`{"latencyMs":0,"errorRate":0,"down":%t}`, down)
	req, _ := http.NewRequest(http.MethodPut, c.legacy[system]+"/__admin/faults", strings.NewReader(body))
	resp, err := c.client.Do(req)
	if err != nil {
		t.Fatalf("faults of %s: %v", system, err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("faults of %s: %s", system, resp.Status)
	}
}

// startProcess starts bin with args and env (and PATH) and stops it when t ends: SIGTERM, then
// SIGKILL after 10 s. Its stdout and stderr go to dir/name.log.
func startProcess(t *testing.T, dir, name, bin string, args, env []string, opts ...func(*exec.Cmd, io.Writer)) *process {
	t.Helper()
	logPath := filepath.Join(dir, name+".log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = logFile.Close() })
	cmd := exec.Command(bin, args...)
	// A clean environment: nothing of the developer's (a REDIS_URL, a PORT) leaks in.
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "TMPDIR=" + dir}, env...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	for _, o := range opts {
		o(cmd, logFile)
	}
	// The kernel ends the child if the test binary dies without its clean-up (a time-out, a
	// kill), so that no process outlives the test.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	p := &process{name: name, cmd: cmd, logPath: logPath, exited: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(p.exited)
	}()
	t.Cleanup(func() { p.stop(syscall.SIGTERM) })
	return p
}

// withStdout sends the process's stdout to w as well as to its log.
func withStdout(w io.Writer) func(*exec.Cmd, io.Writer) {
	return func(cmd *exec.Cmd, log io.Writer) { cmd.Stdout = io.MultiWriter(log, w) }
}

// stop sends sig, then SIGKILL if the process has not exited within 10 s, and waits until it has.
func (p *process) stop(sig syscall.Signal) {
	p.once.Do(func() {
		_ = p.cmd.Process.Signal(sig)
		select {
		case <-p.exited:
		case <-time.After(10 * time.Second):
			_ = p.cmd.Process.Kill()
			<-p.exited
		}
	})
}

// waitFor polls cond, with growing pauses, until it returns nil; it fails t when the process p
// exits first or within (or the deadline passes).
func waitFor(t *testing.T, what string, within time.Duration, p *process, cond func() error) {
	t.Helper()
	deadline := time.NewTimer(within)
	defer deadline.Stop()
	pause := time.Millisecond
	var exited <-chan struct{}
	if p != nil {
		exited = p.exited
	}
	for {
		err := cond()
		if err == nil {
			return
		}
		retry := time.NewTimer(pause)
		select {
		case <-exited:
			retry.Stop()
			t.Fatalf("waiting for %s: %s exited; its log:\n%s", what, p.name, tail(p.logPath, 30))
		case <-deadline.C:
			retry.Stop()
			msg := ""
			if p != nil {
				msg = "; log of " + p.name + ":\n" + tail(p.logPath, 30)
			}
			t.Fatalf("waiting for %s: not within %s: %v%s", what, within, err, msg)
		case <-retry.C:
		}
		pause = min(2*pause, 50*time.Millisecond)
	}
}

func expectStatus(c *http.Client, url string, want int) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != want {
		return fmt.Errorf("%s answered %s", url, resp.Status)
	}
	return nil
}

// repoRoot is the directory of go.mod above the test's directory.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// binary is the path in the environment variable env, or rel under the repository; the test
// builds nothing itself (make test-scale builds them first).
func binary(t *testing.T, root, env, rel string) string {
	t.Helper()
	path := os.Getenv(env)
	if path == "" {
		path = filepath.Join(root, rel)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%s is missing (%v): run make build, or set %s", path, err, env)
	}
	return path
}

// lookNginx finds nginx on PATH or where Debian puts it (/usr/sbin, often not on a user's PATH).
func lookNginx(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("nginx"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/sbin/nginx"); err == nil {
		return "/usr/sbin/nginx"
	}
	t.Fatal("nginx is not installed: run scripts/ensure-nginx.sh (make test-scale does)")
	return ""
}

// freeAddr is a loopback address with a port that was free a moment ago.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func randomHex(t *testing.T, n int) string {
	t.Helper()
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

// tail is the last n lines of a file, for failure messages, leaving out lines that contain any
// of skip.
func tail(path string, n int, skip ...string) string {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(string(raw), "\n"), "\n") {
		if !slices.ContainsFunc(skip, func(s string) bool { return strings.Contains(l, s) }) {
			lines = append(lines, l)
		}
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// lineWriter hands the lines written to it to a channel (dropping them when nobody reads).
type lineWriter struct {
	mu    sync.Mutex
	buf   []byte
	lines chan string
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := string(w.buf[:i])
		w.buf = w.buf[i+1:]
		select {
		case w.lines <- line:
		default:
		}
	}
}
