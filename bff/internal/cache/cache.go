// Package cache keeps finished answers of the BFF (content envelopes, rendered pages): their
// bytes, their gzip and their ETag, computed once when an answer is stored, so that serving a
// cached answer costs a map lookup and a write. It coalesces concurrent misses into one upstream
// call, serves stale answers while it revalidates them, and keeps serving them while the
// upstream fails. With a shared tier (SetShared), the replicas of the site read each other's
// answers and take turns at the upstream: one call per key for all of them.
package cache

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"golang.org/x/sync/singleflight"
)

// Policy says how long an answer is fresh, how long after that it is still served while a
// refresh runs in the background (stale-while-revalidate), and how long after that it is still
// served when refreshing fails (stale-if-error).
type Policy struct {
	Fresh   time.Duration
	Stale   time.Duration
	IfError time.Duration
}

// Fetch produces a finished answer body (the success envelope) from the upstream.
type Fetch func(ctx context.Context) ([]byte, error)

// Answer is a finished answer that an AnswerFetch produced: its body and its status.
type Answer struct {
	Body []byte
	// Status is the HTTP status the answer is written with; 0 means 200.
	Status int
	// Tags name what the answer was built from (see Cache.Drop); nil takes the cache's TagsOf.
	Tags []string
}

// AnswerFetch produces a finished answer from the upstream, for LoadAnswer.
type AnswerFetch func(ctx context.Context) (Answer, error)

// ErrUncacheable is wrapped by the error of a fetch whose upstream answered, but with an answer
// that is not for the cache (a page its renderer marked private, a redirect). Load returns that
// error to every caller waiting for the key, who answer with what the error carries; no stale
// entry is served in its place, and the entry under the key, no longer the right answer, is
// dropped.
var ErrUncacheable = errors.New("cache: the answer may not be stored")

// Generation counts changes of what a cache's answers were built from. A cache that follows a
// generation (Cache.Generation) treats an entry built under an older one as no longer fresh:
// it serves it within its stale window while a refresh runs, as it would an entry past its
// freshness.
type Generation struct{ n atomic.Uint64 }

// Bump starts a new generation.
func (g *Generation) Bump() { g.n.Add(1) }

// Current is the current generation.
func (g *Generation) Current() uint64 { return g.n.Load() }

// Entry is one stored answer. Its fields are never changed after it is stored, so an Entry is
// safe to share between requests.
type Entry struct {
	Body       []byte
	Gzip       []byte
	ETag       string // quoted strong validator
	StoredAt   time.Time
	FreshUntil time.Time
	StaleUntil time.Time
	ErrorUntil time.Time
	// Route names the operation (its path template), for metrics of answers served from cache.
	Route string
	// Status is the HTTP status of the answer: 200, or 404 for a page that is not there.
	Status int
	// Generation is the cache's Generation when the answer was fetched (0 without one).
	Generation uint64
	// Tags name what the answer was built from: Drop removes the entries that carry a tag.
	Tags []string

	// Header values computed once, so that writing an entry allocates nothing.
	etagHeader   []string
	bodyLength   []string
	gzipLength   []string
	format       *Format
	policy       Policy
	refresh      AnswerFetch
	refreshLimit time.Duration
	// refreshing is set while a background refresh of this entry runs, so that a busy stale key
	// starts one refresh, not one per request.
	refreshing atomic.Bool
}

// Result tells how an answer was obtained.
type Result int

// The results of Load and Peek.
const (
	Miss         Result = iota // fetched from the upstream now
	Hit                        // fresh from the cache
	Stale                      // stale from the cache, refresh started in the background
	StaleIfError               // stale from the cache because the upstream failed
)

var resultNames = [...]string{"miss", "hit", "stale", "stale_if_error"}

func (r Result) String() string { return resultNames[r] }

// DefaultMaxBytes bounds a cache made by New.
const DefaultMaxBytes = 256 << 20

