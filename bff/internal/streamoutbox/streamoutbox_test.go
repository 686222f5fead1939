package streamoutbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/redistest"
)

const testPrefix = "test:"

// waitFor is how long a test waits for a condition before it fails.
const waitFor = 10 * time.Second

// fakeCRM stores each idempotency key once, as the CRM and the work-order system do, counts
// the writes that reached it per key, and can be down or refuse kinds.
type fakeCRM struct {
	mu     sync.Mutex
	stored map[string]string // key → ref
	writes map[string]int    // key → calls that reached it while it was up
	refuse map[string]bool   // kinds refused on business grounds
	calls  atomic.Int64
	down   atomic.Bool
}

func newCRM() *fakeCRM {
	return &fakeCRM{stored: map[string]string{}, writes: map[string]int{}, refuse: map[string]bool{}}
}

var errDown = errors.New("connection refused")

func (c *fakeCRM) deliver(ctx context.Context, it outbox.Item) (outbox.Delivery, error) {
	c.calls.Add(1)
	if c.down.Load() {
		return outbox.Delivery{}, errDown
	}
	if err := ctx.Err(); err != nil {
		return outbox.Delivery{}, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.refuse[it.Kind] {
		return outbox.Delivery{}, outbox.Permanent(errors.New("disposable e-mail domain"))
	}
	c.writes[it.Key]++
	ref, dup := c.stored[it.Key]
	if !dup {
		ref = fmt.Sprintf("CL%05d", len(c.stored)+1)
		c.stored[it.Key] = ref
	}
	return outbox.Delivery{Ref: ref, Duplicate: dup}, nil
}

func (c *fakeCRM) storedKeys() map[string]string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]string, len(c.stored))
	for k, v := range c.stored {
		out[k] = v
	}
	return out
}

func (c *fakeCRM) writesOf(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.writes[key]
}

func (c *fakeCRM) setRefused(kind string, refused bool) {
	c.mu.Lock()
	c.refuse[kind] = refused
	c.mu.Unlock()
}

// replica is one BFF replica's outbox, with its own delivery in front of the shared upstream:
// it counts what it delivered per key, and can freeze (hang in every delivery, whatever the
// context says, as a process that stopped does, holding its leases).
type replica struct {
	*Outbox
	crm       *fakeCRM
	frozen    atomic.Bool
	thaw      chan struct{}
	hung      atomic.Int64
	mu        sync.Mutex
	delivered map[string]int // key → successful deliveries made by this replica
}

func (r *replica) deliver(ctx context.Context, it outbox.Item) (outbox.Delivery, error) {
	if r.frozen.Load() {
		r.hung.Add(1)
		<-r.thaw
		return outbox.Delivery{}, errors.New("the process is gone")
	}
	d, err := r.crm.deliver(ctx, it)
	if err == nil {
		r.mu.Lock()
		r.delivered[it.Key]++
		r.mu.Unlock()
	}
	return d, err
}

func (r *replica) deliveredKeys() map[string]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[string]int, len(r.delivered))
	for k, v := range r.delivered {
		out[k] = v
	}
	return out
}

// testOptions are short enough for a test: a dead replica's writes are claimed within a few
// hundred milliseconds.
func testOptions() Options {
	return Options{
		Options: outbox.Options{
			RetryMin: 10 * time.Millisecond, RetryMax: 50 * time.Millisecond,
			AttemptTimeout: 200 * time.Millisecond,
		},
		Prefix: testPrefix, Lease: 300 * time.Millisecond, ClaimIdle: 300 * time.Millisecond,
		Poll: 10 * time.Millisecond,
	}
}

// newReplica returns a replica of the outbox in Redis at addr, delivering to crm.
func newReplica(t *testing.T, rdb redis.UniversalClient, crm *fakeCRM, fallback outbox.Queue, tweak ...func(*Options)) *replica {
	t.Helper()
	r := &replica{crm: crm, thaw: make(chan struct{}), delivered: map[string]int{}}
	opts := testOptions()
	opts.Deliver = r.deliver
	for _, f := range tweak {
		f(&opts)
	}
	o, err := New(rdb, fallback, opts)
	require.NoError(t, err)
	r.Outbox = o
	return r
}

