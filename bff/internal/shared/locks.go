package shared

import (
	"context"
	"crypto/rand"
	mrand "math/rand/v2"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream/vm"
	"github.com/jakarobotics/website/bff/internal/virtual"
)

// DefaultLockLease is how long a lock outlives a replica that died holding it. A live holder
// renews its lease every third of it, so a call may hold the lock as long as it takes.
const DefaultLockLease = 15 * time.Second

// Waiting for a lock held elsewhere retries SET NX with pauses that grow from minLockWait to
// maxLockWait (with jitter, so that waiters on several replicas do not retry in step).
const (
	minLockWait = 5 * time.Millisecond
	maxLockWait = 250 * time.Millisecond
)

// releaseTimeout bounds the release of a lock and its renewals (they have no caller's context).
const releaseTimeout = 2 * time.Second

// releaseScript deletes the lock only if it still holds this holder's token: a holder whose lease
// ran out must not release the lock someone else has since taken.
var releaseScript = redis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
	return redis.call("DEL", KEYS[1])
end
return 0`)

// renewScript extends the lease of the lock only if it still holds this holder's token.
var renewScript = redis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
	return redis.call("PEXPIRE", KEYS[1], ARGV[2])
end
return 0`)

// Locks is a virtual.Locker shared by every replica that uses the same Redis and prefix: an
// owner's lock is one key, taken with SET NX PX and a random token, released by a script that
// compares the token before it deletes. A waiter retries with growing pauses until its context
// ends. When Redis cannot be reached, the lock is taken in fallback instead (the replica's own,
// typically virtual.LocalLocks: an account's operations stay one at a time on this replica);
// without a fallback Lock fails at once with upstream.unavailable.
type Locks struct {
	rdb      redis.UniversalClient
	prefix   string
	lease    time.Duration
	fallback virtual.Locker
}

var _ virtual.Locker = (*Locks)(nil)

// NewLocks returns the locks kept in rdb under prefix, with leases of lease (DefaultLockLease
// when it is not positive), and fallback (nil for none) for when Redis cannot be reached.
func NewLocks(rdb redis.UniversalClient, prefix string, lease time.Duration, fallback virtual.Locker) *Locks {
	if lease <= 0 {
		lease = DefaultLockLease
	}
	return &Locks{rdb: rdb, prefix: prefix, lease: lease, fallback: fallback}
}

// key is owner's lock: a hash of the account, not its phone number or e-mail address.
func (l *Locks) key(owner vm.Owner) string {
	return l.prefix + "trial-lock:" + keyHash("trial-lock", owner.Phone, owner.Email)
}

// Lock takes owner's lock, waiting at most until ctx ends, and returns its release. When ctx ends
// first the error is upstream.timeout and nothing is held.
func (l *Locks) Lock(ctx context.Context, owner vm.Owner) (func(), error) {
	key := l.key(owner)
	token := rand.Text() // 128 random bits: no other holder has it
	wait := minLockWait
	for {
		taken, err := l.rdb.SetNX(ctx, key, token, l.lease).Result()
		switch {
		case err != nil && ctx.Err() != nil:
			// The SET may have reached Redis before ctx ended: give back what it may have taken.
			l.release(key, token)
			return nil, apierr.New(apierr.UpstreamTimeout, ctx.Err())
		case err != nil && l.fallback != nil:
			return l.fallback.Lock(ctx, owner)
		case err != nil:
			return nil, apierr.New(apierr.UpstreamUnavailable, err)
		case taken:
			return l.hold(key, token), nil
		}
		pause := time.NewTimer(wait/2 + mrand.N(wait/2+1))
		select {
		case <-ctx.Done():
			pause.Stop()
			return nil, apierr.New(apierr.UpstreamTimeout, ctx.Err())
		case <-pause.C:
		}
		wait = min(2*wait, maxLockWait)
	}
}

// hold renews the lease of the lock key, taken with token, until the returned release is called;
// the release deletes the lock if it is still this holder's.
func (l *Locks) hold(key, token string) func() {
	stop := make(chan struct{})
	renewed := make(chan struct{})
	go func() {
		defer close(renewed)
		tick := time.NewTicker(l.lease / 3)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			ctx, cancel := context.WithTimeout(context.Background(), releaseTimeout)
			kept, err := renewScript.Run(ctx, l.rdb, []string{key}, token, l.lease.Milliseconds()).Int()
			cancel()
			if err == nil && kept == 0 {
				return // the lease ran out and the lock is someone else's now: nothing to renew
			}
			// An error (Redis briefly away) is tried again at the next tick, within the lease.
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(stop)
			<-renewed
			l.release(key, token)
		})
	}
}

// release deletes the lock key if it still holds token. A release that fails leaves the lock to
// run out with its lease.
func (l *Locks) release(key, token string) {
	ctx, cancel := context.WithTimeout(context.Background(), releaseTimeout)
	defer cancel()
	_ = releaseScript.Run(ctx, l.rdb, []string{key}, token).Err()
}
