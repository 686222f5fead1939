package account

import (
	"context"
	"crypto/sha256"
	"sync"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// DefaultMaxCachedTokens bounds the token checks a MemoryTokens remembers.
const DefaultMaxCachedTokens = 100_000

// TokenHash names a token in a TokenStore: its SHA-256, so that a store never holds a usable
// token.
type TokenHash [32]byte

// HashToken is the TokenHash of token.
func HashToken(token string) TokenHash { return sha256.Sum256([]byte(token)) }

// TokenCheck is a remembered answer of the identity service about one token.
type TokenCheck struct {
	// Valid says the token worked; User is its user then, zero otherwise.
	Valid bool
	User  User
}

// TokenStore keeps a CachedClient's token checks for its time to live: in this process
// (MemoryTokens) or shared by the replicas behind one site (package shared). An error of the
// store makes the CachedClient ask the identity service instead, and remember nothing.
type TokenStore interface {
	// Lookup returns the check remembered for the token of hash (ok false when there is none)
	// and the store's mark of revocations at that moment, to hand to Remember.
	Lookup(ctx context.Context, hash TokenHash) (check TokenCheck, ok bool, mark uint64, err error)
	// Remember keeps check of the token of hash. A valid check is not kept over the token's
	// "ended" mark (a logout may have happened while it was being checked), nor when a user's
	// tokens were ended (EndUser) since mark was read.
	Remember(ctx context.Context, hash TokenHash, check TokenCheck, mark uint64) error
	// End marks the token of hash as not working, for the time to live: an ended session
	// never works again.
	End(ctx context.Context, hash TokenHash) error
	// EndUser marks every remembered token of the user id as not working.
	EndUser(ctx context.Context, id int64) error
}

// CachedClient is a Service that remembers token checks for a short time, so that the check the
// web makes on every route change does not reach the identity service each time. Entries are
// keyed by the SHA-256 of the token (the cache never holds a usable token). A live token is
// remembered with its user; an unknown or expired one is remembered as such, since a token that
// has stopped working never works again. Transport failures are never remembered.
//
// Logout, deregistration and password reset through this client forget the affected entries at
// once, in the store: with a store shared by the replicas, on every replica. A session ended
// elsewhere (by the identity service itself) is seen at the latest TTL later: that is the price
// of the cache, and why TTL is seconds.
type CachedClient struct {
	Service
	store TokenStore
}

// NewCached returns c behind a token cache of ttl kept in this process (MemoryTokens), on the
// clock now (nil means time.Now). A ttl of zero or less turns the cache off and returns c
// itself.
func NewCached(c Service, ttl time.Duration, now func() time.Time) Service {
	if ttl <= 0 {
		return c
	}
	return NewCachedIn(c, NewMemoryTokens(ttl, now))
}

// NewCachedIn returns c behind a token cache kept in store; a nil store returns c itself.
func NewCachedIn(c Service, store TokenStore) Service {
	if store == nil {
		return c
	}
	return &CachedClient{Service: c, store: store}
}

// Store is where the client keeps its token checks.
func (c *CachedClient) Store() TokenStore { return c.store }

// ValidateToken answers from the cache when it can, and remembers the service's answer. When
// the store fails, the service answers and nothing is remembered.
func (c *CachedClient) ValidateToken(ctx context.Context, token string) (User, error) {
	key := HashToken(token)
	e, ok, mark, storeErr := c.store.Lookup(ctx, key)
	if storeErr == nil && ok {
		if !e.Valid {
			return User{}, apierr.New(TokenExpired, nil)
		}
		return e.User, nil
	}
	u, err := c.Service.ValidateToken(ctx, token)
	if storeErr != nil {
		return u, err
	}
	switch {
	case err == nil:
		_ = c.store.Remember(ctx, key, TokenCheck{Valid: true, User: u}, mark)
	case apierr.From(err).Key == TokenExpired:
		_ = c.store.Remember(ctx, key, TokenCheck{}, mark)
	}
	return u, err
}

// Forget marks token as not working for the cache's TTL: an ended session never works again,
// and the mark keeps a check that was under way from remembering it as live.
func (c *CachedClient) Forget(ctx context.Context, token string) {
	_ = c.store.End(context.WithoutCancel(ctx), HashToken(token))
}

// ForgetUser marks every cached token of a user as not working.
func (c *CachedClient) ForgetUser(ctx context.Context, id int64) {
	_ = c.store.EndUser(context.WithoutCancel(ctx), id)
}

// Len is the number of remembered token checks of a MemoryTokens store (0 for another store).
func (c *CachedClient) Len() int {
	if m, ok := c.store.(*MemoryTokens); ok {
		return m.Len()
	}
	return 0
}

// Logout ends the session and forgets the token, whatever the service answered: a visitor who
// logs out must not stay logged in through the cache.
func (c *CachedClient) Logout(ctx context.Context, token string) error {
	c.Forget(ctx, token)
	return c.Service.Logout(ctx, token)
}

// Deregister deletes the account and forgets every cached token of it. The account's user is
// read before it is deleted (from the cache, as the request's login check has just made it).
func (c *CachedClient) Deregister(ctx context.Context, token, account, code string) error {
	u, userErr := c.ValidateToken(ctx, token)
	err := c.Service.Deregister(ctx, token, account, code)
	if err == nil {
		if userErr == nil {
			c.ForgetUser(ctx, u.ID)
		}
		c.Forget(ctx, token)
	}
	return err
}

// ResetPassword sets the new password and forgets every cached token of the account, whose
// sessions the service has ended.
func (c *CachedClient) ResetPassword(ctx context.Context, r PasswordReset) (int64, error) {
	id, err := c.Service.ResetPassword(ctx, r)
	if err == nil {
		c.ForgetUser(ctx, id)
	}
	return id, err
}

// MemoryTokens is a TokenStore of one process, bounded to DefaultMaxCachedTokens entries.
type MemoryTokens struct {
	ttl        time.Duration
	maxEntries int
	now        func() time.Time

	mu      sync.Mutex
	entries map[TokenHash]tokenEntry
	byUser  map[int64]map[TokenHash]struct{}
	// revocations counts EndUser calls: a check that was under way while one happened is not
	// remembered as live, since the service may have answered before it ended the sessions.
	revocations uint64
}

var _ TokenStore = (*MemoryTokens)(nil)

type tokenEntry struct {
	TokenCheck
	expires time.Time
}

// NewMemoryTokens returns an empty store whose entries live ttl, on the clock now (nil means
// time.Now).
func NewMemoryTokens(ttl time.Duration, now func() time.Time) *MemoryTokens {
	if now == nil {
		now = time.Now
	}
	return &MemoryTokens{
		ttl:        ttl,
		maxEntries: DefaultMaxCachedTokens,
		now:        now,
		entries:    map[TokenHash]tokenEntry{},
		byUser:     map[int64]map[TokenHash]struct{}{},
	}
}

// Lookup returns the unexpired check of hash.
func (m *MemoryTokens) Lookup(_ context.Context, hash TokenHash) (TokenCheck, bool, uint64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[hash]
	if !ok || !m.now().Before(e.expires) {
		return TokenCheck{}, false, m.revocations, nil
	}
	return e.TokenCheck, true, m.revocations, nil
}

// Remember stores a check, making room by dropping expired ones; when the store is full of
// live entries the check is simply not remembered.
func (m *MemoryTokens) Remember(_ context.Context, hash TokenHash, check TokenCheck, mark uint64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	old, exists := m.entries[hash]
	if check.Valid && (mark != m.revocations || (exists && !old.Valid && now.Before(old.expires))) {
		return nil
	}
	if !exists && len(m.entries) >= m.maxEntries {
		for k, old := range m.entries {
			if !now.Before(old.expires) {
				m.forgetLocked(k)
			}
		}
		if len(m.entries) >= m.maxEntries {
			return nil
		}
	}
	m.forgetLocked(hash)
	m.entries[hash] = tokenEntry{TokenCheck: check, expires: now.Add(m.ttl)}
	if check.Valid {
		if m.byUser[check.User.ID] == nil {
			m.byUser[check.User.ID] = map[TokenHash]struct{}{}
		}
		m.byUser[check.User.ID][hash] = struct{}{}
	}
	return nil
}

// End marks the token of hash as not working.
func (m *MemoryTokens) End(_ context.Context, hash TokenHash) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.endLocked(hash)
	return nil
}

// EndUser marks every remembered token of user id as not working.
func (m *MemoryTokens) EndUser(_ context.Context, id int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.revocations++
	for hash := range m.byUser[id] {
		m.endLocked(hash)
	}
	return nil
}

// Len is the number of remembered token checks.
func (m *MemoryTokens) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.entries)
}

// forgetLocked drops one entry. Call with m.mu held.
func (m *MemoryTokens) forgetLocked(hash TokenHash) {
	e, ok := m.entries[hash]
	if !ok {
		return
	}
	delete(m.entries, hash)
	if e.Valid {
		delete(m.byUser[e.User.ID], hash)
		if len(m.byUser[e.User.ID]) == 0 {
			delete(m.byUser, e.User.ID)
		}
	}
}

// endLocked replaces hash's entry by a "does not work" entry. Call with m.mu held.
func (m *MemoryTokens) endLocked(hash TokenHash) {
	m.forgetLocked(hash)
	if len(m.entries) < m.maxEntries {
		m.entries[hash] = tokenEntry{expires: m.now().Add(m.ttl)}
	}
}
