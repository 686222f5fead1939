package pages

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// roundTripFunc is a renderer in memory, which a synctest bubble's fake clock can run.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// memoryRenderer answers every page at once and notes when (on the bubble's clock) and which.
type memoryRenderer struct {
	mu    sync.Mutex
	paths []string
	at    []time.Duration
	start time.Time
}

func (m *memoryRenderer) roundTrip(r *http.Request) (*http.Response, error) {
	m.mu.Lock()
	m.paths = append(m.paths, r.URL.RequestURI())
	m.at = append(m.at, time.Since(m.start))
	m.mu.Unlock()
	h := http.Header{"Content-Type": {"text/html"}, "Cache-Control": {"public, max-age=60"}}
	return &http.Response{StatusCode: http.StatusOK, Header: h, Body: io.NopCloser(strings.NewReader("<title>" + r.URL.Path + "</title>")), Request: r}, nil
}

func (m *memoryRenderer) seen() ([]string, []time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.paths...), append([]time.Duration(nil), m.at...)
}

func newWarmer(t *testing.T, rd *memoryRenderer, list []string) *Warmer {
	t.Helper()
	s := newSetup(t, nil, func(o *Options) {
		o.Renderer, _ = url.Parse("http://renderer.invalid")
		o.Transport = roundTripFunc(rd.roundTrip)
	})
	return &Warmer{
		Handler: s.h, Origin: "https://www.jaka.com", Rate: 10, Workers: 2,
		List: func(context.Context) ([]string, error) { return list, nil },
		Log:  slog.New(slog.DiscardHandler),
	}
}

// After a start the warmer renders every listed page once, in order, no faster than its rate
// (one attempt every 100 ms at 10 a second), skips a page it already holds, then says it is warm. The
// pages are in the cache: a visitor's request is a hit.
func TestTheWarmerRendersTheListedPagesAtItsRate(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rd := &memoryRenderer{start: time.Now()}
		w := newWarmer(t, rd, []string{"/en/index", "/en/productList", "/en/index", "/en/news", "/en/login", "/ru/news?page=2"})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { w.Run(ctx); close(done) }()
		defer func() { cancel(); <-done }()
		time.Sleep(time.Second) // the bubble's clock
		synctest.Wait()
		assert.True(t, w.Warm())

		paths, at := rd.seen()
		assert.Equal(t, []string{"/en/index", "/en/productList", "/en/news", "/ru/news?page=2"}, paths, "each public page once")
		assert.Equal(t, 100*time.Millisecond, at[0])
		for i := 1; i < len(at); i++ {
			assert.GreaterOrEqual(t, at[i]-at[i-1], 100*time.Millisecond, "page %d", i)
		}
		e, _ := w.Handler.cache.Peek("https://www.jaka.com/en/news")
		require.NotNil(t, e, "the page is in the cache")

		w.Rewarm([]string{"/en/news"})
		time.Sleep(time.Second)
		synctest.Wait()
		paths, _ = rd.seen()
		assert.Len(t, paths, 4, "a page the cache holds is not rendered again")
		dropped := w.Handler.Drop(ctx, []string{"*"})
		assert.Len(t, dropped, 4)
		w.RewarmDropped(dropped)
		time.Sleep(time.Second)
		synctest.Wait()
		paths, _ = rd.seen()
		assert.ElementsMatch(t, []string{"/en/index", "/en/productList", "/en/news", "/ru/news?page=2"}, paths[4:], "the dropped pages are rendered again")
	})
}

// The warmer stops when the site shuts down, mid-pass: no render starts after Run returns.
func TestTheWarmerStopsOnShutdown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rd := &memoryRenderer{start: time.Now()}
		var list []string
		for _, p := range []string{"index", "productList", "news", "case", "about", "contact"} {
			list = append(list, "/en/"+p)
		}
		w := newWarmer(t, rd, list)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { w.Run(ctx); close(done) }()
		time.Sleep(250 * time.Millisecond) // the bubble's clock: two pages are due
		cancel()
		<-done
		paths, _ := rd.seen()
		assert.Len(t, paths, 2)
		assert.False(t, w.Warm())
		time.Sleep(time.Second)
		after, _ := rd.seen()
		assert.Equal(t, paths, after, "nothing more after shutdown")
	})
}

// A list that fails is tried again a minute later, and the site stays cold until then.
func TestAFailingListIsTriedAgain(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rd := &memoryRenderer{start: time.Now()}
		w := newWarmer(t, rd, nil)
		calls := 0
		w.List = func(context.Context) ([]string, error) {
			calls++
			if calls == 1 {
				return nil, errors.New("CMS down")
			}
			return []string{"/en/index"}, nil
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go w.Run(ctx)
		time.Sleep(time.Second)
		synctest.Wait()
		assert.False(t, w.Warm())
		time.Sleep(time.Minute + time.Second)
		synctest.Wait()
		assert.True(t, w.Warm())
		assert.Equal(t, 2, calls)
		cancel()
		synctest.Wait()
	})
}
