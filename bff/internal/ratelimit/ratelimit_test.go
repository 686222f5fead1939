package ratelimit_test

import (
	"fmt"
	"net/http/httptest"
	"net/netip"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

func TestOnePerMinuteAndTenPerDay(t *testing.T) {
	c := &clock{t: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)}
	l := ratelimit.New(c.now, ratelimit.Rule{Limit: 1, Window: time.Minute}, ratelimit.Rule{Limit: 10, Window: 24 * time.Hour})

	ok, _ := l.Allow("13800138000")
	require.True(t, ok)
	ok, wait := l.Allow("13800138000")
	assert.False(t, ok, "a second code within the minute")
	assert.Equal(t, time.Minute, wait)
	ok, _ = l.Allow("13900139000")
	assert.True(t, ok, "keys are separate")

	c.advance(59 * time.Second)
	ok, wait = l.Allow("13800138000")
	assert.False(t, ok)
	assert.Equal(t, time.Second, wait)
	assert.Equal(t, "1", ratelimit.RetryAfter(wait))

	c.advance(time.Second)
	for i := 2; i <= 10; i++ {
		ok, _ = l.Allow("13800138000")
		require.True(t, ok, "code %d", i)
		c.advance(time.Minute)
	}
	ok, wait = l.Allow("13800138000")
	assert.False(t, ok, "the eleventh code of the day")
	// The first code was sent 10 minutes ago; it leaves the day's window in 23h50m.
	assert.Equal(t, 24*time.Hour-10*time.Minute, wait)
	c.advance(wait)
	ok, _ = l.Allow("13800138000")
	assert.True(t, ok, "a rolling day, not a calendar day")
}

func TestRefundGivesAnAttemptBack(t *testing.T) {
	c := &clock{t: time.Unix(0, 0)}
	l := ratelimit.New(c.now, ratelimit.Rule{Limit: 2, Window: 15 * time.Minute})
	for i := 0; i < 5; i++ {
		ok, _ := l.Allow("a@example.com")
		require.True(t, ok)
		l.Refund("a@example.com") // successful logins do not count
	}
	assert.Equal(t, 0, l.Len())
	l.Allow("a@example.com")
	l.Allow("a@example.com")
	ok, wait := l.Allow("a@example.com")
	assert.False(t, ok)
	assert.Equal(t, 15*time.Minute, wait)
	l.Refund("nobody") // refunding a key without events is harmless
}

func TestNoRulesAllowEverything(t *testing.T) {
	l := ratelimit.New(nil)
	for i := 0; i < 1000; i++ {
		ok, _ := l.Allow("k")
		require.True(t, ok)
	}
	assert.Equal(t, 0, l.Len(), "and remember nothing")
}

func TestKeysAreSweptOnceTheirEventsLeaveTheWindow(t *testing.T) {
	c := &clock{t: time.Unix(0, 0)}
	l := ratelimit.New(c.now, ratelimit.Rule{Limit: 3, Window: time.Minute})
	for i := 0; i < 100; i++ {
		l.Allow(fmt.Sprint("ip", i))
	}
	assert.Equal(t, 100, l.Len())
	c.advance(2 * time.Minute)
	l.Allow("fresh")
	assert.Equal(t, 1, l.Len())
}

func TestConcurrentAttemptsNeverExceedTheLimit(t *testing.T) {
	l := ratelimit.New(nil, ratelimit.Rule{Limit: 10, Window: time.Hour})
	allowed := allowedConcurrently(l, "victim", 200)
	assert.Equal(t, 10, allowed)
}

func TestParseRules(t *testing.T) {
	rules, err := ratelimit.ParseRules(" 1/60s , 10/24h")
	require.NoError(t, err)
	assert.Equal(t, []ratelimit.Rule{{Limit: 1, Window: time.Minute}, {Limit: 10, Window: 24 * time.Hour}}, rules)
	assert.Equal(t, "1/1m0s,10/24h0m0s", ratelimit.FormatRules(rules))
	for _, off := range []string{"", "off", "OFF"} {
		rules, err = ratelimit.ParseRules(off)
		assert.NoError(t, err)
		assert.Empty(t, rules)
	}
	for _, bad := range []string{"10", "0/1m", "-1/1m", "x/1m", "10/soon", "10/0s", "10/-1m"} {
		_, err = ratelimit.ParseRules(bad)
		assert.Error(t, err, bad)
	}
}

