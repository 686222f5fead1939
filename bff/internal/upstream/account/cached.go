package account

import (
	"context"
	"crypto/sha256"
	"sync"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// DefaultMaxCachedTokens bounds the token checks a CachedClient remembers.
const DefaultMaxCachedTokens = 100_000

// CachedClient is a Service that remembers token checks for a short time, so that the check the
// web makes on every route change does not reach the identity service each time. Entries are
// keyed by the SHA-256 of the token (the cache never holds a usable token). A live token is
// remembered with its user; an unknown or expired one is remembered as such, since a token that
// has stopped working never works again. Transport failures are never remembered.
//
// Logout, deregistration and password reset through this client forget the affected entries at
// once. A session ended elsewhere (by another BFF instance, or by the identity service itself)
// is seen at the latest TTL later: that is the price of the cache, and why TTL is seconds.
type CachedClient struct {
	Service
	ttl        time.Duration
	maxEntries int
	now        func() time.Time

	mu      sync.Mutex
	entries map[[32]byte]tokenEntry
	byUser  map[int64]map[[32]byte]struct{}
	// revocations counts ForgetUser calls: a check that was under way while one happened is
	// not remembered as live, since the service may have answered before it ended the sessions.
	revocations uint64
}

type tokenEntry struct {
	user    User // zero for a token that does not work
	valid   bool
	expires time.Time
}

// NewCached returns c behind a token cache of ttl, on the clock now (nil means time.Now). A ttl
// of zero or less turns the cache off and returns c itself.
func NewCached(c Service, ttl time.Duration, now func() time.Time) Service {
	if ttl <= 0 {
		return c
	}
	if now == nil {
		now = time.Now
	}
	return &CachedClient{
		Service:    c,
		ttl:        ttl,
		maxEntries: DefaultMaxCachedTokens,
		now:        now,
		entries:    map[[32]byte]tokenEntry{},
		byUser:     map[int64]map[[32]byte]struct{}{},
	}
}

func tokenHash(token string) [32]byte { return sha256.Sum256([]byte(token)) }

// ValidateToken answers from the cache when it can, and remembers the service's answer.
func (c *CachedClient) ValidateToken(ctx context.Context, token string) (User, error) {
	key := tokenHash(token)
	now := c.now()
	c.mu.Lock()
	e, ok := c.entries[key]
	gen := c.revocations
	c.mu.Unlock()
	if ok && now.Before(e.expires) {
		if !e.valid {
			return User{}, apierr.New(TokenExpired, nil)
		}
		return e.user, nil
	}
	u, err := c.Service.ValidateToken(ctx, token)
	switch {
	case err == nil:
		c.remember(key, tokenEntry{user: u, valid: true, expires: now.Add(c.ttl)}, gen)
	case apierr.From(err).Key == TokenExpired:
		c.remember(key, tokenEntry{expires: now.Add(c.ttl)}, gen)
	}
	return u, err
}

// remember stores an entry, making room by dropping expired ones; when the cache is full of
// live entries the answer is simply not remembered. A live token is not remembered over a
// token known not to work (a logout may have happened while it was being checked), nor when a
// user's tokens were forgotten since the check began (gen).
func (c *CachedClient) remember(key [32]byte, e tokenEntry, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	old, exists := c.entries[key]
	if e.valid && (gen != c.revocations || (exists && !old.valid && c.now().Before(old.expires))) {
		return
	}
	if !exists && len(c.entries) >= c.maxEntries {
		now := c.now()
		for k, old := range c.entries {
			if !now.Before(old.expires) {
				c.forgetLocked(k)
			}
		}
		if len(c.entries) >= c.maxEntries {
			return
		}
	}
	c.forgetLocked(key)
	c.entries[key] = e
	if e.valid {
		if c.byUser[e.user.ID] == nil {
			c.byUser[e.user.ID] = map[[32]byte]struct{}{}
		}
		c.byUser[e.user.ID][key] = struct{}{}
	}
}

// forgetLocked drops one entry. Call with c.mu held.
func (c *CachedClient) forgetLocked(key [32]byte) {
	e, ok := c.entries[key]
	if !ok {
		return
	}
	delete(c.entries, key)
	if e.valid {
		delete(c.byUser[e.user.ID], key)
		if len(c.byUser[e.user.ID]) == 0 {
			delete(c.byUser, e.user.ID)
		}
	}
}

// Forget marks token as not working for the cache's TTL: an ended session never works again,
// and the mark keeps a check that was under way from remembering it as live.
func (c *CachedClient) Forget(token string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.endLocked(tokenHash(token))
}

// ForgetUser marks every cached token of a user as not working.
func (c *CachedClient) ForgetUser(id int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.revocations++
	for key := range c.byUser[id] {
		c.endLocked(key)
	}
}

// endLocked replaces key's entry by a "does not work" entry. Call with c.mu held.
func (c *CachedClient) endLocked(key [32]byte) {
	c.forgetLocked(key)
	if len(c.entries) < c.maxEntries {
		c.entries[key] = tokenEntry{expires: c.now().Add(c.ttl)}
	}
}

// Len is the number of remembered token checks.
func (c *CachedClient) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}

// Logout ends the session and forgets the token, whatever the service answered: a visitor who
// logs out must not stay logged in through the cache.
func (c *CachedClient) Logout(ctx context.Context, token string) error {
	c.Forget(token)
	return c.Service.Logout(ctx, token)
}

// Deregister deletes the account and forgets every cached token of it.
func (c *CachedClient) Deregister(ctx context.Context, token, account, code string) error {
	err := c.Service.Deregister(ctx, token, account, code)
	if err == nil {
		c.mu.Lock()
		e, ok := c.entries[tokenHash(token)]
		c.mu.Unlock()
		if ok && e.valid {
			c.ForgetUser(e.user.ID)
		}
		c.Forget(token)
	}
	return err
}

// ResetPassword sets the new password and forgets every cached token of the account, whose
// sessions the service has ended.
func (c *CachedClient) ResetPassword(ctx context.Context, r PasswordReset) (int64, error) {
	id, err := c.Service.ResetPassword(ctx, r)
	if err == nil {
		c.ForgetUser(id)
	}
	return id, err
}
