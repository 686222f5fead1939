package shared

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/redistest"
)

var contentPolicy = cache.Policy{Fresh: time.Minute, Stale: time.Minute, IfError: time.Hour}

// observed is a cache.Shared that counts the locks refused to its replica: a replica that is
// refused the lock waits for another's answer.
type observed struct {
	cache.Shared
	refused *atomic.Int32
}

func (o observed) Lock(ctx context.Context, key string, lease time.Duration) (func(), bool, error) {
	release, taken, err := o.Shared.Lock(ctx, key, lease)
	if err == nil && !taken {
		o.refused.Add(1)
	}
	return release, taken, err
}

// contentReplicas returns n content caches, each with a Redis client of its own (n replicas), all
// sharing one Redis; refused counts the locks any of them was refused.
func contentReplicas(t *testing.T, n int) (caches []*cache.Cache, refused *atomic.Int32, clients []*redis.Client) {
	t.Helper()
	_, clients = replicas(t, n)
	refused = &atomic.Int32{}
	for _, c := range clients {
		cc := cache.New(time.Minute)
		cc.SetShared(observed{NewContentCache(c, testPrefix), refused})
		caches = append(caches, cc)
	}
	return caches, refused, clients
}

// coldLoads runs m concurrent loads of key on each of caches, with fetches that each answer body
// but only once every load has started and another replica waits for the first fetch (when
// refused is not nil), so that every load finds the key cold. It returns the upstream calls and
// the loads that got body.
func coldLoads(t *testing.T, caches []*cache.Cache, m int, key, body string, refused *atomic.Int32) (calls, served int32) {
	t.Helper()
	var started, fetches, ok atomic.Int32
	all := int32(len(caches) * m)
	fetch := func(ctx context.Context) ([]byte, error) {
		fetches.Add(1)
		for started.Load() < all || (refused != nil && refused.Load() < 2) {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(time.Millisecond): // polls a condition, as require.Eventually does
			}
		}
		return []byte(body), nil
	}
	var wg sync.WaitGroup
	for _, c := range caches {
		for range m {
			wg.Go(func() {
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				defer cancel()
				started.Add(1)
				e, _, err := c.Load(ctx, key, "/r", contentPolicy, 10*time.Second, fetch)
				if assert.NoError(t, err) && string(e.Body) == body {
					ok.Add(1)
				}
			})
		}
	}
	wg.Wait()
	return fetches.Load(), ok.Load()
}

// Two replicas × 50 concurrent cold loads of one key: one CMS call, and every load gets the
// answer. Without the shared tier each replica makes its own call.
func TestColdLoadsOfTwoReplicasMakeOneCall(t *testing.T) {
	caches, refused, _ := contentReplicas(t, 2)
	calls, served := coldLoads(t, caches, 50, "k", `{"data":1}`, refused)
	assert.EqualValues(t, 1, calls, "CMS calls")
	assert.EqualValues(t, 100, served)

	local := []*cache.Cache{cache.New(time.Minute), cache.New(time.Minute)}
	calls, served = coldLoads(t, local, 50, "k", `{"data":1}`, nil)
	assert.EqualValues(t, 2, calls, "CMS calls without the shared tier")
	assert.EqualValues(t, 100, served)
}

// The figures: N replicas × M concurrent cold loads of one key → CMS calls, with and without the
// shared tier.
func TestColdLoadFigures(t *testing.T) {
	for _, nm := range [][2]int{{2, 50}, {3, 100}, {5, 20}} {
		n, m := nm[0], nm[1]
		caches, refused, _ := contentReplicas(t, n)
		shared, served := coldLoads(t, caches, m, "k", "x", refused)
		require.EqualValues(t, n*m, served)
		local := make([]*cache.Cache, n)
		for i := range local {
			local[i] = cache.New(time.Minute)
		}
		alone, served := coldLoads(t, local, m, "k", "x", nil)
		require.EqualValues(t, n*m, served)
		t.Logf("%d replicas × %d concurrent cold loads of one key: %d CMS call(s) with the shared tier, %d without", n, m, shared, alone)
		assert.EqualValues(t, 1, shared)
		assert.EqualValues(t, n, alone)
	}
}

