// Package ratelimit counts events per key in rolling windows, for the BFF's abuse limits
// (verification codes per phone, e-mail and client IP; lookups per client IP and user; failed
// logins and code checks per account and client IP).
//
// A Limiter keeps, per key, the times of the recent events (a sliding log) and allows an event
// when every one of its rules has room: "at most Limit events in any Window". The limits this
// serves are small (1 per minute, 10 per day, 20 per hour), so the log is a handful of timestamps
// per key, the answer is exact (no burst at a window edge, as fixed windows allow), and the time
// until the next allowed event — the Retry-After — is exact too. golang.org/x/time/rate's token
// bucket cannot say "10 per calendar-like day" (it refills continuously), and go-chi/httprate is a
// middleware that approximates with two fixed windows and writes its own responses; neither can
// give back an attempt that turned out legitimate (Refund) or check two keys as one.
//
// A Limiter may instead throttle with growing delays (NewBackoff): the same log of events,
// read as failures, answers how long the next attempt must wait (see Backoff).
//
// A Limiter's state is per process: several BFF instances each apply the full limits. Keys live
// until their newest event leaves the longest window, and are swept as events arrive. Code that
// limits takes a KeyLimiter made by a Factory, so that limiters shared by the replicas (package
// shared, in Redis) can take the place of Local ones.
package ratelimit

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Rule allows at most Limit events in any Window. A Rule with Limit 0 allows everything.
type Rule struct {
	Limit  int
	Window time.Duration
}

// String formats r as ParseRules reads it, e.g. 10/15m0s.
func (r Rule) String() string { return fmt.Sprintf("%d/%s", r.Limit, r.Window) }

// ParseRules reads comma-separated rules of the form count/window, e.g. "1/60s,10/24h"; "off" or
// an empty string means no rule.
func ParseRules(s string) ([]Rule, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.EqualFold(s, "off") {
		return nil, nil
	}
	var rules []Rule
	for _, part := range strings.Split(s, ",") {
		count, window, ok := strings.Cut(strings.TrimSpace(part), "/")
		if !ok {
			return nil, fmt.Errorf("rule %q: want count/window such as 10/15m", part)
		}
		n, err := strconv.Atoi(strings.TrimSpace(count))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("rule %q: count must be a positive integer", part)
		}
		d, err := time.ParseDuration(strings.TrimSpace(window))
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("rule %q: window must be a positive duration such as 60s, 1h or 24h", part)
		}
		rules = append(rules, Rule{Limit: n, Window: d})
	}
	return rules, nil
}

// FormatRules is the inverse of ParseRules.
func FormatRules(rules []Rule) string {
	if len(rules) == 0 {
		return "off"
	}
	parts := make([]string, len(rules))
	for i, r := range rules {
		parts[i] = r.String()
	}
	return strings.Join(parts, ",")
}

// KeyLimiter limits events per key. Limiter is the replica's own; a limiter shared by the
// replicas (package shared) can take its place wherever one is used.
type KeyLimiter interface {
	// Allow records an event of key when the limits have room and returns true. Otherwise it
	// records nothing and returns false with the time until an event would be allowed.
	Allow(key string) (bool, time.Duration)
	// Refund takes back the newest event of key.
	Refund(key string)
	// Reset forgets every event of key.
	Reset(key string)
}

var _ KeyLimiter = (*Limiter)(nil)

// Factory makes the limiters of a set of limits, each under a name of its own (limiters of one
// name share their counts where the factory shares anything).
type Factory interface {
	// Rules returns the limiter name of rules (New).
	Rules(name string, rules ...Rule) KeyLimiter
	// Backoff returns the limiter name of growing delays after failures (NewBackoff).
	Backoff(name string, b Backoff) KeyLimiter
}

// Local is the Factory of the replica's own limiters, on the clock now (nil means time.Now):
// names are not needed, as no two limiters share anything.
func Local(now func() time.Time) Factory { return local{now} }

type local struct{ now func() time.Time }

func (l local) Rules(_ string, rules ...Rule) KeyLimiter { return New(l.now, rules...) }

func (l local) Backoff(_ string, b Backoff) KeyLimiter { return NewBackoff(l.now, b) }

// sweepEvery is how often a Limiter drops keys whose events have all left the windows.
const sweepEvery = time.Minute

// Limiter applies its rules, or its Backoff, to each key separately. It is safe for concurrent
// use.
type Limiter struct {
	rules     []Rule
	backoff   Backoff
	longest   time.Duration
	now       func() time.Time
	mu        sync.Mutex
	events    map[string][]time.Time // per key, oldest first
	lastSweep time.Time
}

