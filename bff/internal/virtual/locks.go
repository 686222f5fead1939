package virtual

import (
	"context"
	"sync"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream/vm"
)

// Locker serialises an account's applications and switches, so that a double click reaches the
// pool one request after the other and the second one meets the pool's one-trial check instead
// of racing it. LocalLocks does it within one process; BFF replicas behind a load balancer rely
// on the pool's own check (which the pool makes atomically) unless they share a Locker.
type Locker interface {
	// Lock takes owner's lock, waiting at most until ctx ends, and returns its release. When ctx
	// ends first the error is upstream.timeout and nothing is held.
	Lock(ctx context.Context, owner vm.Owner) (unlock func(), err error)
}

// LocalLocks is the Locker of one process: one lock per owner while anyone holds or waits for
// it. Its zero value is not usable; see NewLocalLocks.
type LocalLocks struct {
	mu   sync.Mutex
	held map[vm.Owner]*ownerLock
}

type ownerLock struct {
	token chan struct{} // holds a value while the lock is taken
	refs  int           // holders and waiters
}

// NewLocalLocks returns locks of this process alone.
func NewLocalLocks() *LocalLocks {
	return &LocalLocks{held: map[vm.Owner]*ownerLock{}}
}

// Lock takes owner's lock, waiting at most until ctx ends, and returns its release.
func (l *LocalLocks) Lock(ctx context.Context, owner vm.Owner) (func(), error) {
	l.mu.Lock()
	k := l.held[owner]
	if k == nil {
		k = &ownerLock{token: make(chan struct{}, 1)}
		l.held[owner] = k
	}
	k.refs++
	l.mu.Unlock()

	done := func() {
		l.mu.Lock()
		if k.refs--; k.refs == 0 {
			delete(l.held, owner)
		}
		l.mu.Unlock()
	}
	select {
	case k.token <- struct{}{}:
		var once sync.Once
		return func() { once.Do(func() { <-k.token; done() }) }, nil
	case <-ctx.Done():
		done()
		return nil, apierr.New(apierr.UpstreamTimeout, ctx.Err())
	}
}

// owners is how many owners have a lock held or waited for (for tests: none is kept longer).
func (l *LocalLocks) owners() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.held)
}
