package cache

import (
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
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

func TestConcurrentColdLoadsShareOneFetch(t *testing.T) {
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
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, res, err := c.Load(context.Background(), "k", "/r", policy, time.Second, fetch)
			if err == nil && string(e.Body) == `{"ok":true}` {
				results <- res
			}
		}()
	}
	time.Sleep(50 * time.Millisecond) // let every load reach the cache
	close(release)
	wg.Wait()
	close(results)
	assert.Equal(t, int32(1), fetches.Load())
	assert.Len(t, results, 1000, "every caller got the answer")
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
