package outbox_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/leads"
	"github.com/jakarobotics/website/mocks"
	"github.com/jakarobotics/website/mocks/mockkit"
)

// bffProcess is the real bff binary running as a child process.
type bffProcess struct {
	cmd *exec.Cmd
	url string
	// admin is the base URL of its metrics and probes.
	admin string
	logs  *syncBuffer
	done  chan struct{}
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// buildBFF compiles the production bff command into dir.
func buildBFF(t *testing.T, dir string) string {
	t.Helper()
	root, err := os.Getwd()
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(root)
		require.NotEqual(t, parent, root, "go.mod not found")
		root = parent
	}
	bin := filepath.Join(dir, "bff-binary")
	build := exec.Command("go", "build", "-o", bin, "./bff/cmd/bff")
	build.Dir = root
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

// startBFF runs bin with env and waits until it listens.
func startBFF(t *testing.T, bin string, env []string) *bffProcess {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), env...)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	p := &bffProcess{cmd: cmd, logs: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stderr = p.logs
	require.NoError(t, cmd.Start())
	addr := make(chan [2]string, 1)
	go func() {
		// Keep reading the output so that the child never blocks on a full pipe.
		sc := bufio.NewScanner(stdout)
		var admin string
		for sc.Scan() {
			line := sc.Text()
			if rest, ok := strings.CutPrefix(line, "The admin endpoints are at "); ok {
				admin = rest
			}
			if rest, ok := strings.CutPrefix(line, "The site is at "); ok {
				addr <- [2]string{rest, admin}
			}
			fmt.Fprintln(p.logs, line)
		}
	}()
	go func() { _ = cmd.Wait(); close(p.done) }()
	t.Cleanup(func() { p.kill() })
	select {
	case u := <-addr:
		p.url, p.admin = u[0], u[1]
	case <-p.done:
		t.Fatalf("bff exited before listening:\n%s", p.logs)
	case <-time.After(30 * time.Second):
		t.Fatalf("bff did not start:\n%s", p.logs)
	}
	return p
}

