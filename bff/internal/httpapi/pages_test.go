package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/publish"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

// pageRenderer is a fake page renderer after the renderer's contract: every page public, and
// the page says which origin it was rendered for.
type pageRenderer struct {
	// sources are the content requests each page's render names (SourcesHeader), by path.
	sources map[string]string
	*httptest.Server
	renders atomic.Int32
	mu      sync.Mutex
	origins []string
}

func newPageRenderer(t *testing.T) *pageRenderer {
	rd := &pageRenderer{}
	rd.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := rd.renders.Add(1)
		rd.mu.Lock()
		rd.origins = append(rd.origins, r.Header.Get("X-Site-Origin"))
		rd.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=60")
		if sources := rd.sources[r.URL.Path]; sources != "" {
			w.Header().Set("X-Render-Sources", sources)
		}
		fmt.Fprintf(w, "<!doctype html><title>%s</title><p>render %d</p>", r.URL.RequestURI(), n)
	}))
	t.Cleanup(rd.Close)
	return rd
}

func (rd *pageRenderer) lastOrigin() string {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	return rd.origins[len(rd.origins)-1]
}

// editableContent is the CMS as the BFF reads it, with an editor who can change it.
type editableContent struct {
	content.Client
	edited atomic.Bool
}

func (c *editableContent) Get(ctx context.Context, req content.Request) (json.RawMessage, error) {
	raw, err := c.Client.Get(ctx, req)
	if err == nil && c.edited.Load() {
		raw = bytes.Replace(raw, []byte(`"`), []byte(`" `), 1) // a letter changed somewhere
	}
	return raw, err
}

func TestPagesAreRenderedCachedAndCarryTheSitesSecurityHeaders(t *testing.T) {
	rd := newPageRenderer(t)
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) {
		d.Renderer, _ = url.Parse(rd.URL)
		d.SiteOrigins = []string{"https://www.jaka.com", "https://jaka.com"}
	})
	for range 2 {
		resp, body := get(t, f.bff.URL+"/en/productList?utm_source=x", "Accept-Encoding", "identity")
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Contains(t, string(body), "<title>/en/productList</title>")
		assert.Equal(t, httpapi.AppCSP, resp.Header.Get("Content-Security-Policy"))
		assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
		assert.Equal(t, "same-origin", resp.Header.Get("Cross-Origin-Opener-Policy"))
		assert.NotEmpty(t, resp.Header.Get("Permissions-Policy"))
	}
	assert.EqualValues(t, 1, rd.renders.Load())
	assert.Equal(t, "https://www.jaka.com", rd.lastOrigin(), "the first of SITE_ORIGINS")

	// Redirects and the client-rendered app carry them too.
	resp, _ := get(t, f.bff.URL+"/", "Accept-Language", "en")
	assert.Equal(t, http.StatusFound, resp.StatusCode)
	assert.Equal(t, httpapi.AppCSP, resp.Header.Get("Content-Security-Policy"))
	rd.Close()
	resp, body := get(t, f.bff.URL+"/en/news")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "<!doctype html><title>site</title>", string(body))
	assert.Equal(t, httpapi.AppCSP, resp.Header.Get("Content-Security-Policy"))

	_, metrics := get(t, f.admin.URL+"/metrics")
	for _, line := range []string{
		`bff_render_fallbacks_total{reason="down"} 1`,
		`bff_page_cache_results_total{result="hit"} 1`,
		`bff_page_cache_results_total{result="miss"} 1`,
		`bff_page_cache_entries 1`,
	} {
		assert.Contains(t, string(metrics), line)
	}
}

func TestFilesTheAPIAndTheMediaNeverReachTheRenderer(t *testing.T) {
	rd := newPageRenderer(t)
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) { d.Renderer, _ = url.Parse(rd.URL) })
	resp, body := get(t, f.bff.URL+"/assets/app-1a2b.js")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "console.log(1)", string(body))
	resp, _ = get(t, f.bff.URL+"/assets/gone-0000.js")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	resp, _ = get(t, f.bff.URL+"/sitemap.xml") // the BFF's own sitemap
	assert.Contains(t, resp.Header.Get("Content-Type"), "application/xml")
	resp, _ = get(t, f.bff.URL+"/prod-api/api/nothing")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	resp, _ = get(t, f.bff.URL+"/prod-api/api/programa/buildProgramaTree/8", "lang", "en")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Zero(t, rd.renders.Load())
}