// run starts r's worker and returns its stop, which ends the worker's context without waiting
// for it (a frozen replica's worker does not end); the test's end waits for it, after thawing.
func run(t *testing.T, r *replica) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { r.Run(ctx); close(done) }()
	t.Cleanup(func() {
		cancel()
		if r.frozen.Load() {
			close(r.thaw)
		}
		<-done
	})
	return cancel
}

// newRedis starts a Redis for the test and returns a client of it (a replica's).
func newRedis(t *testing.T) (*redistest.Server, func() *redis.Client) {
	t.Helper()
	srv := redistest.Start(t)
	return srv, func() *redis.Client {
		c := redis.NewClient(&redis.Options{Addr: srv.Addr})
		t.Cleanup(func() { _ = c.Close() })
		return c
	}
}

// unreachable returns a client of a Redis that has stopped, which gives up on the first failed
// dial.
func unreachable(t *testing.T) *redis.Client {
	t.Helper()
	srv := redistest.Start(t)
	srv.Stop()
	c := redis.NewClient(&redis.Options{Addr: srv.Addr, DialerRetries: 1, MaxRetries: -1})
	t.Cleanup(func() { _ = c.Close() })
	return c
}

func sub(key, body string) outbox.Submission {
	return outbox.Submission{Key: key, Kind: "lead", Hash: "h:" + body, Payload: json.RawMessage(`{"body":"` + body + `"}`)}
}

func depth(t *testing.T, q outbox.Queue) int {
	t.Helper()
	d, _, err := q.Stats()
	require.NoError(t, err)
	return d
}

func TestSubmitDeliversAtOnceAndEveryReplicaRemembersTheKey(t *testing.T) {
	_, client := newRedis(t)
	crm := newCRM()
	a, b := newReplica(t, client(), crm, nil), newReplica(t, client(), crm, nil)
	ctx := context.Background()

	r, err := a.Submit(ctx, sub("key-1", "a"))
	require.NoError(t, err)
	assert.Equal(t, outbox.Receipt{Key: "key-1", Ref: "CL00001"}, r)
	assert.Equal(t, 0, depth(t, a), "a delivered write leaves the stream")

	r, err = b.Submit(ctx, sub("key-1", "a"))
	require.NoError(t, err)
	assert.Equal(t, outbox.Receipt{Key: "key-1", Ref: "CL00001", Duplicate: true}, r, "another replica answers a repeat from Redis")
	assert.EqualValues(t, 1, crm.calls.Load(), "a repeat is not sent again")

	_, err = b.Submit(ctx, sub("key-1", "b"))
	assert.ErrorIs(t, err, outbox.ErrConflict, "the same key with another body")

	s := sub("key-2", "a")
	s.Earlier = []string{"key-0", "key-1"}
	r, err = b.Submit(ctx, s)
	require.NoError(t, err)
	assert.Equal(t, outbox.Receipt{Key: "key-1", Ref: "CL00001", Duplicate: true}, r, "a write filed under an earlier key is a repeat")
	s.Hash = "h:other"
	_, err = a.Submit(ctx, s)
	assert.ErrorIs(t, err, outbox.ErrConflict, "an earlier key with another body")

	crm.down.Store(true)
	r, err = a.Submit(ctx, sub("key-q", "q"))
	require.NoError(t, err)
	assert.Equal(t, outbox.Receipt{Key: "key-q", Queued: true}, r)
	r, err = b.Submit(ctx, sub("key-q", "q"))
	require.NoError(t, err)
	assert.Equal(t, outbox.Receipt{Key: "key-q", Queued: true, Duplicate: true}, r, "a repeat of a queued write is queued, not sent")
	assert.Equal(t, 1, depth(t, b))
	pending, err := b.Pending(ctx)
	require.NoError(t, err)
	require.Len(t, pending, 1)
	assert.Equal(t, "key-q", pending[0].Key)
	assert.JSONEq(t, `{"body":"q"}`, string(pending[0].Payload))

	crm.down.Store(false)
	run(t, b)
	require.Eventually(t, func() bool { return depth(t, a) == 0 }, waitFor, 5*time.Millisecond, "a worker delivers the queued write")
	r, err = a.Submit(ctx, sub("key-q", "q"))
	require.NoError(t, err)
	assert.Equal(t, outbox.Receipt{Key: "key-q", Ref: "CL00002", Duplicate: true}, r, "once delivered, a repeat gets the upstream's id")
}

