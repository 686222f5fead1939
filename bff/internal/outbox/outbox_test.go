package outbox

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeUpstream stores each idempotency key once, as the CRM does, and can be down, lose its
// answers, or refuse writes.
type fakeUpstream struct {
	mu     sync.Mutex
	stored map[string]string // key → ref
	order  []string
	calls  atomic.Int64
	down   atomic.Bool
	// loseAnswer, when it returns true, makes a stored write look failed to the caller (the
	// answer was lost on the way back).
	loseAnswer func() bool
	// refuse names kinds the upstream refuses on business grounds.
	refuse map[string]bool
}

func newFake() *fakeUpstream {
	return &fakeUpstream{stored: map[string]string{}, refuse: map[string]bool{}}
}

var errDown = errors.New("connection refused")

func (f *fakeUpstream) deliver(ctx context.Context, it Item) (Delivery, error) {
	f.calls.Add(1)
	if f.down.Load() {
		return Delivery{}, errDown
	}
	if err := ctx.Err(); err != nil {
		return Delivery{}, err
	}
	f.mu.Lock()
	if f.refuse[it.Kind] {
		f.mu.Unlock()
		return Delivery{}, Permanent(errors.New("disposable e-mail domain"))
	}
	ref, dup := f.stored[it.Key]
	if !dup {
		ref = fmt.Sprintf("CL%05d", len(f.stored)+1)
		f.stored[it.Key] = ref
		f.order = append(f.order, it.Key)
	}
	lose := f.loseAnswer != nil && f.loseAnswer()
	f.mu.Unlock()
	if lose {
		return Delivery{}, errors.New("connection reset after the write")
	}
	return Delivery{Ref: ref, Duplicate: dup}, nil
}

func (f *fakeUpstream) storedKeys() map[string]string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]string{}
	for k, v := range f.stored {
		out[k] = v
	}
	return out
}

func openTest(t *testing.T, path string, deliver DeliverFunc, tweak ...func(*Options)) *Outbox {
	t.Helper()
	opts := Options{Deliver: deliver, RetryMin: 10 * time.Millisecond, RetryMax: 80 * time.Millisecond, AttemptTimeout: time.Second}
	for _, f := range tweak {
		f(&opts)
	}
	o, err := Open(path, opts)
	require.NoError(t, err)
	t.Cleanup(func() { o.Close() })
	return o
}

// run starts the worker and stops it at the end of the test.
func run(t *testing.T, o *Outbox) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { o.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
}

// elapse lets d pass on the fake clock of the synctest bubble the test runs in: every timer due
// within d fires, and it returns once every goroutine of the bubble has settled. A worker that
// was going to act within d has acted.
func elapse(d time.Duration) {
	time.Sleep(d) // the bubble's clock: returns as soon as everything else is blocked
	synctest.Wait()
}

func sub(key, body string) Submission {
	return Submission{Key: key, Kind: "lead", Hash: "h:" + body, Payload: json.RawMessage(`{"body":"` + body + `"}`)}
}

func depth(t *testing.T, o *Outbox) int {
	d, _, err := o.Stats()
	require.NoError(t, err)
	return d
}

func TestSubmitDeliversAtOnceAndRemembersTheKey(t *testing.T) {
	crm := newFake()
	o := openTest(t, filepath.Join(t.TempDir(), "outbox.db"), crm.deliver)

	r, err := o.Submit(context.Background(), sub("key-1", "a"))
	require.NoError(t, err)
	assert.Equal(t, Receipt{Key: "key-1", Ref: "CL00001"}, r)
	assert.Equal(t, 0, depth(t, o), "a delivered write leaves the outbox")

	r, err = o.Submit(context.Background(), sub("key-1", "a"))
	require.NoError(t, err)
	assert.Equal(t, Receipt{Key: "key-1", Ref: "CL00001", Duplicate: true}, r, "a repeat is answered from memory")
	assert.EqualValues(t, 1, crm.calls.Load(), "a repeat is not sent again")

	_, err = o.Submit(context.Background(), sub("key-1", "b"))
	assert.ErrorIs(t, err, ErrConflict, "the same key with another body")

	s := sub("key-2", "a")
	s.Earlier = []string{"key-1"}
	r, err = o.Submit(context.Background(), s)
	require.NoError(t, err)
	assert.Equal(t, Receipt{Key: "key-1", Ref: "CL00001", Duplicate: true}, r, "a write filed under an earlier key is a repeat")
}

