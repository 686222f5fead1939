package cache

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"time"
)

// Shared is a second tier of a cache, outside the process and shared by every replica of the
// site (package shared keeps it in Redis), with a lock per key around the upstream call: of all
// the replicas that miss one key at once, one fetches it and the others read what it stored.
// Its methods are called with a time limit of their own and may fail; a cache whose shared tier
// fails answers as it does without one.
type Shared interface {
	// Get returns the answer stored under key; found is false when there is none.
	Get(ctx context.Context, key string) (e SharedEntry, found bool, err error)
	// Set stores e under key for ttl.
	Set(ctx context.Context, key string, e SharedEntry, ttl time.Duration) error
	// Lock takes the lock of key for at most lease, unless someone holds it already: then taken
	// is false. release gives the lock back if it is still this caller's.
	Lock(ctx context.Context, key string, lease time.Duration) (release func(), taken bool, err error)
	// Drop removes every answer stored with one of tags (SharedEntry.Tags).
	Drop(ctx context.Context, tags []string) error
}

// SharedEntry is what the shared tier keeps of an Entry: its compressed body, its status and
// when it was fetched. The replica that reads it rebuilds the rest (the plain body, the ETag, the
// windows of its policy, its format and route) as it would for an answer it fetched itself.
type SharedEntry struct {
	Gzip     []byte
	Status   int
	StoredAt time.Time
	// Tags are the entry's Tags: what the answer was built from.
	Tags []string
}

// Waiting for the answer another replica is fetching polls the shared tier with pauses that
// grow from minSharedWait to maxSharedWait (with jitter, so that replicas do not poll in step).
const (
	minSharedWait = 5 * time.Millisecond
	maxSharedWait = 200 * time.Millisecond
)

// sharedMargin is what a lock's lease adds to the fetch's time limit: the time to store the
// answer in the shared tier once it is fetched.
const sharedMargin = 2 * time.Second

// SetShared makes s the cache's second tier; set it before the cache is used. A load that misses
// here reads s before it asks the upstream, and takes s's lock of the key to ask it: the answers
// that s keeps are those of successful fetches only, found by every cache that shares s, and
// kept there as long as they are served without asking the upstream (their fresh and stale
// windows). Their stale-if-error window is spent in each cache's own memory, which is bounded:
// the shared tier lives beside state that must not be evicted (an outbox), and must not fill
// up with answers that only a failing upstream would ever serve again.
//
// A cache that follows a Generation does not use s: a generation is one replica's own count of
// its own changes, which tells nothing of an answer another replica stored.
func (c *Cache) SetShared(s Shared) { c.shared = s }

// loaded is what a load's shared call hands its callers: the entry and how it was obtained.
type loaded struct {
	entry *Entry
	res   Result
}

// obtain fetches the answer under key and stores it, through the shared tier when the cache has
// one. serveStale lets an answer that the shared tier holds within its stale window do: it is
// returned as Stale, and the caller starts its refresh; a background refresh passes false.
func (c *Cache) obtain(ctx context.Context, key, route string, f *Format, p Policy, limit time.Duration, fetch AnswerFetch, serveStale bool) (loaded, error) {
	if c.shared == nil || c.Generation != nil {
		e, err := c.fetchAndStore(ctx, key, route, f, p, limit, fetch)
		return loaded{e, Miss}, err
	}
	return c.obtainShared(ctx, key, route, f, p, limit, fetch, serveStale)
}

// obtainShared is obtain through the shared tier. It reads the answer there; when there is none
// that may be served, it takes the key's lock and fetches, then stores the answer there too, or,
// when another replica holds the lock, waits for that replica's answer, polling. It fetches
// without the lock when the holder neither stored an answer nor gave the lock back within the
// lock's lease (it died), and at once, as a cache without a shared tier would, when the shared
// tier fails.
func (c *Cache) obtainShared(ctx context.Context, key, route string, f *Format, p Policy, limit time.Duration, fetch AnswerFetch, serveStale bool) (loaded, error) {
	usable := func(e *Entry) (Result, bool) {
		now := c.now()
		switch {
		case e == nil:
			return Miss, false
		case now.Before(e.FreshUntil):
			return Hit, true
		case serveStale && now.Before(e.StaleUntil):
			return Stale, true
		}
		return Miss, false
	}
	// A replica that waits gives up when the holder's lease would have ended.
	lease := limit + sharedMargin
	waitCtx, cancel := context.WithTimeout(ctx, lease)
	defer cancel()
	pause := minSharedWait
	for {
		e, err := c.readShared(waitCtx, key, route, f, p, limit, fetch)
		if err != nil {
			return c.fetchAlone(ctx, key, route, f, p, limit, fetch, waitCtx.Err() != nil)
		}
		if res, ok := usable(e); ok {
			return loaded{e, res}, nil
		}
		release, taken, err := c.shared.Lock(waitCtx, key, lease)
		if err != nil {
			return c.fetchAlone(ctx, key, route, f, p, limit, fetch, waitCtx.Err() != nil)
		}
		if taken {
			return c.fetchHoldingLock(ctx, key, route, f, p, limit, fetch, usable, release)
		}
		timer := time.NewTimer(pause/2 + mrand.N(pause/2+1))
		select {
		case <-waitCtx.Done():
			timer.Stop()
			return c.fetchAlone(ctx, key, route, f, p, limit, fetch, true)
		case <-timer.C:
		}
		pause = min(2*pause, maxSharedWait)
	}
}

