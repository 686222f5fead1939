package shared

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

// retryEndsEvery is how often a TokenCache tries again to bring the ends of sessions that did
// not reach Redis there.
const retryEndsEvery = time.Second

// Values of a token's entry: "0" for a token that does not work, validPrefix and the user (JSON)
// for one that does.
const (
	endedValue  = "0"
	validPrefix = "1"
)

// rememberScript keeps a valid check of a token, unless a user's tokens were ended since the
// check began (the revocations counter moved) or the token was ended meanwhile (a logout), and
// adds the token to its user's set, so that the user's tokens can be ended together.
//
// KEYS: the token's entry, the user's set, the revocations counter; ARGV: the entry's value, the
// time to live in milliseconds, the counter as the check began, the token's name in the set.
var rememberScript = redis.NewScript(`
if (redis.call("GET", KEYS[3]) or "0") ~= ARGV[3] then return 0 end
if redis.call("GET", KEYS[1]) == "0" then return 0 end
redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2])
redis.call("SADD", KEYS[2], ARGV[4])
redis.call("PEXPIRE", KEYS[2], ARGV[2])
return 1`)

// TokenCache is an account.TokenStore shared by every replica that uses the same Redis and
// prefix: a session made on one replica is known on the others, and a logout, a password reset
// or a deregistration on one ends the sessions on all at once. Each token's check is one key
// (named by the token's hash, never the token) that lives ttl; each user has a set of their
// tokens' names, and one counter of revocations keeps a check that was under way while a user's
// tokens were ended from being remembered as live.
//
// When Redis cannot be reached, Lookup fails and account.CachedClient asks the identity service
// (nothing is remembered then). An end that did not reach Redis is kept by this replica for ttl
// and tried again: meanwhile the token is refused here, and the user's tokens are checked with
// the identity service rather than trusted from Redis.
type TokenCache struct {
	rdb    redis.UniversalClient
	prefix string
	ttl    time.Duration
	now    func() time.Time

	mu sync.Mutex
	// Ends of sessions that have not reached Redis, and until when they matter.
	endedTokens map[account.TokenHash]time.Time
	endedUsers  map[int64]time.Time
	lastRetry   time.Time
}

var _ account.TokenStore = (*TokenCache)(nil)

// NewTokenCache returns the token checks kept in rdb under prefix for ttl, on the clock now
// (nil means time.Now).
func NewTokenCache(rdb redis.UniversalClient, prefix string, ttl time.Duration, now func() time.Time) *TokenCache {
	if now == nil {
		now = time.Now
	}
	return &TokenCache{
		rdb: rdb, prefix: prefix, ttl: max(ttl, time.Millisecond), now: now,
		endedTokens: map[account.TokenHash]time.Time{}, endedUsers: map[int64]time.Time{},
	}
}

// name is how a token appears in keys and in its user's set.
func name(hash account.TokenHash) string { return base64.RawURLEncoding.EncodeToString(hash[:]) }

func (c *TokenCache) tokenKey(name string) string { return c.prefix + "token:" + name }

// userKey is the set of a user's tokens, named by a hash of the user's number.
func (c *TokenCache) userKey(id int64) string {
	return c.prefix + "token-user:" + keyHash("token-user", strconv.FormatInt(id, 10))
}

func (c *TokenCache) revocationsKey() string { return c.prefix + "token-revocations" }

// Lookup returns the check remembered for the token of hash and the revocations counter.
func (c *TokenCache) Lookup(ctx context.Context, hash account.TokenHash) (account.TokenCheck, bool, uint64, error) {
	c.retryEnds(ctx)
	if c.endedHere(hash) {
		return account.TokenCheck{}, true, 0, nil
	}
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	got, err := c.rdb.MGet(ctx, c.tokenKey(name(hash)), c.revocationsKey()).Result()
	if err != nil {
		return account.TokenCheck{}, false, 0, err
	}
	var mark uint64
	if s, ok := got[1].(string); ok {
		if mark, err = strconv.ParseUint(s, 10, 64); err != nil {
			return account.TokenCheck{}, false, 0, err
		}
	}
	value, ok := got[0].(string)
	switch {
	case !ok:
		return account.TokenCheck{}, false, mark, nil
	case value == endedValue:
		return account.TokenCheck{}, true, mark, nil
	}
	if len(value) == 0 || value[:1] != validPrefix {
		return account.TokenCheck{}, false, mark, errors.New("shared: unreadable token entry")
	}
	var u account.User
	if err := json.Unmarshal([]byte(value[1:]), &u); err != nil {
		return account.TokenCheck{}, false, mark, err
	}
	if c.userEndedHere(u.ID) {
		// The user's end has not reached Redis: ask the identity service.
		return account.TokenCheck{}, false, mark, nil
	}
	return account.TokenCheck{Valid: true, User: u}, true, mark, nil
}

