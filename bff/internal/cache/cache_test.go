package cache

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var policy = Policy{Fresh: time.Minute, Stale: time.Minute, IfError: time.Hour}

// clock is a settable time for tests.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func newTestCache() (*Cache, *clock) {
	c := New(time.Minute)
	clk := &clock{t: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
	c.SetClock(clk.now)
	return c, clk
}

// Every load that arrives while the first one's fetch is on its way shares that fetch: each
// gets the fetched answer as a miss, none starts a fetch of its own. The test runs in a synctest
// bubble, so that it lets the fetch finish only once every load is waiting for it.
func TestConcurrentColdLoadsShareOneFetch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, _ := newTestCache()
		var fetches atomic.Int32
		release := make(chan struct{})
		fetch := func(ctx context.Context) ([]byte, error) {
			fetches.Add(1)
			<-release
			return []byte(`{"ok":true}`), nil
		}
		var wg sync.WaitGroup
		results := make(chan Result, 1000)
		for range 1000 {
			wg.Go(func() {
				e, res, err := c.Load(context.Background(), "k", "/r", policy, time.Second, fetch)
				if err == nil && string(e.Body) == `{"ok":true}` {
					results <- res
				}
			})
		}
		synctest.Wait() // every load waits for the one fetch
		close(release)
		wg.Wait()
		close(results)
		assert.Equal(t, int32(1), fetches.Load())
		assert.Len(t, results, 1000, "every caller got the answer")
		for res := range results {
			require.Equal(t, Miss, res, "every caller shared the fetch, none found it stored")
		}
	})
}

func TestStaleWhileRevalidateAndStaleIfError(t *testing.T) {
	c, clk := newTestCache()
	var fail atomic.Bool
	var version atomic.Int32
	refreshed := make(chan struct{}, 10)
	fetch := func(ctx context.Context) ([]byte, error) {
		defer func() { refreshed <- struct{}{} }()
		if fail.Load() {
			return nil, errors.New("cms down")
		}
		return []byte{byte('0' + version.Add(1))}, nil
	}
	e, res, err := c.Load(context.Background(), "k", "/r", policy, time.Second, fetch)
	require.NoError(t, err)
	<-refreshed
	assert.Equal(t, Miss, res)
	assert.Equal(t, "1", string(e.Body))

	clk.advance(30 * time.Second)
	e, res = c.Peek("k")
	assert.Equal(t, Hit, res)
	assert.Equal(t, "1", string(e.Body))

	clk.advance(time.Minute) // past fresh, within stale
	e, res = c.Peek("k")
	assert.Equal(t, Stale, res)
	assert.Equal(t, "1", string(e.Body), "the stale answer is served at once")
	<-refreshed
	require.Eventually(t, func() bool { e, _ := c.Peek("k"); return e != nil && string(e.Body) == "2" }, time.Second, 5*time.Millisecond)

	fail.Store(true)
	clk.advance(3 * time.Minute) // past fresh and stale, within if-error
	e, res, err = c.Load(context.Background(), "k", "/r", policy, time.Second, fetch)
	<-refreshed
	require.NoError(t, err)
	assert.Equal(t, StaleIfError, res)
	assert.Equal(t, "2", string(e.Body))

	clk.advance(2 * time.Hour) // past every window
	_, _, err = c.Load(context.Background(), "k", "/r", policy, time.Second, fetch)
	<-refreshed
	assert.Error(t, err)
}

