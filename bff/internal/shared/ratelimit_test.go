package shared

import (
	"context"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

// clock is a test clock that moves only when told.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// A limit of 3 codes a minute per phone holds across two replicas: the fourth is refused on
// whichever replica it reaches, with the exact wait, and is allowed once the first leaves the
// window.
func TestLimiterHoldsAcrossReplicas(t *testing.T) {
	_, c := replicas(t, 2)
	clk := newClock()
	rule := ratelimit.Rule{Limit: 3, Window: time.Minute}
	a := NewLimiter(c[0], testPrefix, "code", clk.Now, rule)
	b := NewLimiter(c[1], testPrefix, "code", clk.Now, rule)

	for i, l := range []*Limiter{a, b, a} {
		ok, _ := l.Allow("13800000000")
		require.True(t, ok, "event %d", i+1)
		clk.Add(10 * time.Second)
	}
	for _, l := range []*Limiter{a, b} {
		ok, wait := l.Allow("13800000000")
		assert.False(t, ok)
		assert.Equal(t, 30*time.Second, wait, "the first event leaves the window 60 s after it came")
	}
	ok, _ := b.Allow("13900000000")
	assert.True(t, ok, "another phone has its own count")
	other, _ := NewLimiter(c[1], testPrefix, "lookup", clk.Now, rule).Allow("13800000000")
	assert.True(t, other, "another limiter has its own count")

	clk.Add(30 * time.Second)
	ok, _ = b.Allow("13800000000")
	assert.True(t, ok, "room once the first event is a minute old")
}

// Of many replicas' requests at once, exactly Limit are allowed.
func TestLimiterConcurrentEventsAllowExactlyTheLimit(t *testing.T) {
	_, c := replicas(t, 2)
	rule := ratelimit.Rule{Limit: 10, Window: time.Hour}
	ls := []*Limiter{NewLimiter(c[0], testPrefix, "ip", nil, rule), NewLimiter(c[1], testPrefix, "ip", nil, rule)}
	var allowed atomic.Int32
	var wg sync.WaitGroup
	for i := range 60 {
		wg.Go(func() {
			if ok, _ := ls[i%2].Allow("203.0.113.9"); ok {
				allowed.Add(1)
			}
		})
	}
	wg.Wait()
	assert.EqualValues(t, 10, allowed.Load())
}

// Refund gives back the newest event and Reset all of them, on every replica.
func TestLimiterRefundAndReset(t *testing.T) {
	_, c := replicas(t, 2)
	clk := newClock()
	rule := ratelimit.Rule{Limit: 2, Window: time.Hour}
	a := NewLimiter(c[0], testPrefix, "code", clk.Now, rule)
	b := NewLimiter(c[1], testPrefix, "code", clk.Now, rule)
	for range 2 {
		ok, _ := a.Allow("k")
		require.True(t, ok)
		clk.Add(time.Second)
	}
	ok, _ := b.Allow("k")
	require.False(t, ok)

	b.Refund("k")
	ok, _ = b.Allow("k")
	assert.True(t, ok, "a refunded event makes room")
	ok, wait := a.Allow("k")
	assert.False(t, ok)
	assert.Equal(t, time.Hour-2*time.Second, wait, "the oldest event was kept, the newest refunded")

	a.Reset("k")
	ok, _ = b.Allow("k")
	assert.True(t, ok, "reset on one replica, free on the other")
}

// The shared limiter answers as ratelimit.Limiter does, waits included, for the same events at
// the same times, under several rules (the differential check of the script).
func TestLimiterAnswersAsTheMemoryLimiter(t *testing.T) {
	_, c := replicas(t, 1)
	clk := newClock()
	rules := []ratelimit.Rule{{Limit: 1, Window: 5 * time.Second}, {Limit: 4, Window: time.Minute}, {Limit: 6, Window: 10 * time.Minute}}
	shared := NewLimiter(c[0], testPrefix, "diff", clk.Now, rules...)
	memory := ratelimit.New(clk.Now, rules...)
	rnd := rand.New(rand.NewPCG(1, 2))
	keys := []string{"a", "b"}
	answers := map[bool]int{}
	for i := range 400 {
		clk.Add(time.Duration(rnd.IntN(8000)) * time.Millisecond)
		key := keys[rnd.IntN(len(keys))]
		if rnd.IntN(10) == 0 {
			shared.Refund(key)
			memory.Refund(key)
			continue
		}
		gotOK, gotWait := shared.Allow(key)
		wantOK, wantWait := memory.Allow(key)
		require.Equal(t, wantOK, gotOK, "event %d", i)
		require.Equal(t, wantWait, gotWait, "event %d", i)
		answers[gotOK]++
	}
	assert.Greater(t, answers[true], 50, "allowed events")
	assert.Greater(t, answers[false], 50, "refused events")
}

// A key lives in Redis as long as its longest window, under a hash rather than the phone number.
func TestLimiterKeysExpireAndCarryNoPersonalData(t *testing.T) {
	_, c := replicas(t, 1)
	l := NewLimiter(c[0], testPrefix, "code", nil, ratelimit.Rule{Limit: 1, Window: time.Minute}, ratelimit.Rule{Limit: 5, Window: time.Hour})
	ok, _ := l.Allow("13800000000")
	require.True(t, ok)
	keys, err := c[0].Keys(context.Background(), "*").Result()
	require.NoError(t, err)
	require.Len(t, keys, 1)
	assert.NotContains(t, keys[0], "13800000000")
	ttl, err := c[0].PTTL(context.Background(), keys[0]).Result()
	require.NoError(t, err)
	assert.Greater(t, ttl, 59*time.Minute)
	assert.LessOrEqual(t, ttl, time.Hour)
}

// Without Redis the replica's own limiter of the same rules answers.
func TestLimiterWithoutRedisLimitsInTheReplica(t *testing.T) {
	clk := newClock()
	l := NewLimiter(unreachable(t), testPrefix, "code", clk.Now, ratelimit.Rule{Limit: 1, Window: time.Minute})
	ok, _ := l.Allow("k")
	assert.True(t, ok)
	ok, wait := l.Allow("k")
	assert.False(t, ok)
	assert.Equal(t, time.Minute, wait)
}

// The shared growing delays answer as ratelimit.NewBackoff's do, waits included, for the same
// failures at the same times, with refunds (attempts that were no failures) and resets
// (successes): the differential check of the script.
func TestBackoffAnswersAsTheMemoryBackoff(t *testing.T) {
	_, c := replicas(t, 1)
	for _, b := range []ratelimit.Backoff{
		{Free: 5, Base: time.Second, Max: 15 * time.Minute, Window: 24 * time.Hour},
		{Free: 2, Base: 3 * time.Second, Max: time.Minute, Window: 10 * time.Minute},
		{Free: 0, Base: time.Second, Max: 4 * time.Second, Window: 20 * time.Second},
	} {
		clk := newClock()
		shared := NewBackoff(c[0], testPrefix, "diff-"+b.String(), clk.Now, b)
		memory := ratelimit.NewBackoff(clk.Now, b)
		rnd := rand.New(rand.NewPCG(3, 4))
		keys := []string{"a", "b"}
		answers := map[bool]int{}
		for i := range 600 {
			clk.Add(time.Duration(rnd.IntN(int(b.Max/time.Millisecond)/3+1)) * time.Millisecond)
			key := keys[rnd.IntN(len(keys))]
			switch rnd.IntN(20) {
			case 0:
				shared.Reset(key)
				memory.Reset(key)
				continue
			case 1, 2:
				shared.Refund(key)
				memory.Refund(key)
				continue
			}
			gotOK, gotWait := shared.Allow(key)
			wantOK, wantWait := memory.Allow(key)
			require.Equal(t, wantOK, gotOK, "%s: attempt %d", b, i)
			require.Equal(t, wantWait, gotWait, "%s: attempt %d", b, i)
			answers[gotOK]++
		}
		assert.Greater(t, answers[true], 50, "%s: allowed attempts", b)
		assert.Greater(t, answers[false], 50, "%s: refused attempts", b)
	}
}

// Failures on one replica earn delays on the other: after the free failures spread over two
// replicas, the next attempt waits the first delay on either, and a success (Reset) on one
// clears them on both.
func TestBackoffHoldsAcrossReplicas(t *testing.T) {
	_, c := replicas(t, 2)
	clk := newClock()
	b := ratelimit.Backoff{Free: 3, Base: 2 * time.Second, Max: time.Minute, Window: time.Hour}
	ls := []ratelimit.KeyLimiter{Limiters(c[0], testPrefix, clk.Now).Backoff("login", b), Limiters(c[1], testPrefix, clk.Now).Backoff("login", b)}
	for i := range 3 {
		ok, _ := ls[i%2].Allow("account ip")
		require.True(t, ok, "free failure %d", i+1)
	}
	for _, l := range ls {
		ok, wait := l.Allow("account ip")
		assert.False(t, ok)
		assert.Equal(t, 2*time.Second, wait)
	}
	clk.Add(2 * time.Second)
	ok, _ := ls[1].Allow("account ip")
	require.True(t, ok, "the delay has passed")
	_, wait := ls[0].Allow("account ip")
	assert.Equal(t, 4*time.Second, wait, "the next delay doubles, on the other replica too")

	ls[0].Reset("account ip")
	ok, _ = ls[1].Allow("account ip")
	assert.True(t, ok, "a success on one replica clears the delays on both")
}

// Without Redis the replica's own growing delays answer.
func TestBackoffWithoutRedisThrottlesInTheReplica(t *testing.T) {
	clk := newClock()
	l := NewBackoff(unreachable(t), testPrefix, "login", clk.Now, ratelimit.Backoff{Free: 1, Base: time.Second, Max: time.Second, Window: time.Minute})
	ok, _ := l.Allow("k")
	assert.True(t, ok)
	ok, wait := l.Allow("k")
	assert.False(t, ok)
	assert.Equal(t, time.Second, wait)
}