func TestAnUnavailableUpstreamQueuesAndTheWorkerDeliversLater(t *testing.T) {
	synctest.Test(t, testAnUnavailableUpstreamQueuesAndTheWorkerDeliversLater)
}

func testAnUnavailableUpstreamQueuesAndTheWorkerDeliversLater(t *testing.T) {
	crm := newFake()
	crm.down.Store(true)
	var results sync.Map
	o := openTest(t, filepath.Join(t.TempDir(), "outbox.db"), crm.deliver, func(o *Options) {
		o.OnResult = func(r string) {
			n, _ := results.LoadOrStore(r, new(atomic.Int64))
			n.(*atomic.Int64).Add(1)
		}
	})

	r, err := o.Submit(context.Background(), sub("key-q", "a"))
	require.NoError(t, err)
	assert.Equal(t, Receipt{Key: "key-q", Queued: true}, r)
	r, err = o.Submit(context.Background(), sub("key-q", "a"))
	require.NoError(t, err)
	assert.Equal(t, Receipt{Key: "key-q", Queued: true, Duplicate: true}, r, "a repeat of a queued write is queued, not sent")
	d, _, err := o.Stats()
	require.NoError(t, err)
	assert.Equal(t, 1, d)

	before := crm.calls.Load()
	run(t, o)
	elapse(100 * time.Millisecond) // past the first back-off (at most RetryMax, 80 ms)
	require.Greater(t, crm.calls.Load(), before, "the worker has tried the upstream again")
	assert.Equal(t, 1, depth(t, o), "still queued while the upstream is down")
	crm.down.Store(false)
	require.Eventually(t, func() bool { return depth(t, o) == 0 }, 3*time.Second, 10*time.Millisecond)
	assert.Equal(t, map[string]string{"key-q": "CL00001"}, crm.storedKeys())

	r, err = o.Submit(context.Background(), sub("key-q", "a"))
	require.NoError(t, err)
	assert.Equal(t, Receipt{Key: "key-q", Ref: "CL00001", Duplicate: true}, r, "once delivered, a repeat gets the upstream's id")
	failed, _ := results.Load(ResultFailed)
	assert.GreaterOrEqual(t, failed.(*atomic.Int64).Load(), int64(2), "failed attempts are reported")
	delivered, _ := results.Load(ResultDelivered)
	assert.EqualValues(t, 1, delivered.(*atomic.Int64).Load())
}

// Writes whose answers are lost are delivered again; the upstream's deduplication by key makes
// each of them one stored write, and the outbox settles on the id of the first.
func TestExactlyOnceTowardsAnUpstreamThatRejectsDuplicates(t *testing.T) {
	synctest.Test(t, testExactlyOnceTowardsAnUpstreamThatRejectsDuplicates)
}

func testExactlyOnceTowardsAnUpstreamThatRejectsDuplicates(t *testing.T) {
	crm := newFake()
	var lossy atomic.Bool
	lossy.Store(true)
	crm.loseAnswer = func() bool { return lossy.Load() && rand.IntN(2) == 0 }
	o := openTest(t, filepath.Join(t.TempDir(), "outbox.db"), crm.deliver, func(o *Options) { o.Workers = 8 })
	run(t, o)

	const n, repeats = 300, 60
	var wg sync.WaitGroup
	receipts := make([]Receipt, n+repeats)
	for i := range n + repeats {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k := i % n // the last `repeats` submissions repeat the first ones
			r, err := o.Submit(context.Background(), sub(fmt.Sprintf("key-%03d", k), fmt.Sprint(k)))
			assert.NoError(t, err)
			receipts[i] = r
		}()
	}
	wg.Wait()
	for _, r := range receipts {
		assert.False(t, r.Rejected)
		assert.True(t, r.Queued || r.Ref != "", "every submission is either delivered or queued: %+v", r)
	}
	elapse(200 * time.Millisecond) // the worker retries while answers are still being lost
	lossy.Store(false)
	require.Eventually(t, func() bool { return depth(t, o) == 0 }, 5*time.Second, 10*time.Millisecond)
	stored := crm.storedKeys()
	assert.Len(t, stored, n, "each write is stored once")
	assert.Greater(t, crm.calls.Load(), int64(n), "some writes were sent more than once")
	for k := range n {
		key := fmt.Sprintf("key-%03d", k)
		r, err := o.Submit(context.Background(), sub(key, fmt.Sprint(k)))
		require.NoError(t, err)
		assert.Equal(t, stored[key], r.Ref, "the outbox settled on the upstream's id of %s", key)
	}
}

