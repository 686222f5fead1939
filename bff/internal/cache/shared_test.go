package cache

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// memShared is a Shared in memory, as Redis would keep it for two replicas in one process. Its
// entries expire on the replicas' clock (now, set by twoReplicas); its lock does not. fail makes
// every call fail, as an unreachable Redis does.
type memShared struct {
	mu      sync.Mutex
	now     func() time.Time
	entries map[string]SharedEntry
	ttls    map[string]time.Duration
	expires map[string]time.Time
	locks   map[string]int
	nextID  int
	fail    atomic.Bool
	gets    atomic.Int32
	sets    atomic.Int32
	lockErr atomic.Bool
	// afterRead, when set, runs after Get has read its answer and before it returns it: what
	// another replica does in between.
	afterRead func()
}

var errSharedDown = errors.New("shared tier down")

func newMemShared() *memShared {
	return &memShared{now: time.Now, entries: map[string]SharedEntry{}, ttls: map[string]time.Duration{}, expires: map[string]time.Time{}, locks: map[string]int{}}
}

func (m *memShared) Get(_ context.Context, key string) (SharedEntry, bool, error) {
	m.gets.Add(1)
	if m.fail.Load() {
		return SharedEntry{}, false, errSharedDown
	}
	m.mu.Lock()
	e, ok := m.entries[key]
	if ok && !m.now().Before(m.expires[key]) {
		e, ok = SharedEntry{}, false
	}
	m.mu.Unlock()
	if m.afterRead != nil {
		m.afterRead()
	}
	return e, ok, nil
}

func (m *memShared) Set(_ context.Context, key string, e SharedEntry, ttl time.Duration) error {
	if m.fail.Load() {
		return errSharedDown
	}
	m.sets.Add(1)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.entries[key], m.ttls[key], m.expires[key] = e, ttl, m.now().Add(ttl)
	return nil
}

func (m *memShared) Lock(_ context.Context, key string, _ time.Duration) (func(), bool, error) {
	if m.fail.Load() || m.lockErr.Load() {
		return nil, false, errSharedDown
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, held := m.locks[key]; held {
		return nil, false, nil
	}
	m.nextID++
	id := m.nextID
	m.locks[key] = id
	return func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		if m.locks[key] == id {
			delete(m.locks, key)
		}
	}, true, nil
}

func (m *memShared) Drop(_ context.Context, tags []string) error {
	if m.fail.Load() {
		return errSharedDown
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for key, e := range m.entries {
		if slices.ContainsFunc(e.Tags, func(t string) bool { return slices.Contains(tags, t) }) {
			delete(m.entries, key)
		}
	}
	return nil
}

func (m *memShared) held(key string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.locks[key]
	return ok
}

// twoReplicas returns two caches sharing s, on one clock (which s follows too).
func twoReplicas(s *memShared) (a, b *Cache, clk *clock) {
	a, clk = newTestCache()
	s.now = clk.now
	b = New(time.Minute)
	b.SetClock(clk.now)
	a.SetShared(s)
	b.SetShared(s)
	return a, b, clk
}

// counting returns a fetch of body that counts its calls.
func counting(n *atomic.Int32, body string) Fetch {
	return func(context.Context) ([]byte, error) {
		n.Add(1)
		return []byte(body), nil
	}
}

// An answer one replica fetched is served by another from the shared tier: the same body, gzip
// and ETag, as a hit, without asking the upstream; the shared tier keeps it until its
// stale-if-error window ends.
func TestAnAnswerFetchedByOneReplicaIsServedByAnother(t *testing.T) {
	s := newMemShared()
	a, b, _ := twoReplicas(s)
	var fetches atomic.Int32
	fetch := counting(&fetches, `{"news":[1,2,3]}`)

	ea, res, err := a.Load(context.Background(), "k", "/r", policy, time.Second, fetch)
	require.NoError(t, err)
	assert.Equal(t, Miss, res)
	assert.Equal(t, policy.Fresh+policy.Stale, s.ttls["k"], "kept until its stale window ends")

	eb, res, err := b.Load(context.Background(), "k", "/r", policy, time.Second, fetch)
	require.NoError(t, err)
	assert.Equal(t, Hit, res, "served from the shared tier")
	assert.EqualValues(t, 1, fetches.Load())
	assert.Equal(t, ea.Body, eb.Body)
	assert.Equal(t, ea.Gzip, eb.Gzip)
	assert.Equal(t, ea.ETag, eb.ETag)
	assert.Equal(t, ea.FreshUntil, eb.FreshUntil, "its windows count from when it was fetched")
	assert.Equal(t, "/r", eb.Route)

	again, res := b.Peek("k")
	assert.Equal(t, Hit, res, "and kept by the replica that read it")
	assert.Same(t, eb, again)
	b.checkAccounting(t)
}

// Concurrent cold loads of one key on two replicas make one upstream call. The test runs in a
// synctest bubble, so that the fetch finishes only once every load waits: for it on its replica,
// or, polling, for the shared tier on the other.
func TestColdLoadsOnTwoReplicasMakeOneFetch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newMemShared()
		a, b, _ := twoReplicas(s)
		var fetches atomic.Int32
		release := make(chan struct{})
		fetch := func(context.Context) ([]byte, error) {
			fetches.Add(1)
			<-release
			return []byte("x"), nil
		}
		var wg sync.WaitGroup
		var served atomic.Int32
		for i := range 40 {
			c := []*Cache{a, b}[i%2]
			wg.Go(func() {
				e, _, err := c.Load(context.Background(), "k", "/r", policy, 5*time.Second, fetch)
				if assert.NoError(t, err) && string(e.Body) == "x" {
					served.Add(1)
				}
			})
		}
		synctest.Wait()
		assert.True(t, s.held("k"), "one replica holds the lock while the other waits")
		close(release)
		wg.Wait()
		assert.EqualValues(t, 1, fetches.Load())
		assert.EqualValues(t, 40, served.Load())
		assert.False(t, s.held("k"), "the lock is given back")
	})
}