func TestAWaitingCallerGivesUpWithItsContextButTheFetchGoesOn(t *testing.T) {
	c, _ := newTestCache()
	release := make(chan struct{})
	fetch := func(ctx context.Context) ([]byte, error) {
		select {
		case <-release:
			return []byte("x"), ctx.Err()
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, _, err := c.Load(ctx, "k", "/r", policy, time.Second, fetch)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	close(release)
	require.Eventually(t, func() bool { e, _ := c.Peek("k"); return e != nil }, time.Second, 5*time.Millisecond,
		"the fetch finished for the others and filled the cache")
}

func TestWriteServesGzipETagAnd304(t *testing.T) {
	e := newEntry([]byte(`{"success":true,"data":"`+string(make([]byte, 0))+`hello hello hello hello"}`), "/r", policy, time.Now())

	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/x", nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	assert.Equal(t, http.StatusOK, e.Write(rec, req, Hit))
	assert.Equal(t, "gzip", rec.Header().Get("Content-Encoding"))
	assert.Equal(t, e.ETag, rec.Header().Get("ETag"))
	zr, err := gzip.NewReader(rec.Body)
	require.NoError(t, err)
	plain, _ := io.ReadAll(zr)
	assert.Equal(t, e.Body, plain)

	rec = httptest.NewRecorder()
	req = httptest.NewRequest("GET", "/x", nil)
	assert.Equal(t, http.StatusOK, e.Write(rec, req, Hit))
	assert.Empty(t, rec.Header().Get("Content-Encoding"))
	assert.Equal(t, e.Body, rec.Body.Bytes())

	rec = httptest.NewRecorder()
	req = httptest.NewRequest("GET", "/x", nil)
	req.Header.Set("If-None-Match", `"other", W/`+e.ETag)
	assert.Equal(t, http.StatusNotModified, e.Write(rec, req, Hit))
	assert.Empty(t, rec.Body.Bytes())

	rec = httptest.NewRecorder()
	req = httptest.NewRequest("GET", "/x", nil)
	req.Header.Set("If-None-Match", `"other"`)
	assert.Equal(t, http.StatusOK, e.Write(rec, req, Hit))
}

func TestAnAnswerThatIsNoEnvelopeKeepsItsOwnContentTypeAndVary(t *testing.T) {
	c, _ := newTestCache()
	xml := NewFormat("application/xml; charset=utf-8", "Accept-Encoding", "public, max-age=3600")
	for _, tc := range []struct {
		format     *Format
		wantType   string
		wantVary   string
		key, value string
	}{
		{xml, "application/xml; charset=utf-8", "Accept-Encoding", "sitemap", "<urlset/>"},
		{JSON, "application/json; charset=utf-8", "lang, preview, Accept-Encoding", "envelope", `{"success":true}`},
	} {
		e, _, err := c.LoadAnswer(context.Background(), tc.key, "/r", tc.format, policy, time.Second,
			func(context.Context) (Answer, error) { return Answer{Body: []byte(tc.value)}, nil })
		require.NoError(t, err)
		for _, method := range []string{"GET", "HEAD"} {
			rec := httptest.NewRecorder()
			assert.Equal(t, http.StatusOK, e.Write(rec, httptest.NewRequest(method, "/x", nil), Miss))
			assert.Equal(t, tc.wantType, rec.Header().Get("Content-Type"), tc.key)
			assert.Equal(t, tc.wantVary, rec.Header().Get("Vary"), tc.key)
		}
	}
}

func TestWritingACachedAnswerDoesNotAllocate(t *testing.T) {
	e := newEntry([]byte(`{"success":true,"code":200,"msg":"ok","data":[1,2,3]}`), "/r", policy, time.Now())
	req := httptest.NewRequest("GET", "/x", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	w := &discardWriter{h: http.Header{}}
	allocs := testing.AllocsPerRun(200, func() { e.Write(w, req, Hit) })
	assert.Zero(t, allocs)
}

type discardWriter struct{ h http.Header }

func (d *discardWriter) Header() http.Header         { return d.h }
func (d *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (d *discardWriter) WriteHeader(int)             {}

// load stores body under key through Load, as a content handler does.
func load(t *testing.T, c *Cache, key, body string, p Policy) *Entry {
	t.Helper()
	e, _, err := c.Load(context.Background(), key, "/r", p, time.Second, func(context.Context) ([]byte, error) {
		return []byte(body), nil
	})
	require.NoError(t, err)
	return e
}

// keys lists the stored keys, sorted.
func (c *Cache) keys() []string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := make([]string, 0, len(c.items))
	for k := range c.items {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// checkAccounting checks that the byte count is the sum of the items' sizes and that the
// CLOCK's ring holds exactly the map's items.
func (c *Cache) checkAccounting(t *testing.T) {
	t.Helper()
	c.mu.RLock()
	defer c.mu.RUnlock()
	var sum int64
	for k, it := range c.items {
		require.Equal(t, sizeOf(k, it.entry), it.size)
		sum += it.size
	}
	require.Equal(t, sum, c.bytes)
	n := 0
	if it := c.hand; it != nil {
		for {
			require.Same(t, it, c.items[it.key])
			n++
			if it = it.next; it == c.hand {
				break
			}
		}
	}
	require.Equal(t, len(c.items), n)
}

// sameSize returns a body of n bytes for key k whose gzip has the same length for every k.
func sameSize(k byte, n int) string { return string(bytes.Repeat([]byte{k}, n)) }

func newBoundedTestCache(entries int) (*Cache, *clock) {
	one := sizeOf("k-a", newEntry([]byte(sameSize('a', 1000)), "/r", policy, time.Now()))
	c := NewBounded(int64(entries)*one, time.Minute)
	clk := &clock{t: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
	c.SetClock(clk.now)
	return c, clk
}

func TestTheCacheNeverExceedsItsBound(t *testing.T) {
	const maxBytes = 32 << 10
	c := NewBounded(maxBytes, time.Minute)
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range 1000 {
		body := make([]byte, rnd.IntN(2000))
		for j := range body {
			body[j] = byte('a' + rnd.IntN(26)) // compresses to about 60%: both bodies count
		}
		load(t, c, fmt.Sprintf("key-%d-%s", i, strings.Repeat("x", rnd.IntN(200))), string(body), policy)
		st := c.Stats()
		require.LessOrEqual(t, st.Bytes, int64(maxBytes), "after %d entries", i+1)
		if i%100 == 0 {
			c.checkAccounting(t)
		}
	}
	st := c.Stats()
	assert.Greater(t, st.Evictions, uint64(700))
	assert.Equal(t, c.Len(), st.Entries)
	c.checkAccounting(t)
}

func TestAnAnswerLargerThanTheCacheIsServedButNotKept(t *testing.T) {
	c := NewBounded(4<<10, time.Minute)
	load(t, c, "small", "{}", policy)
	big := `"` + strings.Repeat("y", 10<<10) + `"`
	e := load(t, c, "big", big, policy)
	assert.Equal(t, big, string(e.Body))
	assert.Equal(t, []string{"small"}, c.keys())
	c.checkAccounting(t)
}

func TestEntriesPastTheirStaleIfErrorWindowAreEvictedFirst(t *testing.T) {
	c, clk := newBoundedTestCache(3)
	short := Policy{Fresh: time.Second, Stale: time.Second, IfError: time.Second}
	load(t, c, "k-b", sameSize('b', 1000), policy)
	load(t, c, "k-c", sameSize('c', 1000), policy)
	load(t, c, "k-a", sameSize('a', 1000), short)
	_, res := c.Peek("k-a")
	require.Equal(t, Hit, res, "k-a is the most recently used")
	clk.advance(5 * time.Second) // k-a is past every window; k-b and k-c are fresh

	load(t, c, "k-d", sameSize('d', 1000), policy)
	assert.Equal(t, []string{"k-b", "k-c", "k-d"}, c.keys(),
		"the expired entry goes, not the least recently used one")
	assert.Equal(t, uint64(1), c.Stats().Evictions)
	c.checkAccounting(t)
}

func TestTheLeastRecentlyUsedEntryIsEvicted(t *testing.T) {
	c, _ := newBoundedTestCache(3)
	load(t, c, "k-a", sameSize('a', 1000), policy)
	load(t, c, "k-b", sameSize('b', 1000), policy)
	load(t, c, "k-c", sameSize('c', 1000), policy)
	c.Peek("k-a")
	c.Peek("k-c")

	load(t, c, "k-d", sameSize('d', 1000), policy)
	assert.Equal(t, []string{"k-a", "k-c", "k-d"}, c.keys(), "k-b was never asked for again")

	load(t, c, "k-e", sameSize('e', 1000), policy)
	assert.Equal(t, []string{"k-c", "k-d", "k-e"}, c.keys(), "k-a was used before k-c")
	c.checkAccounting(t)
}

func TestAKeyAskedForAgainOutlivesAFloodOfKeysAskedForOnce(t *testing.T) {
	c, _ := newBoundedTestCache(10)
	load(t, c, "k-h", sameSize('h', 1000), policy)
	for i := range 1000 {
		c.Peek("k-h") // the home page, asked for all the time
		load(t, c, fmt.Sprintf("k-%04d", i), sameSize('j', 1000), policy)
	}
	e, res := c.Peek("k-h")
	require.NotNil(t, e)
	assert.Equal(t, Hit, res)
	assert.Greater(t, c.Stats().Evictions, uint64(990))
	c.checkAccounting(t)
}

func TestARefreshedAnswerReplacesItsEntryInTheAccounting(t *testing.T) {
	c, clk := newTestCache()
	load(t, c, "k", "short", policy)
	before := c.Stats().Bytes
	clk.advance(3 * time.Minute) // past fresh and stale: the next load fetches again
	load(t, c, "k", strings.Repeat("longer ", 100), policy)
	st := c.Stats()
	assert.Equal(t, 1, st.Entries)
	assert.Greater(t, st.Bytes, before)
	assert.Zero(t, st.Evictions)
	c.checkAccounting(t)
}

// BenchmarkPeekHit measures a hit: a read-locked map lookup and the used bit.
func BenchmarkPeekHit(b *testing.B) {
	c := New(time.Minute)
	key := []byte("Gen\x00/prod-api/api/programa/buildProgramaTree/8?\x00")
	_, _, _ = c.Load(context.Background(), string(key), "/r", policy, time.Second, func(context.Context) ([]byte, error) {
		return []byte(`{"success":true}`), nil
	})
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if e, _ := c.PeekBytes(key); e == nil {
				b.Fatal("miss")
			}
		}
	})
}

// BenchmarkStoreWhenFull measures storing a new answer in a full cache, which evicts one.
func BenchmarkStoreWhenFull(b *testing.B) {
	e := newEntry([]byte(sameSize('a', 4000)), "/r", policy, time.Now())
	c := NewBounded(1000*sizeOf("key-0000000", e), time.Minute)
	keys := make([]string, 10000)
	for i := range keys {
		keys[i] = fmt.Sprintf("key-%07d", i)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c.store(keys[i%len(keys)], e)
		i++
	}
	if c.Stats().Evictions == 0 {
		b.Fatal("nothing was evicted")
	}
}

func TestAcceptsEncodingReadsTheListAndItsQualities(t *testing.T) {
	for _, tc := range []struct {
		header []string
		coding string
		want   bool
	}{
		{[]string{"gzip, deflate, br"}, "gzip", true},
		{[]string{"gzip, deflate, br"}, "br", true},
		{[]string{"deflate", "GZIP"}, "gzip", true},
		{[]string{"gzip;q=0.5, br;q=1.0"}, "gzip", true},
		{[]string{"gzip;q=0"}, "gzip", false},
		{[]string{"br; q=0.000, gzip"}, "br", false},
		{[]string{"br;q=0, gzip"}, "gzip", true},
		{[]string{"x-gzip"}, "gzip", false},
		{[]string{"identity"}, "gzip", false},
		{nil, "gzip", false},
	} {
		h := http.Header{"Accept-Encoding": tc.header}
		assert.Equal(t, tc.want, AcceptsEncoding(h, tc.coding), "%q %s", tc.header, tc.coding)
	}
}