func TestClientIP(t *testing.T) {
	proxies, err := ratelimit.ParsePrefixes("10.0.0.0/8, 192.0.2.1, ::1")
	require.NoError(t, err)
	for _, tc := range []struct {
		name    string
		remote  string
		xff     []string
		trusted []netip.Prefix
		want    string
	}{
		{"the peer without trusted proxies", "203.0.113.7:5555", []string{"198.51.100.1"}, nil, "203.0.113.7"},
		{"X-Forwarded-For from an untrusted peer is ignored", "203.0.113.7:5555", []string{"198.51.100.1"}, proxies, "203.0.113.7"},
		{"behind one trusted proxy", "10.1.2.3:80", []string{"198.51.100.1"}, proxies, "198.51.100.1"},
		{"behind a chain, spoofed hops on the left ignored", "10.1.2.3:80", []string{"6.6.6.6, 198.51.100.1, 192.0.2.1"}, proxies, "198.51.100.1"},
		{"several header lines", "10.1.2.3:80", []string{"6.6.6.6", "198.51.100.1"}, proxies, "198.51.100.1"},
		{"garbage stops at the last trusted hop", "10.1.2.3:80", []string{"198.51.100.1, nonsense"}, proxies, "10.1.2.3"},
		{"a trusted proxy without the header", "[::1]:80", nil, proxies, "::1"},
		{"IPv4-mapped IPv6 peer", "[::ffff:203.0.113.7]:1", nil, nil, "203.0.113.7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/", nil)
			r.RemoteAddr = tc.remote
			for _, v := range tc.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			assert.Equal(t, tc.want, ratelimit.ClientIP(r, tc.trusted).String())
		})
	}
	_, err = ratelimit.ParsePrefixes("10.0.0.0/33")
	assert.Error(t, err)
	_, err = ratelimit.ParsePrefixes("proxy.example")
	assert.Error(t, err)
}

func TestIPKeyGroupsAnIPv6Network(t *testing.T) {
	a := ratelimit.IPKey(netip.MustParseAddr("2001:db8:1:2:aaaa::1"))
	b := ratelimit.IPKey(netip.MustParseAddr("2001:db8:1:2:bbbb::9"))
	assert.Equal(t, a, b)
	assert.Equal(t, "2001:db8:1:2::/64", a)
	assert.Equal(t, "203.0.113.7", ratelimit.IPKey(netip.MustParseAddr("203.0.113.7")))
}

func TestBackoffDelaysGrowAfterTheFreeFailures(t *testing.T) {
	c := &clock{t: time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)}
	b := ratelimit.Backoff{Free: 3, Base: time.Second, Max: 10 * time.Second, Window: time.Hour}
	l := ratelimit.NewBackoff(c.now, b)
	for i := 0; i < 3; i++ {
		ok, _ := l.Allow("pair")
		require.True(t, ok, "free failure %d", i+1)
	}
	// After the free failures every further one doubles the wait: 1s, 2s, 4s, 8s, then 10s.
	for _, want := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 10 * time.Second, 10 * time.Second} {
		ok, wait := l.Allow("pair")
		require.False(t, ok)
		require.Equal(t, want, wait)
		c.advance(want / 2)
		ok, wait = l.Allow("pair")
		require.False(t, ok, "half-way through the wait")
		require.Equal(t, want-want/2, wait, "Retry-After counts down exactly")
		c.advance(want - want/2)
		ok, _ = l.Allow("pair")
		require.True(t, ok, "the wait of %s is over", want)
	}
	ok, _ := l.Allow("other")
	assert.True(t, ok, "keys are separate")
}

func TestBackoffForgetsOldFailures(t *testing.T) {
	c := &clock{t: time.Unix(0, 0)}
	l := ratelimit.NewBackoff(c.now, ratelimit.Backoff{Free: 2, Base: time.Minute, Max: 8 * time.Minute, Window: 10 * time.Minute})
	l.Allow("k") // t=0
	c.advance(3 * time.Minute)
	l.Allow("k") // t=3m: two failures, the next waits 1m
	c.advance(time.Minute)
	ok, _ := l.Allow("k") // t=4m: three failures, the next waits 2m
	require.True(t, ok)
	ok, wait := l.Allow("k")
	require.False(t, ok)
	assert.Equal(t, 2*time.Minute, wait)

	// Once the oldest failures leave the window, fewer are remembered and the delay shrinks:
	// at t=10m the first one is forgotten (two left: 1m after t=4m, long over).
	c.advance(5 * time.Minute) // t=9m
	l.Allow("k")               // four failures inside the window: 4m from t=9m
	c.advance(30 * time.Second)
	ok, wait = l.Allow("k") // t=9m30s
	require.False(t, ok)
	// At t=10m the failure of t=0 is forgotten: three left (t=3m, 4m, 9m), the delay is 2m from
	// t=9m, i.e. t=11m.
	assert.Equal(t, 90*time.Second, wait)
	c.advance(wait)
	ok, _ = l.Allow("k")
	assert.True(t, ok)

	// Every failure forgotten: the key is dropped.
	c.advance(time.Hour)
	l.Allow("fresh")
	assert.Equal(t, 1, l.Len())
}

func TestBackoffWaitsAtMostUntilEveryFailureIsForgotten(t *testing.T) {
	c := &clock{t: time.Unix(0, 0)}
	// A delay as long as the window: the failures are forgotten as it ends.
	l := ratelimit.NewBackoff(c.now, ratelimit.Backoff{Free: 0, Base: time.Minute, Max: time.Minute, Window: time.Minute})
	ok, _ := l.Allow("k")
	require.True(t, ok)
	ok, wait := l.Allow("k")
	require.False(t, ok)
	assert.Equal(t, time.Minute, wait)
}