// Remember keeps check of the token of hash for ttl.
func (c *TokenCache) Remember(ctx context.Context, hash account.TokenHash, check account.TokenCheck, mark uint64) error {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	n := name(hash)
	if !check.Valid {
		return c.rdb.Set(ctx, c.tokenKey(n), endedValue, c.ttl).Err()
	}
	if c.userEndedHere(check.User.ID) {
		return nil
	}
	user, err := json.Marshal(check.User)
	if err != nil {
		return err
	}
	return rememberScript.Run(ctx, c.rdb, []string{c.tokenKey(n), c.userKey(check.User.ID), c.revocationsKey()},
		validPrefix+string(user), c.ttl.Milliseconds(), strconv.FormatUint(mark, 10), n).Err()
}

// End marks the token of hash as not working on every replica; when Redis cannot be reached,
// on this one, and tries again later.
func (c *TokenCache) End(ctx context.Context, hash account.TokenHash) error {
	err := c.end(ctx, hash)
	if err != nil {
		c.mu.Lock()
		c.endedTokens[hash] = c.now().Add(c.ttl)
		c.mu.Unlock()
	}
	return err
}

func (c *TokenCache) end(ctx context.Context, hash account.TokenHash) error {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	return c.rdb.Set(ctx, c.tokenKey(name(hash)), endedValue, c.ttl).Err()
}

// EndUser marks every remembered token of user id as not working on every replica; when Redis
// cannot be reached, this replica asks the identity service about them, and tries again later.
func (c *TokenCache) EndUser(ctx context.Context, id int64) error {
	err := c.endUser(ctx, id)
	if err != nil {
		c.mu.Lock()
		c.endedUsers[id] = c.now().Add(c.ttl)
		c.mu.Unlock()
	}
	return err
}

// endUser moves the revocations counter first, so that no check under way remembers a token of
// the user as live after the user's tokens have been read.
func (c *TokenCache) endUser(ctx context.Context, id int64) error {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	if err := c.rdb.Incr(ctx, c.revocationsKey()).Err(); err != nil {
		return err
	}
	names, err := c.rdb.SMembers(ctx, c.userKey(id)).Result()
	if err != nil {
		return err
	}
	_, err = c.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, n := range names {
			p.Set(ctx, c.tokenKey(n), endedValue, c.ttl)
		}
		p.Del(ctx, c.userKey(id))
		return nil
	})
	return err
}

// endedHere reports whether the token of hash was ended on this replica without reaching Redis.
func (c *TokenCache) endedHere(hash account.TokenHash) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	until, ok := c.endedTokens[hash]
	return ok && c.now().Before(until)
}

// userEndedHere reports whether the user's tokens were ended on this replica without reaching
// Redis.
func (c *TokenCache) userEndedHere(id int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	until, ok := c.endedUsers[id]
	return ok && c.now().Before(until)
}

// retryEnds brings the ends that did not reach Redis there, at most every retryEndsEvery, and
// forgets those that reached it or no longer matter (their ttl has passed).
func (c *TokenCache) retryEnds(ctx context.Context) {
	c.mu.Lock()
	now := c.now()
	if len(c.endedTokens)+len(c.endedUsers) == 0 || now.Sub(c.lastRetry) < retryEndsEvery {
		c.mu.Unlock()
		return
	}
	c.lastRetry = now
	tokens := make([]account.TokenHash, 0, len(c.endedTokens))
	for h, until := range c.endedTokens {
		if now.Before(until) {
			tokens = append(tokens, h)
		} else {
			delete(c.endedTokens, h)
		}
	}
	users := make([]int64, 0, len(c.endedUsers))
	for id, until := range c.endedUsers {
		if now.Before(until) {
			users = append(users, id)
		} else {
			delete(c.endedUsers, id)
		}
	}
	c.mu.Unlock()
	for _, h := range tokens {
		if c.end(ctx, h) != nil {
			return // Redis is still away
		}
		c.mu.Lock()
		delete(c.endedTokens, h)
		c.mu.Unlock()
	}
	for _, id := range users {
		if c.endUser(ctx, id) != nil {
			return
		}
		c.mu.Lock()
		delete(c.endedUsers, id)
		c.mu.Unlock()
	}
}
