package shared

import (
	"context"
	"crypto/rand"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

// allowScript is ratelimit.Limiter's rule check on a sorted set of one key's event times (in
// microseconds), atomically: drop the events that left the longest window; for each rule, when
// its window holds Limit events or more, room comes back when the Limit-th newest event is Window
// old; when no rule makes the caller wait, record the event and keep the key as long as the
// longest window. It answers the wait in microseconds, 0 when the event was recorded.
//
// KEYS[1] the key; ARGV: now, a unique member, the longest window, then limit and window of each
// rule.
var allowScript = redis.NewScript(`
local now = tonumber(ARGV[1])
local longest = tonumber(ARGV[3])
redis.call("ZREMRANGEBYSCORE", KEYS[1], "-inf", now - longest)
local wait = 0
for i = 4, #ARGV, 2 do
	local limit = tonumber(ARGV[i])
	local window = tonumber(ARGV[i + 1])
	if redis.call("ZCOUNT", KEYS[1], "(" .. (now - window), "+inf") >= limit then
		local leaving = redis.call("ZREVRANGE", KEYS[1], limit - 1, limit - 1, "WITHSCORES")
		local w = tonumber(leaving[2]) + window - now
		if w > wait then wait = w end
	end
end
if wait > 0 then return wait end
redis.call("ZADD", KEYS[1], now, ARGV[2])
redis.call("PEXPIRE", KEYS[1], math.ceil(longest / 1000))
return 0`)

// backoffScript is ratelimit.Limiter's growing delays after failures (ratelimit.NewBackoff) on a
// sorted set of one key's failure times (in microseconds), atomically: drop the failures that
// left the window; the delay is counted from the newest failure and depends on how many are
// still remembered, which drops as old ones leave the window, so the wait is the first moment
// at which both agree (as ratelimit.Backoff's wait); when there is none, record the attempt as
// a failure and keep the key as long as the window. It answers the wait in microseconds, 0
// when the attempt was recorded.
//
// KEYS[1] the key; ARGV: now, a unique member, the window, free failures, the first delay, the
// longest delay.
var backoffScript = redis.NewScript(`
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[3])
local free = tonumber(ARGV[4])
local base = tonumber(ARGV[5])
local longest = tonumber(ARGV[6])
redis.call("ZREMRANGEBYSCORE", KEYS[1], "-inf", now - window)
local function delay(n)
	if n < free then return 0 end
	local d = base
	local i = free
	while i < n and d < longest do
		d = d * 2
		i = i + 1
	end
	if d > longest then return longest end
	return d
end
local scores = redis.call("ZRANGE", KEYS[1], 0, -1, "WITHSCORES")
local events = {}
for i = 2, #scores, 2 do events[#events + 1] = tonumber(scores[i]) end
local n = #events
local wait = 0
if n > 0 then
	local last = events[n]
	local from = now
	local found = false
	for i = 1, n do
		local at = last + delay(n - i + 1)
		if at < from then at = from end
		if at < events[i] + window then
			wait = at - now
			found = true
			break
		end
		from = events[i] + window
	end
	if not found and from > now then wait = from - now end
end
if wait > 0 then return wait end
redis.call("ZADD", KEYS[1], now, ARGV[2])
redis.call("PEXPIRE", KEYS[1], math.ceil(window / 1000))
return 0`)

// Limiter is ratelimit.Limiter's rules ("at most Limit events in any Window", a sliding log)
// shared by every replica that uses the same Redis, prefix and name: one sorted set of event
// times per key, checked and recorded by one script, so that a limit holds across replicas
// however their requests interleave. Its answers, waits included, are those of a
// ratelimit.Limiter of the same rules that had seen every replica's events.
//
// Event times come from the replica's clock (now), as ratelimit.Limiter's do; replicas' clocks
// are assumed to agree within a few milliseconds, far below the limits' windows. When Redis
// cannot be reached, the replica's own ratelimit.Limiter of the same rules answers instead.
//
// A Limiter of NewBackoff throttles with ratelimit.Backoff's growing delays instead, shared in
// the same way.
type Limiter struct {
	rdb      redis.UniversalClient
	prefix   string
	name     string
	rules    []ratelimit.Rule
	backoff  ratelimit.Backoff
	longest  time.Duration
	now      func() time.Time
	fallback *ratelimit.Limiter
}

var _ ratelimit.KeyLimiter = (*Limiter)(nil)

// NewLimiter returns the limiter name of rules, kept in rdb under prefix, on the clock now (nil
// means time.Now). Without rules it allows everything.
func NewLimiter(rdb redis.UniversalClient, prefix, name string, now func() time.Time, rules ...ratelimit.Rule) *Limiter {
	if now == nil {
		now = time.Now
	}
	l := &Limiter{rdb: rdb, prefix: prefix, name: name, now: now, fallback: ratelimit.New(now, rules...)}
	for _, r := range rules {
		if r.Limit <= 0 || r.Window <= 0 {
			continue
		}
		l.rules = append(l.rules, r)
		l.longest = max(l.longest, r.Window)
	}
	return l
}

// NewBackoff returns the limiter name that throttles each key with the growing delays of b
// (ratelimit.NewBackoff), kept in rdb under prefix, on the clock now (nil means time.Now). A b
// that is off allows everything.
func NewBackoff(rdb redis.UniversalClient, prefix, name string, now func() time.Time, b ratelimit.Backoff) *Limiter {
	if now == nil {
		now = time.Now
	}
	l := &Limiter{rdb: rdb, prefix: prefix, name: name, now: now, fallback: ratelimit.NewBackoff(now, b)}
	if b.On() {
		l.backoff = b
		l.longest = b.Window
	}
	return l
}

// Limiters is the ratelimit.Factory of limiters kept in rdb under prefix, on the clock now (nil
// means time.Now): the limiters of one name share their counts across the replicas.
func Limiters(rdb redis.UniversalClient, prefix string, now func() time.Time) ratelimit.Factory {
	return factory{rdb: rdb, prefix: prefix, now: now}
}

type factory struct {
	rdb    redis.UniversalClient
	prefix string
	now    func() time.Time
}

func (f factory) Rules(name string, rules ...ratelimit.Rule) ratelimit.KeyLimiter {
	return NewLimiter(f.rdb, f.prefix, name, f.now, rules...)
}

func (f factory) Backoff(name string, b ratelimit.Backoff) ratelimit.KeyLimiter {
	return NewBackoff(f.rdb, f.prefix, name, f.now, b)
}

// on reports whether l limits anything.
func (l *Limiter) on() bool { return len(l.rules) > 0 || l.backoff.On() }

// key is the sorted set of key's events: a hash of it, as keys are phone numbers, e-mail
// addresses and client addresses.
func (l *Limiter) key(key string) string {
	return l.prefix + "rate:" + l.name + ":" + keyHash("rate", l.name, key)
}

// Allow records an event of key when every rule has room and returns true. Otherwise it records
// nothing and returns false with the time until an event would be allowed.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	if !l.on() {
		return true, 0
	}
	now := l.now().UnixMicro()
	args := []any{now, strconv.FormatInt(now, 10) + ":" + rand.Text(), l.longest.Microseconds()}
	script := allowScript
	if l.backoff.On() {
		script = backoffScript
		args = append(args, l.backoff.Free, l.backoff.Base.Microseconds(), l.backoff.Max.Microseconds())
	}
	for _, r := range l.rules {
		args = append(args, r.Limit, r.Window.Microseconds())
	}
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	wait, err := script.Run(ctx, l.rdb, []string{l.key(key)}, args...).Int64()
	if err != nil {
		return l.fallback.Allow(key)
	}
	if wait > 0 {
		return false, time.Duration(wait) * time.Microsecond
	}
	return true, 0
}

// Refund takes back the newest event of key: an attempt that turned out legitimate, or a code
// that was not sent after all.
func (l *Limiter) Refund(key string) {
	if !l.on() {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	if err := l.rdb.ZPopMax(ctx, l.key(key), 1).Err(); err != nil {
		l.fallback.Refund(key)
	}
}

// Reset forgets every event of key: for a NewBackoff limiter, a success ends the delays its
// failures had earned.
func (l *Limiter) Reset(key string) {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	_ = l.rdb.Del(ctx, l.key(key)).Err()
	l.fallback.Reset(key)
}