// A replica that reads no answer and then takes the lock, because the replica that held it
// stored its answer and gave it back in between, takes that answer rather than fetch it again.
func TestTheLockTakenAfterAnotherReplicasFetchFindsItsAnswer(t *testing.T) {
	s := newMemShared()
	_, b, clk := twoReplicas(s)
	theirs := SharedEntry{Gzip: gzipOf(t, "theirs"), Status: 200, StoredAt: clk.now()}
	var once sync.Once
	s.afterRead = func() {
		// The other replica's fetch ends between this replica's read and its lock.
		once.Do(func() { _ = s.Set(context.Background(), "k", theirs, time.Hour) })
	}
	var fetches atomic.Int32
	e, res, err := b.Load(context.Background(), "k", "/r", policy, time.Second, counting(&fetches, "mine"))
	require.NoError(t, err)
	assert.Equal(t, Hit, res)
	assert.Equal(t, "theirs", string(e.Body))
	assert.Zero(t, fetches.Load())
}

// A cold replica serves the shared tier's stale answer at once and refreshes it; the refreshed
// answer reaches the shared tier.
func TestAStaleSharedAnswerIsServedWhileItIsRefreshed(t *testing.T) {
	s := newMemShared()
	a, b, clk := twoReplicas(s)
	var fetches atomic.Int32
	_, _, err := a.Load(context.Background(), "k", "/r", policy, time.Second, counting(&fetches, "1"))
	require.NoError(t, err)

	clk.advance(policy.Fresh + time.Second)
	e, res, err := b.Load(context.Background(), "k", "/r", policy, time.Second, counting(&fetches, "2"))
	require.NoError(t, err)
	assert.Equal(t, Stale, res)
	assert.Equal(t, "1", string(e.Body))
	require.Eventually(t, func() bool { e, res := b.Peek("k"); return res == Hit && string(e.Body) == "2" }, 5*time.Second, time.Millisecond)
	assert.EqualValues(t, 2, fetches.Load())

	e, res = a.Peek("k")
	assert.Equal(t, Stale, res, "the first replica's own entry is stale")
	assert.Equal(t, "1", string(e.Body))
	require.Eventually(t, func() bool { e, res := a.Peek("k"); return res == Hit && string(e.Body) == "2" }, 5*time.Second, time.Millisecond,
		"its refresh finds the other replica's answer")
	assert.EqualValues(t, 2, fetches.Load(), "without asking the upstream")
}