func TestARefusalIsAnsweredAndNeverRetried(t *testing.T) {
	synctest.Test(t, testARefusalIsAnsweredAndNeverRetried)
}

func testARefusalIsAnsweredAndNeverRetried(t *testing.T) {
	crm := newFake()
	crm.refuse["lead"] = true
	o := openTest(t, filepath.Join(t.TempDir(), "outbox.db"), crm.deliver)
	run(t, o)

	r, err := o.Submit(context.Background(), sub("key-r", "a"))
	require.NoError(t, err)
	assert.True(t, r.Rejected)
	assert.Contains(t, r.Reason, "disposable")
	r, err = o.Submit(context.Background(), sub("key-r", "a"))
	require.NoError(t, err)
	assert.True(t, r.Rejected && r.Duplicate, "a repeat gets the first answer")
	assert.EqualValues(t, 1, crm.calls.Load())

	// A write queued while the upstream was down and refused when it came back is kept aside.
	crm.mu.Lock()
	crm.refuse["lead"] = false
	crm.refuse["late"] = true
	crm.mu.Unlock()
	crm.down.Store(true)
	s := sub("key-late", "b")
	s.Kind = "late"
	r, err = o.Submit(context.Background(), s)
	require.NoError(t, err)
	assert.True(t, r.Queued)
	crm.down.Store(false)
	require.Eventually(t, func() bool { return depth(t, o) == 0 }, 3*time.Second, 10*time.Millisecond)
	rejected, err := o.Rejected()
	require.NoError(t, err)
	require.Len(t, rejected, 1)
	assert.Equal(t, "key-late", rejected[0].Key)
	calls := crm.calls.Load()
	elapse(10 * time.Second) // far beyond the longest back-off (80 ms): a retry would have been made
	assert.Equal(t, calls, crm.calls.Load(), "a refused write is not retried")
}

func TestPendingWritesSurviveAReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "outbox.db")
	crm := newFake()
	crm.down.Store(true)
	o, err := Open(path, Options{Deliver: crm.deliver, RetryMin: time.Hour})
	require.NoError(t, err)
	for i := range 5 {
		r, err := o.Submit(context.Background(), sub(fmt.Sprintf("key-%d", i), fmt.Sprint(i)))
		require.NoError(t, err)
		require.True(t, r.Queued)
	}
	require.NoError(t, o.Close())

	crm.down.Store(false)
	o2 := openTest(t, path, crm.deliver, func(o *Options) { o.RetryMin, o.Workers = time.Hour, 1 })
	items, err := o2.Pending()
	require.NoError(t, err)
	require.Len(t, items, 5)
	assert.Equal(t, "key-0", items[0].Key, "oldest first")
	assert.JSONEq(t, `{"body":"0"}`, string(items[0].Payload))
	run(t, o2)
	require.Eventually(t, func() bool { return depth(t, o2) == 0 }, 3*time.Second, 10*time.Millisecond,
		"after a restart every pending write is due at once, whatever its back-off was")
	assert.Len(t, crm.storedKeys(), 5)
	assert.Equal(t, []string{"key-0", "key-1", "key-2", "key-3", "key-4"}, crm.order, "delivered oldest first")
}

func TestTheWorkerProbesADownUpstreamInsteadOfFloodingIt(t *testing.T) {
	synctest.Test(t, testTheWorkerProbesADownUpstreamInsteadOfFloodingIt)
}

func testTheWorkerProbesADownUpstreamInsteadOfFloodingIt(t *testing.T) {
	crm := newFake()
	crm.down.Store(true)
	o := openTest(t, filepath.Join(t.TempDir(), "outbox.db"), crm.deliver, func(o *Options) {
		o.RetryMin, o.RetryMax, o.Workers = 20*time.Millisecond, 100*time.Millisecond, 4
	})
	for i := range 200 {
		_, err := o.Submit(context.Background(), sub(fmt.Sprintf("key-%d", i), fmt.Sprint(i)))
		require.NoError(t, err)
	}
	before := crm.calls.Load()
	run(t, o)
	elapse(500 * time.Millisecond)
	// One round of 4 per pause, pauses of 50–100 ms after the first few: well under 100 calls,
	// where retrying each of the 200 items on its own schedule would make hundreds.
	assert.Less(t, crm.calls.Load()-before, int64(80))
	assert.Equal(t, 200, depth(t, o))
}

