package cache

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var htmlFormat = NewFormat("text/html; charset=utf-8", "Accept-Encoding", "no-cache")

func loadAnswer(t *testing.T, c *Cache, key string, fetch AnswerFetch) (*Entry, Result, error) {
	t.Helper()
	return c.LoadAnswer(context.Background(), key, "page", htmlFormat, policy, time.Second, fetch)
}

func TestAnHTMLAnswerIsWrittenInItsFormatWithETagGzipAnd304(t *testing.T) {
	c, _ := newTestCache()
	page := "<!doctype html><html lang=en><title>Robots</title><p>" + sameSize('x', 2000) + "</p></html>"
	e, res, err := loadAnswer(t, c, "/en/productList", func(context.Context) (Answer, error) {
		return Answer{Body: []byte(page)}, nil
	})
	require.NoError(t, err)
	assert.Equal(t, Miss, res)

	req := httptest.NewRequest("GET", "/en/productList", nil)
	req.Header.Set("Accept-Encoding", "gzip, br")
	rec := httptest.NewRecorder()
	assert.Equal(t, http.StatusOK, e.Write(rec, req, Hit))
	assert.Equal(t, "text/html; charset=utf-8", rec.Header().Get("Content-Type"))
	assert.Equal(t, "no-cache", rec.Header().Get("Cache-Control"))
	assert.Equal(t, "Accept-Encoding", rec.Header().Get("Vary"))
	assert.Equal(t, "gzip", rec.Header().Get("Content-Encoding"))
	zr, err := gzip.NewReader(rec.Body)
	require.NoError(t, err)
	plain, _ := io.ReadAll(zr)
	assert.Equal(t, page, string(plain))

	req = httptest.NewRequest("GET", "/en/productList", nil)
	req.Header.Set("If-None-Match", rec.Header().Get("ETag"))
	rec = httptest.NewRecorder()
	assert.Equal(t, http.StatusNotModified, e.Write(rec, req, Hit))
	assert.Empty(t, rec.Body.Bytes())
}

func TestAStoredNotFoundPageIsWrittenAs404WithoutAValidator(t *testing.T) {
	c, _ := newTestCache()
	var fetches atomic.Int32
	fetch := func(context.Context) (Answer, error) {
		fetches.Add(1)
		return Answer{Body: []byte("<!doctype html><title>Not found</title>"), Status: http.StatusNotFound}, nil
	}
	_, _, err := loadAnswer(t, c, "/nothing", fetch)
	require.NoError(t, err)
	e, res, err := loadAnswer(t, c, "/nothing", fetch)
	require.NoError(t, err)
	assert.Equal(t, Hit, res)
	assert.Equal(t, int32(1), fetches.Load())

	req := httptest.NewRequest("GET", "/nothing", nil)
	req.Header.Set("If-None-Match", e.ETag)
	rec := httptest.NewRecorder()
	assert.Equal(t, http.StatusNotFound, e.Write(rec, req, Hit))
	assert.Equal(t, http.StatusNotFound, rec.Code)
	assert.Empty(t, rec.Header().Get("ETag"), "a 304 stands for a 200: a missing page has no validator")
	assert.Contains(t, rec.Body.String(), "Not found")
}

// passOn is an answer that is not for the cache, as a page renderer's private answer is.
type passOn struct{ body string }

func (p *passOn) Error() string { return "not cacheable" }
func (p *passOn) Unwrap() error { return ErrUncacheable }

func TestAnUncacheableAnswerIsHandedOnDropsTheEntryAndIsNeverReplacedByAStaleOne(t *testing.T) {
	c, clk := newTestCache()
	var private atomic.Bool
	fetch := func(context.Context) (Answer, error) {
		if private.Load() {
			return Answer{}, &passOn{body: "redirect"}
		}
		return Answer{Body: []byte("page")}, nil
	}
	_, _, err := loadAnswer(t, c, "/k", fetch)
	require.NoError(t, err)
	private.Store(true)
	clk.advance(3 * time.Minute) // past fresh and stale, within if-error: a failure would serve it

	_, _, err = loadAnswer(t, c, "/k", fetch)
	var p *passOn
	require.ErrorAs(t, err, &p)
	assert.Equal(t, "redirect", p.body)
	assert.Zero(t, c.Len(), "the stored page is no longer the answer")
}

func TestAnEntryOfAnOlderGenerationIsServedStaleAndRefreshed(t *testing.T) {
	c, _ := newTestCache()
	var gen Generation
	c.Generation = &gen
	var version atomic.Int32
	refreshed := make(chan struct{}, 10)
	fetch := func(context.Context) (Answer, error) {
		defer func() { refreshed <- struct{}{} }()
		return Answer{Body: fmt.Appendf(nil, "v%d", version.Add(1))}, nil
	}
	e, _, err := loadAnswer(t, c, "/k", fetch)
	require.NoError(t, err)
	<-refreshed
	assert.Equal(t, "v1", string(e.Body))
	_, res := c.Peek("/k")
	assert.Equal(t, Hit, res)

	gen.Bump() // the content the page was built from changed
	e, res = c.Peek("/k")
	assert.Equal(t, Stale, res, "served at once, refreshed behind")
	assert.Equal(t, "v1", string(e.Body))
	<-refreshed
	require.Eventually(t, func() bool { e, res := c.Peek("/k"); return res == Hit && string(e.Body) == "v2" }, time.Second, time.Millisecond)
}

func TestTheGenerationOfAnEntryIsTheOneBeforeItsFetch(t *testing.T) {
	c, _ := newTestCache()
	var gen Generation
	c.Generation = &gen
	_, _, err := loadAnswer(t, c, "/k", func(context.Context) (Answer, error) {
		gen.Bump() // content changed while the page was being made from the old content
		return Answer{Body: []byte("built from old content")}, nil
	})
	require.NoError(t, err)
	_, res := c.Peek("/k")
	assert.Equal(t, Stale, res)
}

func TestOnChangeIsToldWhenAStoredAnswerGetsAnotherBody(t *testing.T) {
	c, clk := newTestCache()
	var changed []string
	c.OnChange = func(key string) { changed = append(changed, key) }
	load(t, c, "a", "one", policy)
	load(t, c, "b", "one", policy)
	assert.Empty(t, changed, "a first answer changes nothing")
	clk.advance(3 * time.Minute)
	load(t, c, "a", "one", policy)
	assert.Empty(t, changed, "the same answer again changes nothing")
	clk.advance(3 * time.Minute)
	load(t, c, "a", "two", policy)
	assert.Equal(t, []string{"a"}, changed)
}