// When the lock holder's fetch fails, the replica that waited does not hang: the holder's callers
// get the error at once, and the waiting replica, given the lock, asks the CMS itself.
func TestAFailedFetchHandsTheLockOn(t *testing.T) {
	caches, refused, _ := contentReplicas(t, 2)
	var calls atomic.Int32
	var failures, successes atomic.Int32
	// The first call fails once the other replica waits; the next one answers.
	fetch := func(ctx context.Context) ([]byte, error) {
		if calls.Add(1) == 1 {
			for refused.Load() < 2 {
				select {
				case <-ctx.Done():
					return nil, ctx.Err()
				case <-time.After(time.Millisecond): // polls a condition
				}
			}
			return nil, errors.New("cms down")
		}
		return []byte("ok"), nil
	}
	var wg sync.WaitGroup
	start := time.Now()
	for i := range 20 {
		c := caches[i%2]
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			e, _, err := c.Load(ctx, "k", "/r", contentPolicy, 10*time.Second, fetch)
			if err != nil {
				failures.Add(1)
				return
			}
			if string(e.Body) == "ok" {
				successes.Add(1)
			}
		})
	}
	wg.Wait()
	assert.EqualValues(t, 2, calls.Load(), "the holder's call, then the waiter's")
	assert.EqualValues(t, 10, failures.Load(), "the holder's callers get its error")
	assert.EqualValues(t, 10, successes.Load(), "the waiter's callers get its answer")
	assert.Less(t, time.Since(start), 5*time.Second, "nobody waits for a lease to run out")
}

// A replica that died holding a key's lock holds nobody up beyond the lock's lease: the waiting
// replica sees the lock gone and no answer, and asks the CMS itself.
func TestALockOfADeadReplicaEndsWithItsLease(t *testing.T) {
	caches, _, clients := contentReplicas(t, 1)
	cc := NewContentCache(clients[0], testPrefix)
	_, taken, err := cc.Lock(context.Background(), "k", 300*time.Millisecond) // never released
	require.NoError(t, err)
	require.True(t, taken)

	var calls atomic.Int32
	start := time.Now()
	e, res, err := caches[0].Load(context.Background(), "k", "/r", contentPolicy, 10*time.Second, func(context.Context) ([]byte, error) {
		calls.Add(1)
		return []byte("ok"), nil
	})
	require.NoError(t, err)
	assert.Equal(t, cache.Miss, res)
	assert.Equal(t, "ok", string(e.Body))
	assert.EqualValues(t, 1, calls.Load())
	waited := time.Since(start)
	assert.GreaterOrEqual(t, waited, 250*time.Millisecond, "it waited while the lock was held")
	assert.Less(t, waited, 2*time.Second, "and took over once its lease ended")
}

// With Redis stopped, loads answer from the CMS at once, as without a shared tier, and no error
// reaches the caller.
func TestLoadsWorkWithRedisStopped(t *testing.T) {
	c := cache.New(time.Minute)
	c.SetShared(NewContentCache(unreachable(t), testPrefix))
	var calls atomic.Int32
	start := time.Now()
	for i := range 3 {
		e, res, err := c.Load(context.Background(), fmt.Sprint("k", i), "/r", contentPolicy, 10*time.Second, func(context.Context) ([]byte, error) {
			calls.Add(1)
			return []byte("ok"), nil
		})
		require.NoError(t, err)
		assert.Equal(t, cache.Miss, res)
		assert.Equal(t, "ok", string(e.Body))
	}
	assert.EqualValues(t, 3, calls.Load())
	assert.Less(t, time.Since(start), time.Second)
}

// A Redis that accepts connections and never answers costs a load about one of the client's
// time-outs, then the load answers from the CMS. The client is set up as the BFF's is: short
// read and write time-outs, so that a hung Redis never holds a visitor long.
func TestAHungRedisCostsALoadOneTimeout(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { _ = ln.Close() })
	var conns []net.Conn
	var mu sync.Mutex
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c) // held open, never answered
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			_ = c.Close()
		}
	})
	const timeout = 500 * time.Millisecond
	rc := redis.NewClient(&redis.Options{Addr: ln.Addr().String(), ReadTimeout: timeout, WriteTimeout: timeout, DialTimeout: timeout})
	t.Cleanup(func() { _ = rc.Close() })
	c := cache.New(time.Minute)
	c.SetShared(NewContentCache(rc, testPrefix))
	start := time.Now()
	e, res, err := c.Load(context.Background(), "k", "/r", contentPolicy, 10*time.Second, func(context.Context) ([]byte, error) { return []byte("ok"), nil })
	require.NoError(t, err)
	assert.Equal(t, cache.Miss, res)
	assert.Equal(t, "ok", string(e.Body))
	assert.Less(t, time.Since(start), timeout*8/5, "one time-out, not one per step")
}