func TestAContentChangeDropsThePagesBuiltBeforeIt(t *testing.T) {
	rd := newPageRenderer(t)
	cms := &editableContent{}
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) {
		d.Renderer, _ = url.Parse(rd.URL)
		cms.Client = d.Content
		d.Content = cms
	})
	var mu sync.Mutex
	now := time.Now()
	f.cache.SetClock(func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	menu := f.bff.URL + "/prod-api/api/programa/buildProgramaTree/8"
	page := func() *http.Response { resp, _ := get(t, f.bff.URL+"/en/news"); return resp }

	_, before := get(t, menu, "lang", "en") // the renderer reads the menu through the BFF
	require.Equal(t, "MISS", page().Header.Get("X-Cache"))
	require.Equal(t, "HIT", page().Header.Get("X-Cache"))

	// The content cache refreshes the menu, and it is unchanged: the page stays.
	advance(6 * time.Minute)
	get(t, menu, "lang", "en")
	require.Eventually(t, func() bool { resp, _ := get(t, menu, "lang", "en"); return resp.Header.Get("X-Cache") == "HIT" }, 5*time.Second, time.Millisecond)
	assert.Equal(t, "HIT", page().Header.Get("X-Cache"))
	assert.EqualValues(t, 1, rd.renders.Load())

	// An editor changes it without telling the site: the next refresh brings another answer,
	// and the page built from the old one (its renderer named no sources, so it was built from
	// anything) is dropped and rendered again on the next visit.
	cms.edited.Store(true)
	advance(6 * time.Minute)
	get(t, menu, "lang", "en")
	require.Eventually(t, func() bool { _, now := get(t, menu, "lang", "en"); return !bytes.Equal(now, before) }, 5*time.Second, time.Millisecond)
	resp, body := get(t, f.bff.URL+"/en/news")
	assert.Equal(t, "MISS", resp.Header.Get("X-Cache"))
	assert.Contains(t, string(body), "render 2")
	assert.Equal(t, "HIT", page().Header.Get("X-Cache"))
}

func TestTheRendererIsToldTheSitesOrigin(t *testing.T) {
	rd := newPageRenderer(t)
	limits := ratelimit.DefaultLimits()
	limits.TrustedProxies, _ = ratelimit.ParsePrefixes("127.0.0.1, ::1")
	trusted := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) {
		d.Renderer, _ = url.Parse(rd.URL)
		d.AccountLimits = &limits
	})
	untrusted := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) { d.Renderer, _ = url.Parse(rd.URL) })
	host := strings.TrimPrefix(trusted.bff.URL, "http://")

	get(t, trusted.bff.URL+"/en/about")
	assert.Equal(t, "http://"+host, rd.lastOrigin(), "without SITE_ORIGINS: where the request came to")
	// A forwarded host that is neither configured nor this machine's is not the site's: no
	// render names it (SITE_ORIGINS names the public origins).
	before := rd.renders.Load()
	_, body := get(t, trusted.bff.URL+"/en/join", "X-Forwarded-Proto", "https", "X-Forwarded-Host", "www.jaka.com")
	assert.Equal(t, before, rd.renders.Load(), "a host that is not the site's is not rendered")
	assert.NotContains(t, string(body), "www.jaka.com")
	get(t, trusted.bff.URL+"/en/contact", "X-Forwarded-Host", `evil.example"><script>`)
	assert.Equal(t, "http://"+host, rd.lastOrigin(), "never a host that is not one")

	host = strings.TrimPrefix(untrusted.bff.URL, "http://")
	get(t, untrusted.bff.URL+"/en/about", "X-Forwarded-Proto", "https", "X-Forwarded-Host", "evil.example")
	assert.Equal(t, "http://"+host, rd.lastOrigin(), "forwarded headers of anyone else are not believed")
}