// A replica that dies for good (its worker stopped in the middle of deliveries, its leases
// taken, never closed) leaves its queued writes to the others: every one reaches the upstream
// exactly once, delivered by the replica that is alive.
func TestADeadReplicasWritesAreDeliveredExactlyOnceByAnother(t *testing.T) {
	_, client := newRedis(t)
	crm := newCRM()
	a, b := newReplica(t, client(), crm, nil), newReplica(t, client(), crm, nil)
	ctx := context.Background()

	const n = 40
	crm.down.Store(true)
	for i := range n {
		r, err := a.Submit(ctx, sub(fmt.Sprintf("key-%02d", i), fmt.Sprint(i)))
		require.NoError(t, err)
		require.True(t, r.Queued, "accepted while the upstream is down: %+v", r)
	}
	// A's worker takes some writes and hangs in their deliveries, holding their leases; then A
	// is abandoned.
	a.frozen.Store(true)
	stopA := run(t, a)
	require.Eventually(t, func() bool { return a.hung.Load() > 0 }, waitFor, time.Millisecond)
	stopA()

	crm.down.Store(false)
	run(t, b)
	require.Eventually(t, func() bool { return len(crm.storedKeys()) == n && depth(t, b) == 0 }, waitFor, 5*time.Millisecond,
		"the live replica delivers every write of the dead one")
	assert.Empty(t, a.deliveredKeys(), "the dead replica delivered nothing")
	for i := range n {
		key := fmt.Sprintf("key-%02d", i)
		assert.Equal(t, 1, crm.writesOf(key), "%s reached the upstream once", key)
		assert.Equal(t, 1, b.deliveredKeys()[key], "%s was delivered once, by the live replica", key)
		r, err := b.Submit(ctx, sub(key, fmt.Sprint(i)))
		require.NoError(t, err)
		assert.Equal(t, crm.storedKeys()[key], r.Ref, "%s settled on the upstream's id", key)
	}
}

// While one replica delivers a write (it holds the lease), another that reads or claims the
// entry leaves it alone; once the lease is gone, the other delivers it.
func TestALeaseKeepsOtherReplicasOff(t *testing.T) {
	_, client := newRedis(t)
	crm := newCRM()
	long := func(o *Options) {
		o.AttemptTimeout, o.Lease, o.ClaimIdle = time.Minute, time.Minute, 20*time.Millisecond
	}
	a, b := newReplica(t, client(), crm, nil, long), newReplica(t, client(), crm, nil, long)
	rdb := client()

	a.frozen.Store(true)
	submitted := make(chan outbox.Receipt, 1)
	go func() {
		r, _ := a.Submit(context.Background(), sub("key-x", "x"))
		submitted <- r
	}()
	require.Eventually(t, func() bool { return a.hung.Load() == 1 }, waitFor, time.Millisecond, "A delivers under its lease")
	run(t, b)
	// B has the entry in its pending list: it read it and found the lease held.
	require.Eventually(t, func() bool {
		p, err := rdb.XPending(context.Background(), b.stream, group).Result()
		return err == nil && p.Consumers[b.opts.Consumer] == 1
	}, waitFor, time.Millisecond)
	// And it claims it again and again (ClaimIdle is 20 ms), always finding the lease held.
	claims := func() int64 {
		p, err := rdb.XPendingExt(context.Background(), &redis.XPendingExtArgs{Stream: b.stream, Group: group, Start: "-", End: "+", Count: 1}).Result()
		if err != nil || len(p) == 0 {
			return 0
		}
		return p[0].RetryCount
	}
	require.Eventually(t, func() bool { return claims() >= 3 }, waitFor, time.Millisecond)
	assert.EqualValues(t, 0, crm.calls.Load(), "nobody else delivers a write under someone's lease")

	// The lease runs out (A died): B delivers.
	require.NoError(t, rdb.Del(context.Background(), a.leaseKey("key-x")).Err())
	require.Eventually(t, func() bool { return len(crm.storedKeys()) == 1 }, waitFor, time.Millisecond)
	assert.Equal(t, map[string]int{"key-x": 1}, b.deliveredKeys())
	close(a.thaw)
	a.frozen.Store(false)
	assert.True(t, (<-submitted).Queued, "A's own attempt failed; the write was left to the workers")
	require.Eventually(t, func() bool { return depth(t, b) == 0 }, waitFor, time.Millisecond)
}