// Redis going away under running replicas: their loads go on from the CMS; when it is back,
// the replicas share again.
func TestLoadsGoOnWhenRedisStopsUnderThem(t *testing.T) {
	srv, _ := replicas(t, 0)
	newReplica := func() *cache.Cache {
		rc := redis.NewClient(&redis.Options{Addr: srv.Addr, DialerRetries: 1, MaxRetries: -1})
		t.Cleanup(func() { _ = rc.Close() })
		c := cache.New(time.Minute)
		c.SetShared(NewContentCache(rc, testPrefix))
		return c
	}
	a, b := newReplica(), newReplica()
	fetch := func(context.Context) ([]byte, error) { return []byte("ok"), nil }
	_, _, err := a.Load(context.Background(), "before", "/r", contentPolicy, 10*time.Second, fetch)
	require.NoError(t, err)
	_, res, err := b.Load(context.Background(), "before", "/r", contentPolicy, 10*time.Second, fetch)
	require.NoError(t, err)
	assert.Equal(t, cache.Hit, res, "shared while Redis runs")

	srv.Stop()
	e, res, err := b.Load(context.Background(), "during", "/r", contentPolicy, 10*time.Second, fetch)
	require.NoError(t, err)
	assert.Equal(t, cache.Miss, res)
	assert.Equal(t, "ok", string(e.Body))
}

// What Redis holds of an answer: under a hash of the cache key (a search's words never reach
// Redis), until its stale window ends, and it reads back as it was written.
func TestSharedAnswersAreKeyedByHashAndExpireWithTheirEntry(t *testing.T) {
	caches, _, clients := contentReplicas(t, 1)
	key := "/prod-api/bff/search?q=robot+arm\x00en"
	_, _, err := caches[0].Load(context.Background(), key, "/r", contentPolicy, 10*time.Second, func(context.Context) ([]byte, error) {
		return []byte(`{"results":[]}`), nil
	})
	require.NoError(t, err)
	ctx := context.Background()
	keys, err := clients[0].Keys(ctx, "*").Result()
	require.NoError(t, err)
	require.Len(t, keys, 1, "the answer, and no lock left behind")
	assert.True(t, strings.HasPrefix(keys[0], testPrefix+"content:"), keys[0])
	assert.NotContains(t, keys[0], "robot")
	ttl, err := clients[0].PTTL(ctx, keys[0]).Result()
	require.NoError(t, err)
	assert.InDelta(t, (contentPolicy.Fresh + contentPolicy.Stale).Seconds(), ttl.Seconds(), 5)

	cc := NewContentCache(clients[0], testPrefix)
	se, found, err := cc.Get(ctx, key)
	require.NoError(t, err)
	require.True(t, found)
	assert.Equal(t, 200, se.Status)
	raw, err := clients[0].Get(ctx, keys[0]).Bytes()
	require.NoError(t, err)
	assert.Less(t, len(raw), len(se.Gzip)+16, "a few bytes besides the gzip body")
}

// Anything in Redis that is not an answer of this layout is no answer.
func TestDecodeEntryRefusesWhatIsNotAnAnswer(t *testing.T) {
	at := time.UnixMicro(1_790_000_000_000_000)
	want := cache.SharedEntry{Gzip: []byte{1, 2, 3}, Status: 404, StoredAt: at, Tags: []string{"product|101", "*"}}
	b := encodeEntry(want)
	e, ok := decodeEntry(b)
	require.True(t, ok)
	assert.Equal(t, want, e)
	untagged := encodeEntry(cache.SharedEntry{Gzip: []byte{1}, Status: 200, StoredAt: at})
	// A tag longer than what follows it, and a count of tags larger than the bytes left.
	longTag := append(untagged[:len(untagged)-2:len(untagged)-2], 1, 50, 'x')
	manyTags := append(untagged[:len(untagged)-2:len(untagged)-2], 200)
	for _, bad := range [][]byte{nil, {}, {2}, {entryVersion}, {entryVersion, 0}, {entryVersion, 0x80}, append([]byte{9}, b[1:]...), longTag, manyTags} {
		_, ok := decodeEntry(bad)
		assert.False(t, ok, "%v", bad)
	}
}