// New returns a limiter of rules on the clock now (nil means time.Now). Without rules it allows
// everything.
func New(now func() time.Time, rules ...Rule) *Limiter {
	if now == nil {
		now = time.Now
	}
	l := &Limiter{now: now, events: map[string][]time.Time{}}
	for _, r := range rules {
		if r.Limit <= 0 || r.Window <= 0 {
			continue
		}
		l.rules = append(l.rules, r)
		if r.Window > l.longest {
			l.longest = r.Window
		}
	}
	return l
}

// NewBackoff returns a limiter that throttles each key with the growing delays of b, on the
// clock now (nil means time.Now). Its events are failures: Allow records an attempt as one up
// front, so that attempts in flight at the same time count too; Refund gives back one that
// turned out not to be a failure, Reset forgets a key's failures (a success). A b that is off
// allows everything.
func NewBackoff(now func() time.Time, b Backoff) *Limiter {
	l := New(now)
	if b.On() {
		l.backoff = b
		l.longest = b.Window
	}
	return l
}

// on reports whether l limits anything.
func (l *Limiter) on() bool { return len(l.rules) > 0 || l.backoff.On() }

// Allow records an event of key when every rule has room (for a Backoff limiter: when the
// delay after the key's failures has passed) and returns true. Otherwise it records nothing and
// returns false with the time until an event would be allowed.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	if !l.on() {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.sweep(now)
	events := l.recent(key, now)
	var wait time.Duration
	for _, r := range l.rules {
		// Events inside this rule's window are the newest ones; events[i] is the oldest of them.
		i := len(events)
		for i > 0 && now.Sub(events[i-1]) < r.Window {
			i--
		}
		inWindow := len(events) - i
		if inWindow < r.Limit {
			continue
		}
		// Room comes back when the event that leaves r's window first (the oldest one beyond
		// the last Limit-1 events) is Window old.
		leaving := events[len(events)-r.Limit]
		if w := leaving.Add(r.Window).Sub(now); w > wait {
			wait = w
		}
	}
	if l.backoff.On() {
		wait = max(wait, l.backoff.wait(events, now))
	}
	if wait > 0 {
		return false, wait
	}
	l.events[key] = append(events, now)
	return true, 0
}

// AllowBoth counts one event against key a of la and key b of lb, only when both have room.
// a is checked first, so a refused a does not spend b; a refused b gives a's event back. When
// refused it returns how long to wait.
func AllowBoth(la KeyLimiter, a string, lb KeyLimiter, b string) (bool, time.Duration) {
	if ok, wait := la.Allow(a); !ok {
		return false, wait
	}
	if ok, wait := lb.Allow(b); !ok {
		la.Refund(a)
		return false, wait
	}
	return true, 0
}

// Refund takes back the newest event of key: an attempt that turned out legitimate, or a code
// that was not sent after all.
func (l *Limiter) Refund(key string) {
	if !l.on() {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	events := l.events[key]
	switch len(events) {
	case 0:
	case 1:
		delete(l.events, key)
	default:
		l.events[key] = events[:len(events)-1]
	}
}

// Reset forgets every event of key: for a Backoff limiter, a success ends the delays its
// failures had earned.
func (l *Limiter) Reset(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.events, key)
}

// Len is the number of keys with recent events, for tests and metrics.
func (l *Limiter) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.events)
}

// recent returns key's events that are inside the longest window, dropping older ones. Call
// with l.mu held.
func (l *Limiter) recent(key string, now time.Time) []time.Time {
	events := l.events[key]
	i := 0
	for i < len(events) && now.Sub(events[i]) >= l.longest {
		i++
	}
	if i > 0 {
		events = append(events[:0], events[i:]...)
		if len(events) == 0 {
			delete(l.events, key)
		} else {
			l.events[key] = events
		}
	}
	return events
}

// sweep drops the keys whose every event has left the longest window. Call with l.mu held.
func (l *Limiter) sweep(now time.Time) {
	if now.Sub(l.lastSweep) < sweepEvery {
		return
	}
	l.lastSweep = now
	for key, events := range l.events {
		if len(events) == 0 || now.Sub(events[len(events)-1]) >= l.longest {
			delete(l.events, key)
		}
	}
}

// RetryAfter formats a wait as the Retry-After header's whole seconds, rounded up, at least 1.
func RetryAfter(d time.Duration) string {
	secs := int64((d + time.Second - 1) / time.Second)
	if secs < 1 {
		secs = 1
	}
	return strconv.FormatInt(secs, 10)
}