// Two replicas given one key at the same moment store it once.
func TestConcurrentSubmitsOfOneKeyAreStoredOnce(t *testing.T) {
	_, client := newRedis(t)
	crm := newCRM()
	a, b := newReplica(t, client(), crm, nil), newReplica(t, client(), crm, nil)

	for _, down := range []bool{true, false} {
		crm.down.Store(down)
		key := fmt.Sprintf("key-down-%v", down)
		var fresh atomic.Int64
		var wg sync.WaitGroup
		for i := range 20 {
			r := a
			if i%2 == 1 {
				r = b
			}
			wg.Go(func() {
				rc, err := r.Submit(context.Background(), sub(key, "same"))
				if assert.NoError(t, err) && !rc.Duplicate {
					fresh.Add(1)
				}
			})
		}
		wg.Wait()
		assert.EqualValues(t, 1, fresh.Load(), "one submission is new, the others repeats (upstream down: %v)", down)
	}
	assert.Equal(t, 1, depth(t, a), "the write queued while the upstream was down is in the stream once")
	assert.Equal(t, 1, crm.writesOf("key-down-false"), "the write made while the upstream was up reached it once")
	crm.down.Store(false)
	run(t, a)
	run(t, b)
	require.Eventually(t, func() bool { return depth(t, a) == 0 }, waitFor, 5*time.Millisecond)
	assert.Equal(t, 1, crm.writesOf("key-down-true"))
}

// A refusal at Submit is answered to the visitor and remembered; a write refused after it was
// queued is kept in the rejected stream for an operator. Neither is retried.
func TestARefusalIsAnsweredAndAQueuedOneKeptForOperators(t *testing.T) {
	_, client := newRedis(t)
	crm := newCRM()
	a, b := newReplica(t, client(), crm, nil), newReplica(t, client(), crm, nil)
	ctx := context.Background()

	crm.setRefused("lead", true)
	r, err := a.Submit(ctx, sub("key-r", "r"))
	require.NoError(t, err)
	assert.True(t, r.Rejected)
	assert.Contains(t, r.Reason, "disposable")
	r, err = b.Submit(ctx, sub("key-r", "r"))
	require.NoError(t, err)
	assert.True(t, r.Rejected && r.Duplicate, "a repeat gets the first answer")
	assert.EqualValues(t, 1, crm.calls.Load())
	dead, err := a.Rejected(ctx)
	require.NoError(t, err)
	assert.Empty(t, dead, "a refusal the visitor was told of is not kept")

	crm.setRefused("lead", false)
	crm.setRefused("late", true)
	crm.down.Store(true)
	s := sub("key-late", "late")
	s.Kind = "late"
	r, err = a.Submit(ctx, s)
	require.NoError(t, err)
	assert.True(t, r.Queued)
	crm.down.Store(false)
	run(t, b)
	require.Eventually(t, func() bool { return depth(t, b) == 0 }, waitFor, 5*time.Millisecond)
	dead, err = a.Rejected(ctx)
	require.NoError(t, err)
	require.Len(t, dead, 1)
	assert.Equal(t, "key-late", dead[0].Item.Key)
	assert.Contains(t, dead[0].Reason, "disposable")
	r, err = a.Submit(ctx, s)
	require.NoError(t, err)
	assert.True(t, r.Rejected && r.Duplicate, "the refusal is remembered under the key")
}