// BenchmarkColdKeyAcrossReplicas measures one cold key asked for by 3 replicas × 100 concurrent
// requests at once, with a CMS that takes 20 ms to answer: the CMS calls each time, and the
// slowest request's wait (waiters poll the shared tier with growing pauses, so they answer
// somewhat after the fetch). Each iteration asks for a key of its own.
func BenchmarkColdKeyAcrossReplicas(b *testing.B) {
	const n, m, cmsLatency = 3, 100, 20 * time.Millisecond
	for _, withShared := range []bool{false, true} {
		name := "local"
		if withShared {
			name = "shared"
		}
		b.Run(name, func(b *testing.B) {
			srv := redistest.Start(b)
			caches := make([]*cache.Cache, n)
			for i := range caches {
				caches[i] = cache.New(time.Minute)
				if withShared {
					rc := redis.NewClient(&redis.Options{Addr: srv.Addr})
					b.Cleanup(func() { _ = rc.Close() })
					caches[i].SetShared(NewContentCache(rc, testPrefix))
				}
			}
			var calls atomic.Int64
			fetch := func(ctx context.Context) ([]byte, error) {
				calls.Add(1)
				select {
				case <-time.After(cmsLatency):
				case <-ctx.Done():
					return nil, ctx.Err()
				}
				return []byte(`{"data":"x"}`), nil
			}
			var slowest, total time.Duration
			for i := 0; b.Loop(); i++ {
				key := fmt.Sprint("k", i)
				var wg sync.WaitGroup
				var mu sync.Mutex
				var worst time.Duration
				for _, c := range caches {
					for range m {
						wg.Go(func() {
							start := time.Now()
							_, _, err := c.Load(context.Background(), key, "/r", contentPolicy, 10*time.Second, fetch)
							took := time.Since(start)
							if err != nil {
								b.Error(err)
							}
							mu.Lock()
							worst = max(worst, took)
							mu.Unlock()
						})
					}
				}
				wg.Wait()
				slowest = max(slowest, worst)
				total += worst
			}
			b.ReportMetric(float64(calls.Load())/float64(b.N), "cms-calls/op")
			b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "slowest-ms/op")
			b.ReportMetric(float64(slowest.Milliseconds()), "worst-ms")
		})
	}
}

// An answer stored on one replica with its tags is deleted from Redis by a drop of one of them on
// any replica, with the tag's set; an answer of another tag stays.
func TestDropDeletesTheTaggedAnswersFromRedis(t *testing.T) {
	_, clients := replicas(t, 2)
	ctx := context.Background()
	a, b := NewPageCache(clients[0], testPrefix, "b1"), NewPageCache(clients[1], testPrefix, "b1")
	entry := func(tags ...string) cache.SharedEntry {
		return cache.SharedEntry{Gzip: []byte{1}, Status: 200, StoredAt: time.Now(), Tags: tags}
	}
	require.NoError(t, a.Set(ctx, "/en/productDetails/101", entry("product|101", "menu"), time.Minute))
	require.NoError(t, a.Set(ctx, "/en/news", entry("news", "menu"), time.Hour))
	ttl, err := clients[0].PTTL(ctx, a.tagKey("menu")).Result()
	require.NoError(t, err)
	assert.InDelta(t, time.Hour.Seconds(), ttl.Seconds(), 5, "a tag's set lives as long as its longest answer")

	require.NoError(t, b.Drop(ctx, []string{"product|101"}))
	_, found, err := a.Get(ctx, "/en/productDetails/101")
	require.NoError(t, err)
	assert.False(t, found)
	_, found, err = a.Get(ctx, "/en/news")
	require.NoError(t, err)
	assert.True(t, found)
	n, err := clients[0].Exists(ctx, a.tagKey("product|101")).Result()
	require.NoError(t, err)
	assert.Zero(t, n, "the set goes with its answers")

	other := NewPageCache(clients[0], testPrefix, "b2")
	_, found, err = other.Get(ctx, "/en/news")
	require.NoError(t, err)
	assert.False(t, found, "pages of another build are not shared")
}
