package ratelimit

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Backoff throttles failures with growing delays instead of a hard lock-out (OWASP's
// Authentication Cheat Sheet: throttle, do not lock, so that nobody can lock an owner out): the
// first Free failures inside Window cost nothing; after that each failure makes the next attempt
// wait Base, then 2·Base, 4·Base, … up to Max. Failures older than Window are forgotten, so the
// delays shrink again once a key has been quiet for a while. The zero Backoff is off.
type Backoff struct {
	Free   int
	Base   time.Duration
	Max    time.Duration
	Window time.Duration
}

// On reports whether b throttles at all.
func (b Backoff) On() bool { return b.Base > 0 && b.Window > 0 }

// Delay is the wait before the next attempt after n failures inside the window: nothing for
// fewer than Free, then Base doubling per further failure, at most Max.
func (b Backoff) Delay(n int) time.Duration {
	if !b.On() || n < b.Free {
		return 0
	}
	d := b.Base
	for i := b.Free; i < n && d < b.Max; i++ {
		d *= 2
	}
	return min(d, b.Max)
}

// String formats b as ParseBackoff reads it, e.g. free=5,delay=1s..15m0s,window=24h0m0s.
func (b Backoff) String() string {
	if !b.On() {
		return "off"
	}
	return fmt.Sprintf("free=%d,delay=%s..%s,window=%s", b.Free, b.Base, b.Max, b.Window)
}

// ParseBackoff reads free=N,delay=BASE..MAX,window=W (in any order, each once), e.g.
// "free=5,delay=1s..15m,window=24h"; "off" or an empty string turns the throttle off. BASE must
// be positive, MAX at least BASE, and W at least MAX (a longer delay could never be reached: the
// failures would be forgotten first).
func ParseBackoff(s string) (Backoff, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.EqualFold(s, "off") {
		return Backoff{}, nil
	}
	const want = "want free=N,delay=BASE..MAX,window=W such as free=5,delay=1s..15m,window=24h"
	var b Backoff
	seen := map[string]bool{}
	for _, part := range strings.Split(s, ",") {
		name, value, ok := strings.Cut(strings.TrimSpace(part), "=")
		name, value = strings.ToLower(strings.TrimSpace(name)), strings.TrimSpace(value)
		if !ok || seen[name] {
			return Backoff{}, fmt.Errorf("%q: %s", s, want)
		}
		seen[name] = true
		var err error
		switch name {
		case "free":
			b.Free, err = strconv.Atoi(value)
			if err != nil || b.Free < 0 {
				return Backoff{}, fmt.Errorf("free %q: want a number of failures, 0 or more", value)
			}
		case "delay":
			lo, hi, ok := strings.Cut(value, "..")
			if !ok {
				return Backoff{}, fmt.Errorf("delay %q: want BASE..MAX such as 1s..15m", value)
			}
			if b.Base, err = time.ParseDuration(strings.TrimSpace(lo)); err != nil || b.Base <= 0 {
				return Backoff{}, fmt.Errorf("delay %q: the first delay must be a positive duration", value)
			}
			if b.Max, err = time.ParseDuration(strings.TrimSpace(hi)); err != nil || b.Max < b.Base {
				return Backoff{}, fmt.Errorf("delay %q: the longest delay must be a duration of at least the first", value)
			}
		case "window":
			if b.Window, err = time.ParseDuration(value); err != nil || b.Window <= 0 {
				return Backoff{}, fmt.Errorf("window %q: want a positive duration such as 1h", value)
			}
		default:
			return Backoff{}, fmt.Errorf("%q: unknown %q; %s", s, name, want)
		}
	}
	if len(seen) != 3 {
		return Backoff{}, fmt.Errorf("%q: %s", s, want)
	}
	if b.Window < b.Max {
		return Backoff{}, fmt.Errorf("%q: the window must be at least the longest delay", s)
	}
	return b, nil
}

// wait is the time from now until b allows the next attempt of a key whose failures inside the
// window are events (oldest first). The delay is counted from the newest failure and depends on
// how many failures are still remembered, which drops as old ones leave the window: the answer
// is the first moment at which both agree, so that a Retry-After is exact.
func (b Backoff) wait(events []time.Time, now time.Time) time.Duration {
	if len(events) == 0 {
		return 0
	}
	last := events[len(events)-1]
	from := now // the start of the stretch in which events[i:] are remembered
	for i := range events {
		at := last.Add(b.Delay(len(events) - i))
		if at.Before(from) {
			at = from
		}
		if at.Before(events[i].Add(b.Window)) {
			return at.Sub(now)
		}
		from = events[i].Add(b.Window)
	}
	return max(from.Sub(now), 0) // every failure forgotten
}