// An answer leaves the shared tier when its stale window ends: a cold replica then needs the
// upstream, while the replica that has the answer serves it while the upstream fails.
func TestTheStaleIfErrorWindowIsSpentInEachReplica(t *testing.T) {
	s := newMemShared()
	a, b, clk := twoReplicas(s)
	fetch := func(context.Context) ([]byte, error) { return []byte("1"), nil }
	_, _, err := a.Load(context.Background(), "k", "/r", policy, time.Second, fetch)
	require.NoError(t, err)

	clk.advance(policy.Fresh + policy.Stale + time.Second)
	failing := func(context.Context) ([]byte, error) { return nil, errors.New("cms down") }
	_, _, err = b.Load(context.Background(), "k", "/r", policy, time.Second, failing)
	require.Error(t, err, "the shared tier no longer has it")
	e, res, err := a.Load(context.Background(), "k", "/r", policy, time.Second, failing)
	require.NoError(t, err)
	assert.Equal(t, StaleIfError, res)
	assert.Equal(t, "1", string(e.Body))
}

// An answer that the shared tier still holds past its stale window (stored by a replica whose
// clock runs behind) serves a cold replica whose upstream fails, within its stale-if-error
// window.
func TestASharedAnswerServesAColdReplicaWhileTheUpstreamFails(t *testing.T) {
	s := newMemShared()
	_, b, clk := twoReplicas(s)
	storedAt := clk.now().Add(-(policy.Fresh + policy.Stale + time.Second))
	require.NoError(t, s.Set(context.Background(), "k", SharedEntry{Gzip: gzipOf(t, "1"), Status: 200, StoredAt: storedAt}, time.Hour))

	failing := func(context.Context) ([]byte, error) { return nil, errors.New("cms down") }
	e, res, err := b.Load(context.Background(), "k", "/r", policy, time.Second, failing)
	require.NoError(t, err)
	assert.Equal(t, StaleIfError, res)
	assert.Equal(t, "1", string(e.Body))
	assert.False(t, s.held("k"), "the lock is given back after the failed fetch")
}

// A failed fetch stores nothing in the shared tier and gives the lock back: the next replica
// tries the upstream itself.
func TestAFailedFetchIsNotShared(t *testing.T) {
	s := newMemShared()
	a, b, _ := twoReplicas(s)
	_, _, err := a.Load(context.Background(), "k", "/r", policy, time.Second, func(context.Context) ([]byte, error) { return nil, errors.New("cms down") })
	require.Error(t, err)
	assert.Empty(t, s.entries)
	assert.False(t, s.held("k"))

	var fetches atomic.Int32
	e, res, err := b.Load(context.Background(), "k", "/r", policy, time.Second, counting(&fetches, "ok"))
	require.NoError(t, err)
	assert.Equal(t, Miss, res)
	assert.Equal(t, "ok", string(e.Body))
	assert.EqualValues(t, 1, fetches.Load())
}

// When the shared tier fails, loads fetch as they would without it: at once, and nothing more
// is asked of the tier for that load.
func TestAFailingSharedTierLeavesLoadsAsWithoutIt(t *testing.T) {
	s := newMemShared()
	a, _, _ := twoReplicas(s)
	s.fail.Store(true)
	var fetches atomic.Int32
	e, res, err := a.Load(context.Background(), "k", "/r", policy, time.Second, counting(&fetches, "x"))
	require.NoError(t, err)
	assert.Equal(t, Miss, res)
	assert.Equal(t, "x", string(e.Body))
	assert.EqualValues(t, 1, s.gets.Load())

	// A tier that answers reads but fails to lock: fetched at once too, and not stored there.
	s.fail.Store(false)
	s.lockErr.Store(true)
	e, res, err = a.Load(context.Background(), "other", "/r", policy, time.Second, counting(&fetches, "y"))
	require.NoError(t, err)
	assert.Equal(t, Miss, res)
	assert.Equal(t, "y", string(e.Body))
	assert.Zero(t, s.sets.Load())
}

// A waiter whose lock holder neither stores an answer nor gives the lock back (its replica died)
// fetches the answer itself once the lock's lease would have ended, and shares it. The bubble's
// clock makes the wait instant.
func TestAWaiterFetchesItselfWhenTheHolderDied(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newMemShared()
		_, b, _ := twoReplicas(s)
		_, taken, err := s.Lock(context.Background(), "k", time.Second) // the dead replica's lock
		require.NoError(t, err)
		require.True(t, taken)

		var fetches atomic.Int32
		const limit = 100 * time.Millisecond
		start := time.Now()
		e, res, err := b.Load(context.Background(), "k", "/r", policy, limit, counting(&fetches, "x"))
		require.NoError(t, err)
		assert.Equal(t, Miss, res)
		assert.Equal(t, "x", string(e.Body))
		assert.EqualValues(t, 1, fetches.Load())
		waited := time.Since(start)
		assert.GreaterOrEqual(t, waited, limit+sharedMargin, "it waited for the holder's lease")
		assert.Less(t, waited, limit+sharedMargin+time.Second, "and no longer")
		assert.EqualValues(t, 1, s.sets.Load(), "the answer is shared")
	})
}