// A settled key is remembered for KeepKeys (its record expires then); a pending one until it is
// settled, however long that takes.
func TestSettledKeysAreForgottenAfterKeepKeys(t *testing.T) {
	_, client := newRedis(t)
	crm := newCRM()
	rdb := client()
	a := newReplica(t, rdb, crm, nil)
	ctx := context.Background()

	_, err := a.Submit(ctx, sub("key-day", "a"))
	require.NoError(t, err)
	ttl, err := rdb.PTTL(ctx, a.recordKey("key-day")).Result()
	require.NoError(t, err)
	assert.InDelta(t, (24 * time.Hour).Seconds(), ttl.Seconds(), 60, "a settled key is kept a day by default")

	crm.down.Store(true)
	_, err = a.Submit(ctx, sub("key-pending", "p"))
	require.NoError(t, err)
	ttl, err = rdb.PTTL(ctx, a.recordKey("key-pending")).Result()
	require.NoError(t, err)
	assert.Equal(t, time.Duration(-1), ttl, "a pending key never expires")

	crm.down.Store(false)
	short := newReplica(t, rdb, crm, nil, func(o *Options) { o.KeepKeys = 50 * time.Millisecond })
	_, err = short.Submit(ctx, sub("key-short", "a"))
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		r, err := short.Submit(ctx, sub("key-short", "b"))
		return err == nil && !r.Duplicate
	}, waitFor, 5*time.Millisecond, "once forgotten, the key may carry another body")
}

// When Redis cannot take a write it goes to the replica's own outbox, whose worker delivers it;
// the replica stays ready meanwhile. Without a local outbox the write is refused, and the
// replica is not ready.
func TestRedisDownAtSubmitKeepsTheWriteInTheLocalOutbox(t *testing.T) {
	crm := newCRM()
	crm.down.Store(true)
	local, err := outbox.Open(filepath.Join(t.TempDir(), "outbox.db"), outbox.Options{
		Deliver: crm.deliver, RetryMin: 10 * time.Millisecond, RetryMax: 50 * time.Millisecond,
	})
	require.NoError(t, err)
	t.Cleanup(func() { local.Close() })
	var logs bytes.Buffer
	var logMu sync.Mutex
	a := newReplica(t, unreachable(t), crm, local, func(o *Options) {
		o.Log = slog.New(slog.NewTextHandler(lockedWriter{&logMu, &logs}, nil))
	})

	r, err := a.Submit(context.Background(), sub("key-l", "l"))
	require.NoError(t, err)
	assert.Equal(t, outbox.Receipt{Key: "key-l", Queued: true}, r)
	pending, err := local.Pending()
	require.NoError(t, err)
	require.Len(t, pending, 1, "the write is in the local outbox")
	logMu.Lock()
	assert.Contains(t, logs.String(), "kept in this replica's own outbox")
	logMu.Unlock()
	assert.NoError(t, a.Ready(), "ready: the local outbox takes writes")
	_, _, err = a.Stats()
	assert.Error(t, err, "the depth is unknown while Redis is away")

	crm.down.Store(false)
	run(t, a)
	require.Eventually(t, func() bool { return len(crm.storedKeys()) == 1 }, waitFor, 5*time.Millisecond,
		"the local outbox's worker runs with the shared one")
	require.Eventually(t, func() bool { d, _, err := local.Stats(); return err == nil && d == 0 }, waitFor, 5*time.Millisecond)

	alone := newReplica(t, unreachable(t), crm, nil)
	_, err = alone.Submit(context.Background(), sub("key-n", "n"))
	assert.Error(t, err, "stored nowhere: not accepted")
	assert.Error(t, alone.Ready())
}