// Cache stores entries by key, in at most a given number of bytes. The zero value is not
// usable; use New or NewBounded.
//
// When an answer does not fit, the cache drops the least useful entries first: those past
// their stale-if-error window, which nothing may serve any more, then the least recently used
// by the CLOCK (second chance) approximation of LRU. A hit only sets the entry's used bit, so
// that the hot path takes no write lock; eviction sweeps a hand round the entries, giving each
// used one a second chance and dropping the first unused one. New entries join just behind the
// hand, unused, so a flood of keys that are asked for once displaces itself before it displaces
// entries that are asked for again.
type Cache struct {
	mu    sync.RWMutex
	items map[string]*item
	// hand is the CLOCK's hand in the circular list of items, oldest first; nil when empty.
	hand *item
	// bytes is the accounted size of every item; maxBytes bounds it.
	bytes, maxBytes int64
	// nextExpiry is a time before which no entry's stale-if-error window ends (a lower
	// bound, exact after a sweep), so that looking for expired entries is skipped when there
	// can be none.
	nextExpiry time.Time
	// lastSweep and cleanup pace the removal of expired entries when the cache is not full.
	lastSweep time.Time
	cleanup   time.Duration
	evictions atomic.Uint64

	group singleflight.Group
	now   func() time.Time
	// OnRefreshError is told when a background refresh fails (the stale entry stays).
	OnRefreshError func(key string, err error)
	// OnFetch is told about every upstream fetch the cache starts, for tests and metrics.
	OnFetch func(key string)
	// OnChange is told when a stored answer replaces one with a different body: what was built
	// from the old one (a rendered page) is out of date.
	OnChange func(key string)
	// Generation, when set, is followed: entries fetched under an older generation are no
	// longer fresh (see Generation). Set it before the cache is used.
	Generation *Generation
	// TagsOf names what the answer under a key was built from, for answers whose fetch gives
	// no Tags of its own (see Drop); nil tags nothing. Set it before the cache is used.
	TagsOf func(key string) []string
	// drops counts the calls of Drop: an answer fetched while a drop ran may have been built
	// from what was dropped.
	drops atomic.Uint64
	// shared is the second tier shared by the replicas (SetShared), nil without one.
	shared Shared
}

// item is a stored entry with its place in the CLOCK. Only used changes without the write lock.
type item struct {
	key        string
	entry      *Entry
	size       int64
	used       atomic.Bool
	prev, next *item
}

// New returns an empty cache of at most DefaultMaxBytes; see NewBounded.
func New(cleanup time.Duration) *Cache { return NewBounded(DefaultMaxBytes, cleanup) }

// NewBounded returns an empty cache of at most maxBytes (see Stats for what is counted). Entries
// past their stale-if-error window are removed when an answer is stored: all of them when room
// is needed, and at most every cleanup interval otherwise. No goroutine runs in between; a quiet
// cache keeps its expired entries, within its bound, until it stores again.
func NewBounded(maxBytes int64, cleanup time.Duration) *Cache {
	return &Cache{items: map[string]*item{}, maxBytes: maxBytes, cleanup: cleanup, now: time.Now}
}

// SetClock replaces the clock, for tests.
func (c *Cache) SetClock(now func() time.Time) { c.now = now }

// Peek returns the entry under key if it may be served now without asking the upstream: a
// fresh entry (Hit), or a stale one within its stale window (Stale), in which case a
// background refresh is started. Anything else is (nil, Miss).
func (c *Cache) Peek(key string) (*Entry, Result) {
	return c.peek(c.lookup(key), key)
}

// PeekBytes is Peek with the key in a byte slice, which it does not keep: a caller that builds
// keys in a buffer looks them up without making a string of each.
func (c *Cache) PeekBytes(key []byte) (*Entry, Result) {
	c.mu.RLock()
	it := c.items[string(key)] // no string is allocated for a map index
	c.mu.RUnlock()
	if it == nil {
		return nil, Miss
	}
	return c.peek(it, it.key)
}

func (c *Cache) peek(it *item, key string) (*Entry, Result) {
	if it == nil {
		return nil, Miss
	}
	e := it.entry
	now := c.now()
	switch {
	case c.fresh(e, now):
		it.markUsed()
		return e, Hit
	case now.Before(e.StaleUntil):
		it.markUsed()
		c.refreshInBackground(key, e)
		return e, Stale
	}
	return nil, Miss
}

