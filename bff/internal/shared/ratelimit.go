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
// Growing delays after failures (ratelimit.NewBackoff) are not kept here yet.
type Limiter struct {
	rdb      redis.UniversalClient
	prefix   string
	name     string
	rules    []ratelimit.Rule
	longest  time.Duration
	now      func() time.Time
	fallback *ratelimit.Limiter
}

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

// key is the sorted set of key's events: a hash of it, as keys are phone numbers, e-mail
// addresses and client addresses.
func (l *Limiter) key(key string) string {
	return l.prefix + "rate:" + l.name + ":" + keyHash("rate", l.name, key)
}

// Allow records an event of key when every rule has room and returns true. Otherwise it records
// nothing and returns false with the time until an event would be allowed.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	if len(l.rules) == 0 {
		return true, 0
	}
	now := l.now().UnixMicro()
	args := []any{now, strconv.FormatInt(now, 10) + ":" + rand.Text(), l.longest.Microseconds()}
	for _, r := range l.rules {
		args = append(args, r.Limit, r.Window.Microseconds())
	}
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	wait, err := allowScript.Run(ctx, l.rdb, []string{l.key(key)}, args...).Int64()
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
	if len(l.rules) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	if err := l.rdb.ZPopMax(ctx, l.key(key), 1).Err(); err != nil {
		l.fallback.Refund(key)
	}
}

// Reset forgets every event of key.
func (l *Limiter) Reset(key string) {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	_ = l.rdb.Del(ctx, l.key(key)).Err()
	l.fallback.Reset(key)
}