// fetchHoldingLock fetches the answer under key while holding its shared lock, stores it in the
// shared tier if the fetch succeeds, and gives the lock back: after a failed fetch, the next
// replica that waits takes it and tries. An answer stored by the previous holder between this
// replica's read and its lock is taken instead of fetching again.
func (c *Cache) fetchHoldingLock(ctx context.Context, key, route string, f *Format, p Policy, limit time.Duration, fetch AnswerFetch, usable func(*Entry) (Result, bool), release func()) (loaded, error) {
	defer release()
	if e, err := c.readShared(ctx, key, route, f, p, limit, fetch); err == nil {
		if res, ok := usable(e); ok {
			return loaded{e, res}, nil
		}
	}
	e, err := c.fetchAndStore(ctx, key, route, f, p, limit, fetch)
	if err != nil {
		return loaded{}, err
	}
	c.storeShared(ctx, key, e)
	return loaded{e, Miss}, nil
}

// fetchAlone fetches the answer under key without the shared lock. store says whether to store it
// in the shared tier: yes when the wait for another replica ran out, no when the tier failed.
func (c *Cache) fetchAlone(ctx context.Context, key, route string, f *Format, p Policy, limit time.Duration, fetch AnswerFetch, store bool) (loaded, error) {
	e, err := c.fetchAndStore(ctx, key, route, f, p, limit, fetch)
	if err != nil {
		return loaded{}, err
	}
	if store {
		c.storeShared(ctx, key, e)
	}
	return loaded{e, Miss}, nil
}

// readShared returns the answer the shared tier holds under key, as an entry of this cache, nil
// when there is none or it is past its stale-if-error window. An answer newer than this cache's
// own is stored here too, so that it serves while stale or when the upstream fails, as an answer
// fetched here would; otherwise this cache's own entry is returned. err is the tier's failure.
func (c *Cache) readShared(ctx context.Context, key, route string, f *Format, p Policy, limit time.Duration, fetch AnswerFetch) (*Entry, error) {
	se, found, err := c.shared.Get(ctx, key)
	if err != nil || !found {
		return nil, err
	}
	e, err := sharedEntry(se, route, f, p)
	if err != nil || !c.now().Before(e.ErrorUntil) {
		// An answer that cannot be read is as good as none: the next fetch replaces it.
		return nil, nil
	}
	if old := c.get(key); old != nil && !old.StoredAt.Before(e.StoredAt) {
		return old, nil
	}
	e.refresh, e.refreshLimit = fetch, limit
	c.store(key, e)
	return e, nil
}

// storeShared stores e in the shared tier until its stale window ends (see SetShared). A failure
// is not the visitor's concern: the answer is served from this cache, and the next replica that
// misses fetches it again.
func (c *Cache) storeShared(ctx context.Context, key string, e *Entry) {
	ttl := e.StaleUntil.Sub(c.now())
	if ttl <= 0 {
		return
	}
	_ = c.shared.Set(ctx, key, SharedEntry{Gzip: e.Gzip, Status: e.Status, StoredAt: e.StoredAt, Tags: e.Tags}, ttl)
}

// sharedEntry rebuilds an entry from what the shared tier keeps, with the windows of p counted
// from the time it was fetched.
func sharedEntry(se SharedEntry, route string, f *Format, p Policy) (*Entry, error) {
	zr, err := gzip.NewReader(bytes.NewReader(se.Gzip))
	if err != nil {
		return nil, fmt.Errorf("shared answer: %w", err)
	}
	body, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("shared answer: %w", err)
	}
	if se.Status == 0 {
		return nil, errors.New("shared answer: no status")
	}
	e := assembleEntry(body, se.Gzip, se.Status, route, f, p, se.StoredAt)
	e.Tags = se.Tags
	return e, nil
}
