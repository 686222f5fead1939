package shared

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

// identity is an identity service of sessions in memory that counts its token checks.
type identity struct {
	account.Service // nil: the tests call only the methods below

	mu       sync.Mutex
	sessions map[string]account.User
	checks   int
	// during runs inside a check, after the service has looked the token up.
	during func()
}

func newIdentity(sessions map[string]account.User) *identity {
	return &identity{sessions: sessions}
}

func (s *identity) ValidateToken(_ context.Context, token string) (account.User, error) {
	s.mu.Lock()
	s.checks++
	u, ok := s.sessions[token]
	during := s.during
	s.mu.Unlock()
	if during != nil {
		during()
	}
	if !ok {
		return account.User{}, apierr.New(account.TokenExpired, nil)
	}
	return u, nil
}

func (s *identity) Logout(_ context.Context, token string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.sessions, token)
	return nil
}

// ResetPassword ends every session of user 7.
func (s *identity) ResetPassword(context.Context, account.PasswordReset) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for tok, u := range s.sessions {
		if u.ID == 7 {
			delete(s.sessions, tok)
		}
	}
	return 7, nil
}

func (s *identity) Deregister(_ context.Context, token, _, _ string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.sessions[token].ID
	for tok, u := range s.sessions {
		if u.ID == id {
			delete(s.sessions, tok)
		}
	}
	return nil
}

func (s *identity) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.checks
}

// works reports whether c accepts token.
func works(t *testing.T, c account.Service, token string) bool {
	t.Helper()
	_, err := c.ValidateToken(context.Background(), token)
	if err != nil {
		require.Equal(t, account.TokenExpired, apierr.From(err).Key, "%v", err)
		return false
	}
	return true
}

// A session checked on one replica is known on the other without asking the identity service,
// and a logout on either ends it on both at once.
func TestTokenChecksAreSharedAndALogoutEndsThemEverywhere(t *testing.T) {
	_, c := replicas(t, 2)
	idp := newIdentity(map[string]account.User{"t1": {ID: 7, UserName: "ann", Phone: "13800000000"}})
	a := account.NewCachedIn(idp, NewTokenCache(c[0], testPrefix, time.Minute, nil))
	b := account.NewCachedIn(idp, NewTokenCache(c[1], testPrefix, time.Minute, nil))

	u, err := a.ValidateToken(context.Background(), "t1")
	require.NoError(t, err)
	assert.Equal(t, "ann", u.UserName)
	u, err = b.ValidateToken(context.Background(), "t1")
	require.NoError(t, err)
	assert.Equal(t, account.User{ID: 7, UserName: "ann", Phone: "13800000000"}, u, "the user comes whole from Redis")
	assert.Equal(t, 1, idp.count(), "one check reached the identity service")

	assert.False(t, works(t, b, "forged"))
	assert.False(t, works(t, a, "forged"))
	assert.Equal(t, 2, idp.count(), "an unknown token is remembered as such, on both")

	require.NoError(t, b.Logout(context.Background(), "t1"))
	assert.False(t, works(t, a, "t1"), "logged out on the other replica")
	assert.Equal(t, 2, idp.count(), "the end is known without asking")
}

// A password reset or a deregistration on one replica ends every session of the account on the
// other at once; another user's session stays.
func TestEndingAUsersSessionsReachesEveryReplica(t *testing.T) {
	for _, how := range []string{"reset", "deregister"} {
		t.Run(how, func(t *testing.T) {
			_, c := replicas(t, 2)
			idp := newIdentity(map[string]account.User{"t1": {ID: 7}, "t2": {ID: 7}, "t3": {ID: 8}})
			a := account.NewCachedIn(idp, NewTokenCache(c[0], testPrefix, time.Minute, nil))
			b := account.NewCachedIn(idp, NewTokenCache(c[1], testPrefix, time.Minute, nil))
			for _, tok := range []string{"t1", "t2", "t3"} {
				require.True(t, works(t, a, tok))
			}
			if how == "reset" {
				_, err := b.ResetPassword(context.Background(), account.PasswordReset{})
				require.NoError(t, err)
			} else {
				require.NoError(t, b.Deregister(context.Background(), "t2", "", ""))
			}
			checks := idp.count()
			assert.False(t, works(t, a, "t1"))
			assert.False(t, works(t, a, "t2"))
			assert.Equal(t, checks, idp.count(), "the ends are known without asking")
			assert.True(t, works(t, a, "t3"), "another user's session stays")
		})
	}
}

