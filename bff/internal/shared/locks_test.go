package shared

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream/vm"
	"github.com/jakarobotics/website/bff/internal/virtual"
)

const testPrefix = "test:"

// Two replicas' requests for one account never hold its lock at the same time, and every one of
// them gets it in the end.
func TestLocksExcludeAcrossReplicas(t *testing.T) {
	_, c := replicas(t, 2)
	locks := []*Locks{NewLocks(c[0], testPrefix, 0, nil), NewLocks(c[1], testPrefix, 0, nil)}
	owner := vm.Owner{Phone: "13800000000"}
	var inside, most, done, trying atomic.Int32
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			trying.Add(1)
			unlock, err := locks[i%2].Lock(ctx, owner)
			if !assert.NoError(t, err) {
				return
			}
			n := inside.Add(1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			// Hold it until every caller is trying, so that the others contend for it.
			for trying.Load() < 20 {
				runtime.Gosched()
			}
			inside.Add(-1)
			done.Add(1)
			unlock()
		})
	}
	wg.Wait()
	assert.EqualValues(t, 1, most.Load(), "holders at once")
	assert.EqualValues(t, 20, done.Load())
	keys, err := c[0].Keys(context.Background(), "*").Result()
	require.NoError(t, err)
	assert.Empty(t, keys, "released locks leave nothing in Redis")
}

// A waiter gives up when its context ends, with upstream.timeout, and holds nothing; another
// account's lock is not held up by this one.
func TestLockWaitEndsWithContext(t *testing.T) {
	_, c := replicas(t, 2)
	a, b := NewLocks(c[0], testPrefix, 0, nil), NewLocks(c[1], testPrefix, 0, nil)
	owner := vm.Owner{Email: "someone@example.com"}
	unlock, err := a.Lock(context.Background(), owner)
	require.NoError(t, err)

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err = b.Lock(ctx, owner)
	require.Error(t, err)
	assert.Equal(t, apierr.UpstreamTimeout, apierr.From(err).Key)

	other, err := b.Lock(context.Background(), vm.Owner{Email: "other@example.com"})
	require.NoError(t, err, "another account's lock is free")
	other()

	unlock()
	unlock() // a second release does nothing
	again, err := b.Lock(context.Background(), owner)
	require.NoError(t, err, "the lock is free once released")
	again()
}

// Keys name the account by a hash, never its phone number or e-mail address.
func TestLockKeysCarryNoPersonalData(t *testing.T) {
	_, c := replicas(t, 1)
	unlock, err := NewLocks(c[0], testPrefix, 0, nil).Lock(context.Background(), vm.Owner{Phone: "13800000000", Email: "someone@example.com"})
	require.NoError(t, err)
	defer unlock()
	keys, err := c[0].Keys(context.Background(), "*").Result()
	require.NoError(t, err)
	require.Len(t, keys, 1)
	assert.True(t, strings.HasPrefix(keys[0], testPrefix+"trial-lock:"), keys[0])
	assert.NotContains(t, keys[0], "13800000000")
	assert.NotContains(t, keys[0], "someone")
}

// A holder keeps its lock beyond one lease while it lives (it renews the lease); a replica that
// dies holding it frees it when the lease runs out.
func TestLockLeaseRenewsWhileHeldAndEndsWithItsReplica(t *testing.T) {
	_, c := replicas(t, 2)
	// Renewed every third of a second: a renewal may come two thirds late on a busy machine.
	const lease = time.Second
	a, b := NewLocks(c[0], testPrefix, lease, nil), NewLocks(c[1], testPrefix, lease, nil)
	owner := vm.Owner{Phone: "1"}
	unlock, err := a.Lock(context.Background(), owner)
	require.NoError(t, err)

	ctx, cancel := context.WithTimeout(context.Background(), 3*lease)
	defer cancel()
	_, err = b.Lock(ctx, owner)
	require.Error(t, err, "a live holder's lock outlasts its lease")

	// The holder's replica dies: its connection closes and nobody renews the lease any more.
	require.NoError(t, c[0].Close())
	start := time.Now()
	ctx2, cancel2 := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel2()
	got, err := b.Lock(ctx2, owner)
	require.NoError(t, err, "the dead holder's lock frees when its lease runs out")
	assert.Less(t, time.Since(start), 2*lease)
	got()
	unlock() // the dead replica's release reaches nobody and takes nothing from anyone
}

// A holder whose lease ran out does not release the lock that another holder has taken since.
func TestStaleReleaseLeavesTheNewHoldersLock(t *testing.T) {
	_, c := replicas(t, 2)
	a, b := NewLocks(c[0], testPrefix, 0, nil), NewLocks(c[1], testPrefix, 0, nil)
	owner := vm.Owner{Phone: "1"}
	stale, err := a.Lock(context.Background(), owner)
	require.NoError(t, err)
	require.NoError(t, c[0].Del(context.Background(), a.key(owner)).Err()) // as if its lease ran out

	current, err := b.Lock(context.Background(), owner)
	require.NoError(t, err)
	stale()
	n, err := c[1].Exists(context.Background(), b.key(owner)).Result()
	require.NoError(t, err)
	assert.EqualValues(t, 1, n, "the new holder keeps its lock")
	current()
}

// Without Redis, Lock fails at once with upstream.unavailable rather than waiting out its
// context.
func TestLockWithoutRedisIsUnavailable(t *testing.T) {
	c := unreachable(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	_, err := NewLocks(c, testPrefix, 0, nil).Lock(ctx, vm.Owner{Phone: "1"})
	require.Error(t, err)
	assert.Equal(t, apierr.UpstreamUnavailable, apierr.From(err).Key)
	assert.Less(t, time.Since(start), time.Second)
}

// Without Redis, an account's lock is taken in the fallback: one holder at a time on the
// replica, at once rather than after its context.
func TestLockWithoutRedisTakesTheFallback(t *testing.T) {
	locks := NewLocks(unreachable(t), testPrefix, 0, virtual.NewLocalLocks())
	owner := vm.Owner{Phone: "1"}
	unlock, err := locks.Lock(context.Background(), owner)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = locks.Lock(ctx, owner)
	require.Error(t, err, "held in the fallback")
	unlock()
	again, err := locks.Lock(context.Background(), owner)
	require.NoError(t, err)
	again()
}