func TestBackoffDoublesWithJitterUpToTheMaximum(t *testing.T) {
	o := &Outbox{opts: Options{RetryMin: 100 * time.Millisecond, RetryMax: time.Second}}
	for n, want := range map[int]time.Duration{1: 100 * time.Millisecond, 2: 200 * time.Millisecond, 3: 400 * time.Millisecond, 4: 800 * time.Millisecond, 5: time.Second, 50: time.Second} {
		for range 50 {
			d := o.backoff(n)
			assert.GreaterOrEqual(t, d, want/2, "attempt %d", n)
			assert.LessOrEqual(t, d, want, "attempt %d", n)
		}
	}
}

func TestSettledKeysAreForgottenAfterKeepKeys(t *testing.T) {
	crm := newFake()
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	o := openTest(t, filepath.Join(t.TempDir(), "outbox.db"), crm.deliver, func(o *Options) { o.Now = clock })
	_, err := o.Submit(context.Background(), sub("key-old", "a"))
	require.NoError(t, err)

	mu.Lock()
	now = now.Add(25 * time.Hour)
	mu.Unlock()
	r, err := o.Submit(context.Background(), sub("key-old", "b"))
	require.NoError(t, err, "a key older than a day is forgotten: another body is no conflict")
	assert.False(t, r.Duplicate)
	o.sweep()
	r, err = o.Submit(context.Background(), sub("key-old", "b"))
	require.NoError(t, err)
	assert.True(t, r.Duplicate, "the new use of the key is remembered")
}

func TestOpenRefusesASecondProcessAndNeedsADeliverer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "outbox.db")
	_, err := Open(path, Options{})
	assert.Error(t, err)
	o := openTest(t, path, newFake().deliver)
	assert.False(t, o.db.NoSync, "commits are fsync'd")
	assert.NoError(t, o.Ready())
	_, err = Open(path, Options{Deliver: newFake().deliver, OpenTimeout: 100 * time.Millisecond})
	assert.Error(t, err, "the file is locked by the first outbox")
	require.NoError(t, o.Close())
	assert.Error(t, o.Ready())
}

// helperEnv makes the test binary act as a process that submits writes while the upstream is
// down, printing each acknowledged key, until it is killed.
const helperEnv = "OUTBOX_TEST_HELPER_PATH"

func TestMain(m *testing.M) {
	if path := os.Getenv(helperEnv); path != "" {
		o, err := Open(path, Options{Deliver: func(context.Context, Item) (Delivery, error) { return Delivery{}, errDown }, RetryMin: time.Hour})
		if err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		for i := 0; ; i++ {
			key := fmt.Sprintf("key-%06d", i)
			r, err := o.Submit(context.Background(), sub(key, fmt.Sprint(i)))
			if err != nil || !r.Queued {
				fmt.Println("error", err)
				os.Exit(1)
			}
			fmt.Println("ack", key)
		}
	}
	os.Exit(m.Run())
}

// Every submission acknowledged before the process is killed is in the outbox afterwards:
// Submit returns only after the write is committed (and fsync'd, which no test short of pulling
// the power can observe; NoSync is checked above).
func TestAcknowledgedWritesSurviveSIGKILL(t *testing.T) {
	path := filepath.Join(t.TempDir(), "outbox.db")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+path)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	var acked []string
	sc := bufio.NewScanner(out)
	for sc.Scan() && len(acked) < 60 {
		line := sc.Text()
		require.True(t, strings.HasPrefix(line, "ack "), line)
		acked = append(acked, strings.TrimPrefix(line, "ack "))
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	// Keys acknowledged after the ones read are in the pipe; read them too.
	for sc.Scan() {
		if k, ok := strings.CutPrefix(sc.Text(), "ack "); ok {
			acked = append(acked, k)
		}
	}
	_ = cmd.Wait()

	o := openTest(t, path, newFake().deliver)
	items, err := o.Pending()
	require.NoError(t, err)
	have := map[string]bool{}
	for _, it := range items {
		have[it.Key] = true
	}
	for _, k := range acked {
		assert.True(t, have[k], "acknowledged %s is in the outbox", k)
	}
	assert.GreaterOrEqual(t, len(items), len(acked))
}