// A caller that waits for another replica's fetch gives up with its own context; the wait goes
// on for the others.
func TestAWaiterGivesUpWithItsContext(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newMemShared()
		_, b, clk := twoReplicas(s)
		_, _, err := s.Lock(context.Background(), "k", time.Second) // another replica's fetch
		require.NoError(t, err)
		var fetches atomic.Int32
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		_, _, err = b.Load(ctx, "k", "/r", policy, time.Second, counting(&fetches, "x"))
		assert.ErrorIs(t, err, context.DeadlineExceeded)

		// The other replica stores its answer: the wait that went on finds it.
		require.NoError(t, s.Set(context.Background(), "k", SharedEntry{Gzip: gzipOf(t, "y"), Status: 200, StoredAt: clk.now()}, time.Hour))
		e, res, err := b.Load(context.Background(), "k", "/r", policy, time.Second, counting(&fetches, "x"))
		require.NoError(t, err)
		assert.Equal(t, Hit, res)
		assert.Equal(t, "y", string(e.Body))
		assert.Zero(t, fetches.Load())
	})
}

// A cache that follows a generation (the page cache) keeps away from the shared tier.
func TestACacheThatFollowsAGenerationDoesNotShare(t *testing.T) {
	s := newMemShared()
	a, _, _ := twoReplicas(s)
	a.Generation = &Generation{}
	_, _, err := a.Load(context.Background(), "k", "/r", policy, time.Second, func(context.Context) ([]byte, error) { return []byte("x"), nil })
	require.NoError(t, err)
	assert.Zero(t, s.gets.Load())
	assert.Empty(t, s.entries)
}

// An uncacheable answer is not shared.
func TestAnUncacheableAnswerIsNotShared(t *testing.T) {
	s := newMemShared()
	a, _, _ := twoReplicas(s)
	_, _, err := a.LoadAnswer(context.Background(), "k", "page", htmlFormat, policy, time.Second, func(context.Context) (Answer, error) {
		return Answer{}, &passOn{}
	})
	require.ErrorIs(t, err, ErrUncacheable)
	assert.Empty(t, s.entries)
	assert.False(t, s.held("k"))
}

// An answer that is not 200 (a stored 404 page) keeps its status and format through the shared
// tier.
func TestASharedAnswerKeepsItsStatusAndFormat(t *testing.T) {
	s := newMemShared()
	a, b, _ := twoReplicas(s)
	fetch := func(context.Context) (Answer, error) { return Answer{Body: []byte("<p>gone</p>"), Status: 404}, nil }
	_, _, err := a.LoadAnswer(context.Background(), "k", "page", htmlFormat, policy, time.Second, fetch)
	require.NoError(t, err)
	e, res, err := b.LoadAnswer(context.Background(), "k", "page", htmlFormat, policy, time.Second, fetch)
	require.NoError(t, err)
	assert.Equal(t, Hit, res)
	assert.Equal(t, 404, e.Status)
	assert.Same(t, htmlFormat, e.format)
}

// An answer in the shared tier that cannot be read is treated as none: fetched and replaced.
func TestAnUnreadableSharedAnswerIsReplaced(t *testing.T) {
	s := newMemShared()
	a, _, clk := twoReplicas(s)
	s.entries["k"] = SharedEntry{Gzip: []byte("not gzip"), Status: 200, StoredAt: clk.now()}
	var fetches atomic.Int32
	e, res, err := a.Load(context.Background(), "k", "/r", policy, time.Second, counting(&fetches, "x"))
	require.NoError(t, err)
	assert.Equal(t, Miss, res)
	assert.Equal(t, "x", string(e.Body))
	assert.EqualValues(t, 1, fetches.Load())
}

func gzipOf(t *testing.T, body string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	_, err := zw.Write([]byte(body))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return b.Bytes()
}