// fresh reports whether e may be served at now without a refresh: within its freshness, and
// fetched under the current generation when the cache follows one.
func (c *Cache) fresh(e *Entry, now time.Time) bool {
	return now.Before(e.FreshUntil) && (c.Generation == nil || e.Generation >= c.Generation.Current())
}

// generation is the current generation, 0 when the cache follows none.
func (c *Cache) generation() uint64 {
	if c.Generation == nil {
		return 0
	}
	return c.Generation.Current()
}

// markUsed sets the used bit, writing the shared cache line only when the bit changes.
func (it *item) markUsed() {
	if !it.used.Load() {
		it.used.Store(true)
	}
}

// lookup returns the item under key, or nil.
func (c *Cache) lookup(key string) *item {
	c.mu.RLock()
	it := c.items[key]
	c.mu.RUnlock()
	return it
}

// get returns the entry under key whatever its age, or nil.
func (c *Cache) get(key string) *Entry {
	if it := c.lookup(key); it != nil {
		return it.entry
	}
	return nil
}

// Load returns the entry under key, fetching it with fetch when it is missing or too old.
// Concurrent loads of one key share one fetch. When the fetch fails and an entry within its
// stale-if-error window exists, that entry is returned with StaleIfError. The fetch runs with
// its own time limit, not the caller's cancellation, so that one impatient visitor does not fail
// the others waiting for the same answer. Entries of Load are content answers, written as JSON.
func (c *Cache) Load(ctx context.Context, key, route string, p Policy, limit time.Duration, fetch Fetch) (*Entry, Result, error) {
	if e, res := c.Peek(key); e != nil {
		return e, res, nil
	}
	return c.load(ctx, key, route, JSON, p, limit, func(ctx context.Context) (Answer, error) {
		body, err := fetch(ctx)
		return Answer{Body: body}, err
	})
}

// LoadAnswer is Load for answers of any status and format: f says how the entry is written.
// A fetch error that wraps ErrUncacheable is returned as it is, and drops the entry under key.
func (c *Cache) LoadAnswer(ctx context.Context, key, route string, f *Format, p Policy, limit time.Duration, fetch AnswerFetch) (*Entry, Result, error) {
	if e, res := c.Peek(key); e != nil {
		return e, res, nil
	}
	return c.load(ctx, key, route, f, p, limit, fetch)
}

func (c *Cache) load(ctx context.Context, key, route string, f *Format, p Policy, limit time.Duration, fetch AnswerFetch) (*Entry, Result, error) {
	ch := c.group.DoChan(key, func() (any, error) {
		// Another load may have stored the key between our Peek and this call.
		if e := c.get(key); e != nil && c.fresh(e, c.now()) {
			return loaded{e, Miss}, nil
		}
		return c.obtain(context.WithoutCancel(ctx), key, route, f, p, limit, fetch, true)
	})
	select {
	case res := <-ch:
		if res.Err == nil {
			l := res.Val.(loaded)
			if l.res == Stale {
				// A stale answer of the shared tier: refreshed as a stale one of this cache is.
				// The shared call is over, so the refresh makes a call of its own.
				c.refreshInBackground(key, l.entry)
			}
			return l.entry, l.res, nil
		}
		if errors.Is(res.Err, ErrUncacheable) {
			return nil, Miss, res.Err
		}
		if e := c.get(key); e != nil && c.now().Before(e.ErrorUntil) {
			return e, StaleIfError, nil
		}
		return nil, Miss, res.Err
	case <-ctx.Done():
		return nil, Miss, ctx.Err()
	}
}

func (c *Cache) fetchAndStore(ctx context.Context, key, route string, f *Format, p Policy, limit time.Duration, fetch AnswerFetch) (*Entry, error) {
	if c.OnFetch != nil {
		c.OnFetch(key)
	}
	// The generation is read before the fetch: a change that lands while the answer is being
	// made leaves the answer outdated, not current.
	gen, drops := c.generation(), c.drops.Load()
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	a, err := fetch(ctx)
	if errors.Is(err, ErrUncacheable) {
		c.remove(key)
		return nil, err
	}
	if err != nil {
		return nil, err
	}
	if a.Tags == nil && c.TagsOf != nil {
		a.Tags = c.TagsOf(key)
	}
	e := newAnswerEntry(a, route, f, p, c.now())
	e.Generation = gen
	if c.drops.Load() != drops {
		// Built while something was dropped, perhaps from it: served to those who asked, and
		// fetched again by the next request.
		e.FreshUntil, e.StaleUntil = e.StoredAt, e.StoredAt
	}
	e.refresh, e.refreshLimit = fetch, limit
	c.store(key, e)
	return e, nil
}