// kill ends the process with SIGKILL, as a crash or an OOM killer would: no shutdown runs.
func (p *bffProcess) kill() {
	select {
	case <-p.done:
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// metric reads one unlabelled value from the BFF's /metrics.
func (p *bffProcess) metric(t *testing.T, name string) float64 {
	t.Helper()
	resp, err := http.Get(p.admin + "/metrics")
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + ` (\S+)$`).FindSubmatch(raw)
	require.NotNil(t, m, "%s not in /metrics", name)
	v, err := strconv.ParseFloat(string(m[1]), 64)
	require.NoError(t, err)
	return v
}

// lead is one enquiry of the test, Chinese or overseas, with or without a browser key.
type lead struct {
	n      int
	key    string // empty: the BFF mints one
	path   string
	body   string
	person string
	// proof is the solved puzzle the lead carries (X-Lead-Proof); a lead sent again carries the
	// same one, as a browser does.
	proof string
}

func makeLead(n int) lead {
	person := fmt.Sprintf("Visitor %03d", n)
	l := lead{n: n, person: person}
	if n%2 == 0 {
		l.path = "/prod-api/crm/addSaleClue"
		l.body = fmt.Sprintf(`{"userName":%q,"phoneNumber":"138%08d","email":"v%03d@example.cn","communicateMatter":%d,"city":"福田区","companyName":"公司 %03d","specificRequirements":"需要 <b>协作机器人</b> #%d","tags":["官网询盘"],"clueName":"官网","sourcePage":"/productDetails/103"}`,
			person, n, n, n%3, n, n)
	} else {
		l.path = "/prod-api/crm/addOverseasSaleClue"
		l.body = fmt.Sprintf(`{"userName":%q,"phone":"+49 151 %07d","email":"v%03d@example.de","companyName":"Firma %03d","industry":["automotive"],"companyType":"end_user","comment":"Cell #%d","country":"DE","sourcePage":"/de/productList"}`,
			person, n, n, n, n)
	}
	if n%3 != 0 {
		l.key = fmt.Sprintf("web-%06d-%d", n, n*7919)
	}
	return l
}

// leadProof fetches a puzzle from the BFF at base and solves it, as the site's forms do.
func leadProof(t *testing.T, base string) string {
	t.Helper()
	resp, err := http.Get(base + "/prod-api/api/leads/challenge")
	require.NoError(t, err)
	defer resp.Body.Close()
	var env struct {
		Data leads.Challenge `json:"data"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&env))
	proof, ok := leads.Solve(env.Data)
	require.True(t, ok, "the puzzle %+v has a solution", env.Data)
	return proof
}

func submit(t *testing.T, base string, l lead) (status int, data map[string]any) {
	req, err := http.NewRequest("POST", base+l.path, strings.NewReader(l.body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	if l.key != "" {
		req.Header.Set("Idempotency-Key", l.key)
	}
	req.Header.Set("X-Lead-Proof", l.proof)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var env struct {
		Data map[string]any `json:"data"`
	}
	raw, _ := io.ReadAll(resp.Body)
	require.NoError(t, json.Unmarshal(raw, &env), "%s", raw)
	return resp.StatusCode, env.Data
}

// TestNoLeadIsLostOrDuplicatedAcrossACRMOutageAndBFFCrashes takes the CRM down, submits 500
// leads concurrently (100 of them twice, with the browser's key or the BFF's minted key), kills
// the BFF with SIGKILL and starts it again on the same DATA_DIR, brings the CRM back, kills the
// BFF once more in the middle of delivering (while the CRM's answers are slow, so that some
// writes are stored by the CRM but not yet noted by the BFF), starts it again, and finds exactly
// the 500 distinct leads in the CRM.
func TestNoLeadIsLostOrDuplicatedAcrossACRMOutageAndBFFCrashes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the bff binary")
	}
	dir := t.TempDir()
	bin := buildBFF(t, dir)

	crmMock, err := mocks.New("crm", mocks.Options{DataDir: filepath.Join(dir, "crm")})
	require.NoError(t, err)
	// slowAnswers holds back each answer of the CRM after it has stored the write: a BFF killed
	// in that window has a write the CRM has and the BFF's outbox still holds.
	// The 150th write stored in that mode signals killNow and is held until the BFF is dead.
	var slowAnswers atomic.Bool
	var storedSlowly atomic.Int64
	killNow := make(chan struct{})
	crm := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !slowAnswers.Load() || strings.HasPrefix(r.URL.Path, mockkit.AdminPrefix) {
			crmMock.Handler.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		crmMock.Handler.ServeHTTP(rec, r)
		if rec.Code == http.StatusCreated && storedSlowly.Add(1) == 150 {
			close(killNow)
			<-r.Context().Done() // held until the BFF, killed, hangs up
		} else {
			select { // the CRM's slowness; an answer nobody waits for any more is dropped
			case <-time.After(40 * time.Millisecond):
			case <-r.Context().Done():
			}
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	}))
	defer crm.Close()
	crmMock.Faults.Set(mockkit.Faults{Down: true})

	env := []string{
		"HOST=127.0.0.1", "PORT=0", "ADMIN_PORT=0", "DATA_DIR=" + filepath.Join(dir, "bff"), "WEB_DIR=" + filepath.Join(dir, "no-web"),
		"CRM_URL=" + crm.URL, "LOG_LEVEL=error", "UPSTREAM_TIMEOUT=3s",
		"OUTBOX_RETRY_MIN=50ms", "OUTBOX_RETRY_MAX=400ms", "OUTBOX_WORKERS=8",
		"UPLOAD_URL_SECRET=" + strings.Repeat("k", 32), "PREVIEW_SECRET=" + strings.Repeat("p", 32), "LEAD_CHALLENGE_SECRET=" + strings.Repeat("l", 32), "CMS_WEBHOOK_SECRET=" + strings.Repeat("w", 32), "RENDERER_URL=off",
		// 500 leads from one address in a second: what the limits exist to refuse.
		"LIMIT_LEADS_PER_IP=off", "LIMIT_LEADS_PER_EMAIL=off",
	}
	// The production binary needs every system; the others than the CRM are their stand-ins,
	// running in this test as other teams' servers would.
	for _, sys := range []string{"content", "itr", "vm", "account", "ocr"} {
		m, err := mocks.Start(sys, "127.0.0.1:0", mocks.Options{DataDir: filepath.Join(dir, sys)}, slog.New(slog.NewTextHandler(io.Discard, nil)))
		require.NoError(t, err)
		t.Cleanup(func() { _ = m.Close() })
		env = append(env, strings.ToUpper(sys)+"_URL="+m.URL)
	}
	bff := startBFF(t, bin, env)

	// 500 leads, the first 100 of them sent twice, all at once in random order, each with the
	// proof of work a browser solves before it sends.
	const total, repeated = 500, 100
	proofs := make([]string, total)
	for n := range total {
		proofs[n] = leadProof(t, bff.url)
	}
	proven := func(n int) lead {
		l := makeLead(n)
		l.proof = proofs[n]
		return l
	}
	var sends []lead
	for n := range total {
		sends = append(sends, proven(n))
		if n < repeated {
			sends = append(sends, proven(n))
		}
	}
	rand.Shuffle(len(sends), func(i, j int) { sends[i], sends[j] = sends[j], sends[i] })
	start := time.Now()
	var wg sync.WaitGroup
	var duplicates atomic.Int64
	work := make(chan lead)
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for l := range work {
				status, data := submit(t, bff.url, l)
				if assert.Equal(t, http.StatusOK, status, "lead %d", l.n) {
					assert.Equal(t, true, data["queued"], "lead %d is queued while the CRM is down", l.n)
					assert.Nil(t, data["clueId"])
					if data["duplicate"] == true {
						duplicates.Add(1)
					}
				}
			}
		}()
	}
	for _, l := range sends {
		work <- l
	}
	close(work)
	wg.Wait()
	t.Logf("%d submissions answered in %s while the CRM was down", len(sends), time.Since(start).Round(time.Millisecond))
	assert.EqualValues(t, repeated, duplicates.Load(), "each repeat is recognised")
	assert.EqualValues(t, total, bff.metric(t, "bff_outbox_depth"))
	assert.Greater(t, bff.metric(t, "bff_outbox_oldest_age_seconds"), 0.0)
	readyz, err := http.Get(bff.admin + "/readyz")
	require.NoError(t, err)
	readyz.Body.Close()
	assert.Equal(t, http.StatusOK, readyz.StatusCode, "ready while the CRM is down")

	// Crash and restart while the CRM is still down: nothing is lost.
	bff.kill()
	bff = startBFF(t, bin, env)
	assert.EqualValues(t, total, bff.metric(t, "bff_outbox_depth"), "the outbox survived SIGKILL")
	clues, _ := storedClues(t, crm.URL)
	assert.Empty(t, clues)

	// The CRM comes back, slow to answer; the BFF is killed again in the middle of delivering.
	slowAnswers.Store(true)
	crmMock.Faults.Set(mockkit.Faults{})
	select {
	case <-killNow:
	case <-time.After(30 * time.Second):
		t.Fatal("the CRM did not get 150 leads")
	}
	bff.kill()
	clues, _ = storedClues(t, crm.URL)
	t.Logf("killed the BFF with %d of %d leads in the CRM", len(clues), total)
	slowAnswers.Store(false)
	bff = startBFF(t, bin, env)
	require.Eventually(t, func() bool { return bff.metric(t, "bff_outbox_depth") == 0 }, 30*time.Second, 20*time.Millisecond,
		"the restarted BFF delivers the rest:\n%s", bff.logs)
	t.Logf("all delivered %s after the first submission", time.Since(start).Round(time.Millisecond))

	clues, byKey := storedClues(t, crm.URL)
	require.Len(t, clues, total, "exactly the 500 leads reach the CRM")
	assert.Len(t, byKey, total, "each under its own idempotency key")
	people := map[string]int{}
	for _, c := range clues {
		people[c.person]++
	}
	for n := range total {
		assert.Equal(t, 1, people[fmt.Sprintf("Visitor %03d", n)], "lead %d is in the CRM once", n)
	}

	// Writes the CRM had stored before the second crash (at least the 150th, whose answer was
	// held) were delivered again after the restart and recognised as duplicates by the CRM.
	resp, err := http.Get(bff.admin + "/metrics")
	require.NoError(t, err)
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	dup := regexp.MustCompile(`bff_outbox_deliveries_total\{result="duplicate"\} (\d+)`).FindSubmatch(raw)
	require.NotNil(t, dup)
	n, _ := strconv.Atoi(string(dup[1]))
	assert.GreaterOrEqual(t, n, 1, "the CRM's duplicate answer settled a write delivered twice")
	t.Logf("after the restart: %s", regexp.MustCompile(`bff_outbox_deliveries_total\{result="(delivered|duplicate)"\} \S+`).FindAll(raw, -1))

	// A visitor retrying now gets the CRM's id.
	for _, n := range []int{1, 2, 4} {
		status, data := submit(t, bff.url, proven(n))
		require.Equal(t, http.StatusOK, status)
		assert.Equal(t, true, data["duplicate"])
		assert.NotNil(t, data["clueId"], "lead %d", n)
	}
	clues, _ = storedClues(t, crm.URL)
	assert.Len(t, clues, total)
}

type storedClue struct {
	key    string
	person string
}

// storedClues reads the CRM's clues through its admin endpoint.
func storedClues(t *testing.T, crmURL string) ([]storedClue, map[string]bool) {
	t.Helper()
	resp, err := http.Get(crmURL + "/__admin/leads")
	require.NoError(t, err)
	defer resp.Body.Close()
	var out struct {
		Clues []struct {
			Key     string `json:"idempotencyKey"`
			Payload struct {
				Contact struct {
					Name string `json:"name"`
				} `json:"contact"`
			} `json:"payload"`
		} `json:"clues"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	var clues []storedClue
	keys := map[string]bool{}
	for _, c := range out.Clues {
		clues = append(clues, storedClue{key: c.Key, person: c.Payload.Contact.Name})
		keys[c.Key] = true
	}
	return clues, keys
}
