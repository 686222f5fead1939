// Package cache keeps finished content answers of the BFF: the envelope bytes, their gzip and
// their ETag, computed once when an answer is stored, so that serving a cached page costs a map
// lookup and a write. It coalesces concurrent misses into one upstream call, serves stale
// answers while it revalidates them, and keeps serving them while the upstream fails.
package cache

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"sync/atomic"
	"time"

	gocache "github.com/patrickmn/go-cache"
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

	// Header values computed once, so that writing an entry allocates nothing.
	etagHeader   []string
	bodyLength   []string
	gzipLength   []string
	policy       Policy
	refresh      Fetch
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

// Cache stores entries by key. The zero value is not usable; use New.
type Cache struct {
	store *gocache.Cache
	group singleflight.Group
	now   func() time.Time
	// OnRefreshError is told when a background refresh fails (the stale entry stays).
	OnRefreshError func(key string, err error)
	// OnFetch is told about every upstream fetch the cache starts, for tests and metrics.
	OnFetch func(key string)
}

// New returns an empty cache that sweeps expired entries every cleanup interval.
func New(cleanup time.Duration) *Cache {
	return &Cache{store: gocache.New(gocache.NoExpiration, cleanup), now: time.Now}
}

// SetClock replaces the clock, for tests.
func (c *Cache) SetClock(now func() time.Time) { c.now = now }

// Peek returns the entry under key if it may be served now without asking the upstream: a
// fresh entry (Hit), or a stale one within its stale window (Stale), in which case a
// background refresh is started. Anything else is (nil, Miss).
func (c *Cache) Peek(key string) (*Entry, Result) {
	v, ok := c.store.Get(key)
	if !ok {
		return nil, Miss
	}
	e := v.(*Entry)
	now := c.now()
	switch {
	case now.Before(e.FreshUntil):
		return e, Hit
	case now.Before(e.StaleUntil):
		c.refreshInBackground(key, e)
		return e, Stale
	}
	return nil, Miss
}

// Load returns the entry under key, fetching it with fetch when it is missing or too old.
// Concurrent loads of one key share one fetch. When the fetch fails and an entry within its
// stale-if-error window exists, that entry is returned with StaleIfError. The fetch runs with
// its own time limit, not the caller's cancellation, so that one impatient visitor does not fail
// the others waiting for the same answer.
func (c *Cache) Load(ctx context.Context, key, route string, p Policy, limit time.Duration, fetch Fetch) (*Entry, Result, error) {
	if e, res := c.Peek(key); e != nil {
		return e, res, nil
	}
	ch := c.group.DoChan(key, func() (any, error) {
		// Another load may have stored the key between our Peek and this call.
		if v, ok := c.store.Get(key); ok && c.now().Before(v.(*Entry).FreshUntil) {
			return v, nil
		}
		return c.fetchAndStore(context.WithoutCancel(ctx), key, route, p, limit, fetch)
	})
	select {
	case res := <-ch:
		if res.Err == nil {
			return res.Val.(*Entry), Miss, nil
		}
		if v, ok := c.store.Get(key); ok {
			if e := v.(*Entry); c.now().Before(e.ErrorUntil) {
				return e, StaleIfError, nil
			}
		}
		return nil, Miss, res.Err
	case <-ctx.Done():
		return nil, Miss, ctx.Err()
	}
}

func (c *Cache) fetchAndStore(ctx context.Context, key, route string, p Policy, limit time.Duration, fetch Fetch) (*Entry, error) {
	if c.OnFetch != nil {
		c.OnFetch(key)
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	body, err := fetch(ctx)
	if err != nil {
		return nil, err
	}
	e := newEntry(body, route, p, c.now())
	e.refresh, e.refreshLimit = fetch, limit
	c.store.Set(key, e, e.ErrorUntil.Sub(e.StoredAt))
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
			if v, ok := c.store.Get(key); ok && c.now().Before(v.(*Entry).FreshUntil) {
				return v, nil
			}
			return c.fetchAndStore(context.Background(), key, old.Route, old.policy, old.refreshLimit, old.refresh)
		})
		if err != nil && c.OnRefreshError != nil {
			c.OnRefreshError(key, err)
		}
	}()
}

// Len is the number of stored entries.
func (c *Cache) Len() int { return c.store.ItemCount() }

func newEntry(body []byte, route string, p Policy, now time.Time) *Entry {
	sum := sha256.Sum256(body)
	etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = zw.Write(body)
	_ = zw.Close()
	return &Entry{
		Body:       body,
		Gzip:       gz.Bytes(),
		ETag:       etag,
		StoredAt:   now,
		FreshUntil: now.Add(p.Fresh),
		StaleUntil: now.Add(p.Fresh + p.Stale),
		ErrorUntil: now.Add(p.Fresh + p.Stale + p.IfError),
		Route:      route,
		etagHeader: []string{etag},
		bodyLength: []string{strconv.Itoa(len(body))},
		gzipLength: []string{strconv.Itoa(gz.Len())},
		policy:     p,
	}
}