func TestTheChineseHomePageIsCachedAndStillRedirectsOtherLanguages(t *testing.T) {
	rd := newPageRenderer(t)
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) { d.Renderer, _ = url.Parse(rd.URL) })
	for _, want := range []string{"MISS", "HIT"} {
		resp, _ := get(t, f.bff.URL+"/index", "Accept-Language", "zh-CN,zh;q=0.9")
		assert.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Equal(t, want, resp.Header.Get("X-Cache"))
		assert.Equal(t, "Accept-Encoding, Accept-Language, User-Agent, Cookie", resp.Header.Get("Vary"))
	}
	resp, _ := get(t, f.bff.URL+"/index?from=ad", "Accept-Language", "en-GB")
	assert.Equal(t, http.StatusFound, resp.StatusCode, "the cached page is for Chinese visitors only")
	assert.Equal(t, "/en/index?from=ad", resp.Header.Get("Location"))
	resp, _ = get(t, f.bff.URL+"/", "Accept-Language", "ja")
	assert.Equal(t, "/jp/index", resp.Header.Get("Location"))
	assert.EqualValues(t, 1, rd.renders.Load())
}

// Apart from its access line (which LOG_LEVEL=warn turns off), a cached page costs no allocation.
func TestACachedPageIsServedWithoutAllocating(t *testing.T) {
	rd := newPageRenderer(t)
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) {
		d.Renderer, _ = url.Parse(rd.URL)
		d.SiteOrigins = []string{"https://www.jaka.com"}
		d.Log = slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelWarn}))
	})
	resp, _ := get(t, f.bff.URL+"/en/productList")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	req := httptest.NewRequest(http.MethodGet, "/en/productList", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	w := &discard{h: http.Header{}}
	f.bff.Config.Handler.ServeHTTP(w, req)
	allocs := testing.AllocsPerRun(100, func() { f.bff.Config.Handler.ServeHTTP(w, req) })
	assert.Zero(t, allocs, "a cached page costs a key and a lookup, like a cached content answer")
	assert.EqualValues(t, 1, rd.renders.Load())
}

// A publish of one product drops the content answers that show it and the pages rendered from
// them, and nothing else: the product's page and the product list render again, the news list
// and another product's page stay cached, and the product's answer is asked of the CMS again.
func TestAChangeOfOneProductDropsExactlyWhatShowsIt(t *testing.T) {
	rd := newPageRenderer(t)
	const details = "GET /prod-api/api/productCenter/getProductDetails/1/2/"
	rd.sources = map[string]string{
		"/en/productDetails/101": details + "101?x=1, GET /prod-api/api/programa/buildProgramaTree/8",
		"/en/productDetails/102": details + "102, GET /prod-api/api/programa/buildProgramaTree/8",
		"/en/productList":        "GET /prod-api/api/productCenter/productLineList, GET /prod-api/api/programa/buildProgramaTree/8",
		"/en/news":               "GET /prod-api/api/news/newsList?typeId=1, GET /prod-api/api/programa/buildProgramaTree/8",
	}
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) { d.Renderer, _ = url.Parse(rd.URL) })
	paths := []string{"/en/productDetails/101", "/en/productDetails/102", "/en/productList", "/en/news"}
	for _, p := range paths {
		resp, _ := get(t, f.bff.URL+p)
		require.Equal(t, "MISS", resp.Header.Get("X-Cache"), p)
	}
	news, _ := get(t, f.bff.URL+"/prod-api/api/news/newsList?typeId=1&pageNum=1&pageSize=10", "lang", "en")
	require.Equal(t, http.StatusOK, news.StatusCode)

	dropped := f.handler.ApplyContentChanges(context.Background(), []publish.Change{{Kind: "product", ID: "101"}})
	assert.Equal(t, 2, dropped, "two pages, and no content answer was cached for them here")
	want := map[string]string{"/en/productDetails/101": "MISS", "/en/productDetails/102": "HIT", "/en/productList": "MISS", "/en/news": "HIT"}
	for _, p := range paths {
		resp, _ := get(t, f.bff.URL+p)
		assert.Equal(t, want[p], resp.Header.Get("X-Cache"), p)
	}
	news, _ = get(t, f.bff.URL+"/prod-api/api/news/newsList?typeId=1&pageNum=1&pageSize=10", "lang", "en")
	assert.Equal(t, "HIT", news.Header.Get("X-Cache"), "the news stay cached")

	assert.Equal(t, 2, f.handler.ApplyContentChanges(context.Background(), []publish.Change{{Kind: "news"}}), "every news item: the news list's answer and its page")
	assert.Zero(t, f.handler.ApplyContentChanges(context.Background(), []publish.Change{{Kind: "spaceship", ID: "1"}}), "an unknown kind drops nothing")
}