func TestBackoffRefundAndReset(t *testing.T) {
	c := &clock{t: time.Unix(0, 0)}
	l := ratelimit.NewBackoff(c.now, ratelimit.Backoff{Free: 1, Base: time.Second, Max: time.Minute, Window: time.Hour})
	l.Allow("k")
	ok, wait := l.Allow("k")
	require.False(t, ok)
	assert.Equal(t, time.Second, wait)
	l.Refund("k") // the attempt was no failure after all
	ok, _ = l.Allow("k")
	assert.True(t, ok)
	l.Reset("k") // a success forgets the failures
	assert.Equal(t, 0, l.Len())
	ok, _ = l.Allow("k")
	assert.True(t, ok)
}

func TestConcurrentAttemptsWaitForEachOther(t *testing.T) {
	l := ratelimit.NewBackoff(nil, ratelimit.Backoff{Free: 5, Base: time.Minute, Max: time.Hour, Window: time.Hour})
	allowed := allowedConcurrently(l, "victim", 100)
	assert.Equal(t, 5, allowed, "attempts in flight count as failures until refunded")
}

func TestBackoffOffAllowsEverything(t *testing.T) {
	l := ratelimit.NewBackoff(nil, ratelimit.Backoff{})
	for i := 0; i < 100; i++ {
		ok, _ := l.Allow("k")
		require.True(t, ok)
	}
	assert.Equal(t, 0, l.Len())
}

func TestBackoffDelayDoesNotOverflow(t *testing.T) {
	b := ratelimit.Backoff{Free: 0, Base: time.Second, Max: 15 * time.Minute, Window: 24 * time.Hour}
	assert.Equal(t, time.Second, b.Delay(0))
	assert.Equal(t, 15*time.Minute, b.Delay(1_000_000))
}

func TestParseBackoff(t *testing.T) {
	b, err := ratelimit.ParseBackoff(" free=5, delay=1s..15m ,window=24h")
	require.NoError(t, err)
	assert.Equal(t, ratelimit.Backoff{Free: 5, Base: time.Second, Max: 15 * time.Minute, Window: 24 * time.Hour}, b)
	again, err := ratelimit.ParseBackoff(b.String())
	require.NoError(t, err)
	assert.Equal(t, b, again, "String is read back")
	b, err = ratelimit.ParseBackoff("window=1h,delay=2s..2s,free=0")
	require.NoError(t, err)
	assert.Equal(t, ratelimit.Backoff{Free: 0, Base: 2 * time.Second, Max: 2 * time.Second, Window: time.Hour}, b)
	for _, off := range []string{"", "off", "OFF"} {
		b, err = ratelimit.ParseBackoff(off)
		assert.NoError(t, err)
		assert.False(t, b.On())
		assert.Equal(t, "off", b.String())
	}
	for _, bad := range []string{
		"10/15m", "free=5", "free=5,delay=1s..15m", "free=5,delay=1s..15m,window=24h,free=6",
		"free=-1,delay=1s..15m,window=24h", "free=x,delay=1s..15m,window=24h", "free=5,delay=1s,window=24h",
		"free=5,delay=0s..15m,window=24h", "free=5,delay=1m..1s,window=24h", "free=5,delay=1s..soon,window=24h",
		"free=5,delay=1s..15m,window=10m", "free=5,delay=1s..15m,window=0s", "free=5,delay=1s..15m,lock=24h",
	} {
		_, err = ratelimit.ParseBackoff(bad)
		assert.Error(t, err, bad)
	}
}

func TestAllowBothSpendsNeitherKeyWhenOneIsRefused(t *testing.T) {
	byIP := ratelimit.New(nil, ratelimit.Rule{Limit: 2, Window: time.Hour})
	byUser := ratelimit.New(nil, ratelimit.Rule{Limit: 1, Window: time.Hour})
	ok, _ := ratelimit.AllowBoth(byIP, "ip", byUser, "user")
	require.True(t, ok)
	ok, wait := ratelimit.AllowBoth(byIP, "ip", byUser, "user")
	assert.False(t, ok, "the user has no room left")
	assert.Positive(t, wait)
	ok, _ = ratelimit.AllowBoth(byIP, "ip", byUser, "another user")
	assert.True(t, ok, "the refused user gave the address its event back")
	ok, _ = ratelimit.AllowBoth(byIP, "ip", byUser, "a third user")
	assert.False(t, ok, "the address has no room left")
	ok, _ = ratelimit.AllowBoth(byIP, "other ip", byUser, "a third user")
	assert.True(t, ok, "the refused address did not spend the third user's room")
}

// allowedConcurrently sends n attempts on key at once and counts those l allows.
func allowedConcurrently(l *ratelimit.Limiter, key string, n int) int {
	var wg sync.WaitGroup
	var allowed atomic.Int64
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if ok, _ := l.Allow(key); ok {
				allowed.Add(1)
			}
		}()
	}
	wg.Wait()
	return int(allowed.Load())
}