// A logout or a password reset while a check is under way is not undone by the check's answer,
// which the service gave before it.
func TestAnEndDuringACheckIsNotUndoneByIt(t *testing.T) {
	_, c := replicas(t, 2)
	idp := newIdentity(map[string]account.User{"t": {ID: 7}, "u": {ID: 7}})
	a := account.NewCachedIn(idp, NewTokenCache(c[0], testPrefix, time.Minute, nil))
	b := account.NewCachedIn(idp, NewTokenCache(c[1], testPrefix, time.Minute, nil))

	idp.during = func() { require.NoError(t, b.Logout(context.Background(), "t")) }
	_, err := a.ValidateToken(context.Background(), "t")
	require.NoError(t, err, "the service said yes before the logout")
	idp.during = nil
	assert.False(t, works(t, a, "t"), "the cache does not bring the session back")

	idp.during = func() {
		_, err := b.ResetPassword(context.Background(), account.PasswordReset{})
		require.NoError(t, err)
	}
	_, err = a.ValidateToken(context.Background(), "u")
	require.NoError(t, err, "the service said yes before the reset")
	idp.during = nil
	checks := idp.count()
	assert.False(t, works(t, b, "u"))
	assert.Equal(t, checks+1, idp.count(), "the answer given during the reset was not remembered")
}

// Entries are named by the token's hash, live the cache's time to live, and name users by a
// hash too.
func TestTokenKeysCarryNoTokenAndExpire(t *testing.T) {
	_, c := replicas(t, 1)
	idp := newIdentity(map[string]account.User{"secret-token": {ID: 4242}})
	a := account.NewCachedIn(idp, NewTokenCache(c[0], testPrefix, 30*time.Second, nil))
	require.True(t, works(t, a, "secret-token"))
	keys, err := c[0].Keys(context.Background(), "*").Result()
	require.NoError(t, err)
	require.Len(t, keys, 2, "the token's entry and its user's set: %v", keys)
	for _, k := range keys {
		assert.True(t, strings.HasPrefix(k, testPrefix+"token"), k)
		assert.NotContains(t, k, "secret-token")
		assert.NotContains(t, k, "4242")
		ttl, err := c[0].PTTL(context.Background(), k).Result()
		require.NoError(t, err)
		assert.Greater(t, ttl, 29*time.Second, k)
		assert.LessOrEqual(t, ttl, 30*time.Second, k)
	}
}

// Without Redis every check asks the identity service and none fails because of Redis; a
// logout made meanwhile is refused on its replica at once and reaches Redis once it is back,
// so that a stale entry there is never trusted.
func TestTokenChecksWithoutRedisAskTheService(t *testing.T) {
	srv, c := replicas(t, 1)
	flaky, away := switchable(t, srv)
	idp := newIdentity(map[string]account.User{"t": {ID: 7}})
	clk := newClock()
	a := account.NewCachedIn(idp, NewTokenCache(flaky, testPrefix, time.Minute, clk.Now))
	b := account.NewCachedIn(idp, NewTokenCache(c[0], testPrefix, time.Minute, clk.Now))
	require.True(t, works(t, a, "t"))
	require.True(t, works(t, b, "t"))
	require.Equal(t, 1, idp.count())

	away.Store(true)
	for range 3 {
		assert.True(t, works(t, a, "t"))
	}
	assert.Equal(t, 4, idp.count(), "each check asked the service")

	// The logout reaches the service, not Redis: a keeps the end itself…
	idp.during = nil
	require.NoError(t, a.Logout(context.Background(), "t"))
	assert.False(t, works(t, a, "t"))
	// … and brings it to Redis once it is back, before it answers anything else.
	away.Store(false)
	clk.Add(retryEndsEvery)
	assert.False(t, works(t, a, "other"))
	assert.False(t, works(t, b, "t"), "the other replica sees the logout")
}