type lockedWriter struct {
	mu *sync.Mutex
	w  *bytes.Buffer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// A round in which every delivery failed pauses the worker for a growing back-off step; a round
// that delivered goes on at once; an idle one waits Poll.
func TestFailingRoundsBackOff(t *testing.T) {
	_, client := newRedis(t)
	crm := newCRM()
	crm.down.Store(true)
	a := newReplica(t, client(), crm, nil, func(o *Options) {
		o.RetryMin, o.RetryMax, o.Poll, o.ClaimIdle = 100*time.Millisecond, 400*time.Millisecond, time.Hour, time.Hour
	})
	ctx := context.Background()
	for i := range 20 {
		_, err := a.Submit(ctx, sub(fmt.Sprintf("key-%d", i), fmt.Sprint(i)))
		require.NoError(t, err)
	}
	before := crm.calls.Load()
	for n, step := range []time.Duration{100, 200, 400, 400} {
		wait := a.round(ctx)
		assert.GreaterOrEqual(t, wait, step*time.Millisecond/2, "round %d", n+1)
		assert.LessOrEqual(t, wait, step*time.Millisecond, "round %d", n+1)
	}
	assert.EqualValues(t, 4*4, crm.calls.Load()-before, "Workers (4) attempts a round")
	crm.down.Store(false)
	assert.Equal(t, time.Duration(0), a.round(ctx), "a round that delivered goes on at once")
	assert.Equal(t, 0, a.failedRounds)
	for a.round(ctx) == 0 {
	}
	// The 16 that failed wait for ClaimIdle (an hour): the worker has nothing to do.
	assert.Equal(t, time.Hour, a.round(ctx))
	assert.Equal(t, 16, depth(t, a))
}

// The depth counts the writes in Redis and in the local outbox; the age is the oldest's.
func TestStatsCountRedisAndTheLocalOutbox(t *testing.T) {
	_, client := newRedis(t)
	crm := newCRM()
	crm.down.Store(true)
	start := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	now := start
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	local, err := outbox.Open(filepath.Join(t.TempDir(), "outbox.db"), outbox.Options{Deliver: crm.deliver, Now: clock})
	require.NoError(t, err)
	t.Cleanup(func() { local.Close() })
	_, err = local.Submit(context.Background(), sub("key-local", "l"))
	require.NoError(t, err)
	a := newReplica(t, client(), crm, local, func(o *Options) { o.Now = clock })
	mu.Lock()
	now = start.Add(time.Minute)
	mu.Unlock()
	for i := range 3 {
		_, err := a.Submit(context.Background(), sub(fmt.Sprintf("key-%d", i), fmt.Sprint(i)))
		require.NoError(t, err)
	}
	mu.Lock()
	now = start.Add(5 * time.Minute)
	mu.Unlock()
	d, oldest, err := a.Stats()
	require.NoError(t, err)
	assert.Equal(t, 4, d)
	assert.Equal(t, 5*time.Minute, oldest, "the local write is the oldest")
}

// A Redis that lost its data (the stream and the group with it) gets a new group from the
// workers, which go on delivering.
func TestTheWorkerRecreatesALostGroup(t *testing.T) {
	_, client := newRedis(t)
	crm := newCRM()
	rdb := client()
	a := newReplica(t, rdb, crm, nil)
	ctx := context.Background()
	crm.down.Store(true)
	_, err := a.Submit(ctx, sub("key-1", "1"))
	require.NoError(t, err)
	crm.down.Store(false)
	run(t, a)
	require.Eventually(t, func() bool { return depth(t, a) == 0 }, waitFor, 5*time.Millisecond)

	require.NoError(t, rdb.FlushAll(ctx).Err())
	crm.down.Store(true)
	_, err = a.Submit(ctx, sub("key-2", "2"))
	require.NoError(t, err)
	crm.down.Store(false)
	require.Eventually(t, func() bool { return len(crm.storedKeys()) == 2 }, waitFor, 5*time.Millisecond)
}

// Entries another replica is delivering (their leases held) do not hold back the worker: it goes
// on at once to the next ones instead of waiting Poll.
func TestLeasedEntriesDoNotHoldTheWorkerBack(t *testing.T) {
	_, client := newRedis(t)
	crm := newCRM()
	rdb := client()
	a := newReplica(t, rdb, crm, nil, func(o *Options) { o.Poll, o.ClaimIdle = time.Hour, time.Hour })
	ctx := context.Background()
	crm.down.Store(true)
	for i := range 8 {
		key := fmt.Sprintf("key-%d", i)
		_, err := a.Submit(ctx, sub(key, fmt.Sprint(i)))
		require.NoError(t, err)
		if i < 4 { // the first four are being delivered elsewhere
			require.NoError(t, rdb.Set(ctx, a.leaseKey(key), "another replica", time.Hour).Err())
		}
	}
	crm.down.Store(false)
	assert.Equal(t, time.Duration(0), a.round(ctx), "a round of leased entries goes on at once")
	assert.Equal(t, time.Duration(0), a.round(ctx))
	assert.Len(t, crm.storedKeys(), 4, "the next four are delivered")
	assert.Equal(t, time.Hour, a.round(ctx), "then there is nothing to do")
}