// refreshInBackground replaces a stale entry with a fresh fetch, once per key at a time.
func (c *Cache) refreshInBackground(key string, old *Entry) {
	if !old.refreshing.CompareAndSwap(false, true) {
		return
	}
	go func() {
		// On success the entry is replaced; on failure the flag drops so that a later request
		// tries again.
		defer old.refreshing.Store(false)
		_, err, _ := c.group.Do(key, func() (any, error) {
			if e := c.get(key); e != nil && c.fresh(e, c.now()) {
				return e, nil
			}
			l, err := c.obtain(context.Background(), key, old.Route, old.format, old.policy, old.refreshLimit, old.refresh, false)
			return l.entry, err
		})
		if err != nil && !errors.Is(err, ErrUncacheable) && c.OnRefreshError != nil {
			c.OnRefreshError(key, err)
		}
	}()
}

// itemOverhead is what an entry costs besides its key and bodies: the Entry and item structs,
// the header values computed once (ETag and two lengths with their one-element slices), the
// entry's share of the map, and what its refresh function keeps for background refreshes (the
// upstream request it was made for). The figure leaves out the allocator's rounding of each
// allocation to its size class (up to an eighth for bodies of a few kB), so a process holds
// somewhat more than the count.
var itemOverhead = int64(unsafe.Sizeof(Entry{})) + int64(unsafe.Sizeof(item{})) +
	3*int64(unsafe.Sizeof("")) + 32 + 2*8 + mapSlotBytes + refreshBytes

// mapSlotBytes is an estimate of a map slot (key header, value pointer, control byte) with the
// slack of a map that is not full.
const mapSlotBytes = 48

// refreshBytes is an estimate of what a refresh function keeps: the closures of the content
// handler (and Load's adapter of it) and the upstream request with its query, measured at about
// 600 bytes.
const refreshBytes = 672

// sizeOf is the accounted size of an entry under key.
func sizeOf(key string, e *Entry) int64 {
	return int64(len(key)) + int64(cap(e.Body)) + int64(cap(e.Gzip)) + itemOverhead
}

// store puts e under key, replacing what was there, and evicts until the cache fits its bound.
// An answer larger than the whole cache is not kept.
func (c *Cache) store(key string, e *Entry) {
	if changed := c.put(key, e); changed && c.OnChange != nil {
		c.OnChange(key)
	}
}

// remove drops the entry under key, if any.
func (c *Cache) remove(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if it := c.items[key]; it != nil {
		c.unlink(it)
	}
}

// put is store under the lock; it reports whether e replaced an answer with another body.
func (c *Cache) put(key string, e *Entry) (changed bool) {
	size := sizeOf(key, e)
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	used := false
	if old := c.items[key]; old != nil {
		// A refreshed answer keeps the standing of the one it replaces.
		used = old.used.Load()
		changed = old.entry.ETag != e.ETag || old.entry.Status != e.Status
		c.unlink(old)
	}
	if size > c.maxBytes {
		return changed
	}
	if now.Sub(c.lastSweep) >= c.cleanup && !now.Before(c.nextExpiry) {
		c.removeExpired(now)
	}
	for c.bytes+size > c.maxBytes {
		c.evictOne(now)
	}
	it := &item{key: key, entry: e, size: size}
	it.used.Store(used)
	c.link(it)
	if c.nextExpiry.IsZero() || e.ErrorUntil.Before(c.nextExpiry) {
		c.nextExpiry = e.ErrorUntil
	}
	return changed
}

// evictOne removes the least useful entry: all expired ones if there may be any, else the one
// under the CLOCK's hand that has not been used since the hand last passed. The cache must not
// be empty.
func (c *Cache) evictOne(now time.Time) {
	if !now.Before(c.nextExpiry) && c.removeExpired(now) > 0 {
		return
	}
	for {
		it := c.hand
		if it.used.Load() {
			it.used.Store(false)
			c.hand = it.next
			continue
		}
		c.unlink(it)
		c.evictions.Add(1)
		return
	}
}

