package account

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// countingService answers token checks from a table and counts them.
type countingService struct {
	Service // nil: the calls the tests make are overridden below
	users   map[string]User
	checks  int
	fail    error
	// during runs inside a check, after the service has looked the token up.
	during func()
}

func (c *countingService) ValidateToken(_ context.Context, token string) (User, error) {
	c.checks++
	if c.during != nil {
		defer c.during()
	}
	if c.fail != nil {
		return User{}, c.fail
	}
	if u, ok := c.users[token]; ok {
		return u, nil
	}
	return User{}, apierr.New(TokenExpired, nil)
}

func (c *countingService) Logout(context.Context, string) error { return nil }

func TestCacheOffReturnsTheServiceItself(t *testing.T) {
	svc := &countingService{}
	assert.Same(t, svc, NewCached(svc, 0, nil))
}

func TestCacheRemembersByTokenHashAndForgets(t *testing.T) {
	now := time.Unix(0, 0)
	svc := &countingService{users: map[string]User{"t1": {ID: 7}, "t2": {ID: 7}, "t3": {ID: 8}}}
	c := NewCached(svc, 30*time.Second, func() time.Time { return now }).(*CachedClient)
	ctx := context.Background()
	for _, tok := range []string{"t1", "t1", "t2", "t3", "t3", "nope", "nope"} {
		_, _ = c.ValidateToken(ctx, tok)
	}
	assert.Equal(t, 4, svc.checks)
	for key := range c.store.(*MemoryTokens).entries {
		assert.NotContains(t, string(key[:]), "t1", "keys are hashes, not tokens")
	}

	c.ForgetUser(ctx, 7)
	_, err := c.ValidateToken(ctx, "t3")
	require.NoError(t, err)
	assert.Equal(t, 4, svc.checks, "another user's entry stays")
	_, err = c.ValidateToken(ctx, "t1")
	assert.Equal(t, TokenExpired, apierr.From(err).Key, "user 7's sessions ended")

	require.NoError(t, c.Logout(ctx, "t3"))
	_, err = c.ValidateToken(ctx, "t3")
	assert.Equal(t, TokenExpired, apierr.From(err).Key, "a logged-out token stops working at once")
	assert.Equal(t, 4, svc.checks, "ended sessions are known without asking")
}

func TestCacheNeverRemembersFailuresOfTheService(t *testing.T) {
	svc := &countingService{fail: apierr.New(apierr.UpstreamUnavailable, nil)}
	c := NewCached(svc, time.Minute, nil)
	for i := 0; i < 3; i++ {
		_, err := c.ValidateToken(context.Background(), "t")
		assert.Equal(t, apierr.UpstreamUnavailable, apierr.From(err).Key)
	}
	assert.Equal(t, 3, svc.checks)
}

func TestCacheIsBounded(t *testing.T) {
	now := time.Unix(0, 0)
	svc := &countingService{users: map[string]User{"a": {ID: 1}, "b": {ID: 2}, "c": {ID: 3}}}
	c := NewCached(svc, time.Minute, func() time.Time { return now }).(*CachedClient)
	c.store.(*MemoryTokens).maxEntries = 2
	ctx := context.Background()
	_, _ = c.ValidateToken(ctx, "a")
	_, _ = c.ValidateToken(ctx, "b")
	_, _ = c.ValidateToken(ctx, "c")
	assert.Equal(t, 2, c.Len(), "a full cache of live entries remembers no more")
	now = now.Add(time.Minute)
	_, _ = c.ValidateToken(ctx, "c")
	assert.Equal(t, 1, c.Len(), "expired entries make room")
}

func TestALogoutDuringACheckIsNotUndoneByIt(t *testing.T) {
	svc := &countingService{users: map[string]User{"t": {ID: 7}}}
	c := NewCached(svc, time.Minute, nil).(*CachedClient)
	ctx := context.Background()
	svc.during = func() { require.NoError(t, c.Logout(ctx, "t")) }
	_, err := c.ValidateToken(ctx, "t")
	require.NoError(t, err, "the service said yes before the logout")
	svc.during = nil
	_, err = c.ValidateToken(ctx, "t")
	assert.Equal(t, TokenExpired, apierr.From(err).Key, "the cache does not bring the session back")
}

func TestAPasswordResetDuringACheckIsNotUndoneByIt(t *testing.T) {
	svc := &countingService{users: map[string]User{"t": {ID: 7}}}
	c := NewCached(svc, time.Minute, nil).(*CachedClient)
	ctx := context.Background()
	svc.during = func() { c.ForgetUser(ctx, 7) }
	_, _ = c.ValidateToken(ctx, "t")
	svc.during = nil
	_, _ = c.ValidateToken(ctx, "t")
	assert.Equal(t, 2, svc.checks, "the answer given during the reset was not remembered")
}
