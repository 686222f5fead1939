package shared

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/accounts"
)

// A login state is used once across the replicas: the second replica to spend it is refused,
// and a state given back can be spent again, on any replica.
func TestSpentStatesAreSingleUseAcrossReplicas(t *testing.T) {
	_, c := replicas(t, 2)
	a, b := NewSpentStates(c[0], testPrefix, nil), NewSpentStates(c[1], testPrefix, nil)
	hash := accounts.LoginStateHash("state-1")

	assert.True(t, a.Spend(hash), "an unused state")
	assert.False(t, b.Spend(hash), "spent on the other replica")
	assert.False(t, a.Spend(hash), "spent on this replica")
	assert.True(t, b.Spend(accounts.LoginStateHash("state-2")), "another state is unused")

	a.Release(hash)
	assert.True(t, b.Spend(hash), "a state given back is usable again")
}

// Of many replicas' requests spending one state at once, exactly one is told it was unused.
func TestSpentStatesConcurrentSpendsHaveOneWinner(t *testing.T) {
	_, c := replicas(t, 2)
	stores := []*SpentStates{NewSpentStates(c[0], testPrefix, nil), NewSpentStates(c[1], testPrefix, nil)}
	hash := accounts.LoginStateHash("raced")
	var won atomic.Int32
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			if stores[i%2].Spend(hash) {
				won.Add(1)
			}
		})
	}
	wg.Wait()
	assert.EqualValues(t, 1, won.Load())
}

// A used state is remembered for accounts.LoginStateTTL, no longer, under its hash alone.
func TestSpentStatesExpireAfterTheLoginTTL(t *testing.T) {
	_, c := replicas(t, 1)
	s := NewSpentStates(c[0], testPrefix, nil)
	hash := accounts.LoginStateHash("state")
	require.True(t, s.Spend(hash))
	ttl, err := c[0].PTTL(context.Background(), testPrefix+"login-state:"+hash).Result()
	require.NoError(t, err)
	assert.LessOrEqual(t, ttl, accounts.LoginStateTTL)
	assert.Greater(t, ttl, accounts.LoginStateTTL-time.Minute)
}

// Without Redis, states are spent in the fallback, once each; without a fallback, none is
// unused.
func TestSpentStatesWithoutRedis(t *testing.T) {
	c := unreachable(t)
	hash := accounts.LoginStateHash("state")

	withFallback := NewSpentStates(c, testPrefix, accounts.NewMemorySpentStates(nil))
	assert.True(t, withFallback.Spend(hash))
	assert.False(t, withFallback.Spend(hash))
	withFallback.Release(hash)
	assert.True(t, withFallback.Spend(hash), "given back in the fallback too")

	assert.False(t, NewSpentStates(c, testPrefix, nil).Spend(accounts.LoginStateHash("other")),
		"without a fallback, a state counts as used")
}

// FinishLogin, the accounts area's rule, runs on the shared store as on the memory one: a login
// finished on one replica cannot be finished again on the other.
func TestFinishLoginOnSharedStates(t *testing.T) {
	_, c := replicas(t, 2)
	a, b := NewSpentStates(c[0], testPrefix, nil), NewSpentStates(c[1], testPrefix, nil)
	started := accounts.StartedLogins(nil).With("state")
	calls := 0
	exchange := func() error { calls++; return nil }

	forget, err := accounts.FinishLogin(a, started, "state", exchange)
	require.NoError(t, err)
	assert.True(t, forget)
	_, err = accounts.FinishLogin(b, started, "state", exchange)
	require.Error(t, err, "the same login on the other replica")
	assert.Equal(t, 1, calls, "the code is exchanged once")
}