// removeExpired removes every entry past its stale-if-error window and returns how many.
func (c *Cache) removeExpired(now time.Time) int {
	c.lastSweep = now
	c.nextExpiry = time.Time{}
	removed := 0
	for _, it := range c.items {
		until := it.entry.ErrorUntil
		if !now.Before(until) {
			c.unlink(it)
			removed++
			continue
		}
		if c.nextExpiry.IsZero() || until.Before(c.nextExpiry) {
			c.nextExpiry = until
		}
	}
	c.evictions.Add(uint64(removed))
	return removed
}

// link adds it to the map and just behind the hand, where the hand reaches it last.
func (c *Cache) link(it *item) {
	c.items[it.key] = it
	c.bytes += it.size
	if c.hand == nil {
		it.prev, it.next = it, it
		c.hand = it
		return
	}
	it.prev, it.next = c.hand.prev, c.hand
	c.hand.prev.next = it
	c.hand.prev = it
}

// unlink removes it from the map and the CLOCK.
func (c *Cache) unlink(it *item) {
	delete(c.items, it.key)
	c.bytes -= it.size
	if it.next == it {
		c.hand = nil
	} else {
		it.prev.next, it.next.prev = it.next, it.prev
		if c.hand == it {
			c.hand = it.next
		}
	}
	it.prev, it.next = nil, nil
}

// Stats are the cache's figures for metrics: Bytes counts each entry's key, body and gzip body
// and a fixed overhead per entry; Evictions counts entries dropped to make room or because
// their stale-if-error window had ended.
type Stats struct {
	Entries   int
	Bytes     int64
	MaxBytes  int64
	Evictions uint64
}

// Stats returns the cache's current figures.
func (c *Cache) Stats() Stats {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return Stats{Entries: len(c.items), Bytes: c.bytes, MaxBytes: c.maxBytes, Evictions: c.evictions.Load()}
}

// Len is the number of stored entries.
func (c *Cache) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.items)
}

// gzipWriters recycles compressors: each holds about a megabyte of state, which a busy cache
// would otherwise allocate and zero for every answer it stores.
var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestCompression)
	return zw
}}

// newEntry is the entry of a content answer (200, JSON).
func newEntry(body []byte, route string, p Policy, now time.Time) *Entry {
	return newAnswerEntry(Answer{Body: body}, route, JSON, p, now)
}

func newAnswerEntry(a Answer, route string, f *Format, p Policy, now time.Time) *Entry {
	body, status := a.Body, a.Status
	if status == 0 {
		status = http.StatusOK
	}
	var gz bytes.Buffer
	zw := gzipWriters.Get().(*gzip.Writer)
	zw.Reset(&gz)
	_, _ = zw.Write(body)
	_ = zw.Close()
	zw.Reset(nil)
	gzipWriters.Put(zw)
	// The buffer grows by doubling; the entry keeps an exact copy, so that the cache holds (and
	// counts) only the compressed bytes.
	zipped := bytes.Clone(gz.Bytes())
	e := assembleEntry(body, zipped, status, route, f, p, now)
	e.Tags = a.Tags
	return e
}

// assembleEntry is the entry of an answer of status whose body and gzip are known, fetched at now.
func assembleEntry(body, zipped []byte, status int, route string, f *Format, p Policy, now time.Time) *Entry {
	sum := sha256.Sum256(body)
	etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
	return &Entry{
		Body:       body,
		Gzip:       zipped,
		ETag:       etag,
		StoredAt:   now,
		FreshUntil: now.Add(p.Fresh),
		StaleUntil: now.Add(p.Fresh + p.Stale),
		ErrorUntil: now.Add(p.Fresh + p.Stale + p.IfError),
		Route:      route,
		Status:     status,
		etagHeader: []string{etag},
		bodyLength: []string{strconv.Itoa(len(body))},
		gzipLength: []string{strconv.Itoa(len(zipped))},
		format:     f,
		policy:     p,
	}
}
