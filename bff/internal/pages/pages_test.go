package pages

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/metrics"
)

// clientApp is the client-rendered app of the tests' web directory.
const clientApp = `<!doctype html><html lang="zh-CN"><title>JAKA</title><div id="root"></div>`

// renderer is a fake page renderer that follows the renderer's contract: pages marked public,
// previews and personal pages no-store, a 404 for /missing, a redirect for /moved. It records
// every request it was sent.
type renderer struct {
	*httptest.Server
	renders atomic.Int32
	mu      sync.Mutex
	seen    []*http.Request
	// answer, when set, answers instead of the contract's pages.
	answer http.HandlerFunc
	// version changes what the pages say, as changed content would.
	version atomic.Int32
}

func newRenderer(t *testing.T) *renderer {
	rd := &renderer{}
	rd.Server = httptest.NewServer(http.HandlerFunc(rd.serve))
	t.Cleanup(rd.Close)
	return rd
}

func (rd *renderer) serve(w http.ResponseWriter, r *http.Request) {
	rd.renders.Add(1)
	rd.mu.Lock()
	rd.seen = append(rd.seen, r.Clone(context.Background()))
	rd.mu.Unlock()
	if rd.answer != nil {
		rd.answer(w, r)
		return
	}
	rd.page(w, r)
}

// page answers as the renderer does: the page of r's path.
func (rd *renderer) page(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Server-Timing", "render;dur=12")
	status := http.StatusOK
	switch rest := r.URL.Path; {
	case rest == "/moved":
		h.Set("Location", rd.URL+"/en/index")
		h.Set("Cache-Control", "public, max-age=60")
		w.WriteHeader(http.StatusMovedPermanently)
		return
	case rest == "/missing" || rest == "/en/missing":
		status = http.StatusNotFound
		h.Set("Cache-Control", "public, max-age=60")
	case strings.Contains(rest, "/preview/"):
		h.Set("Cache-Control", "no-store")
		h.Set("X-Robots-Tag", "noindex")
	case strings.Contains(strings.ToLower(rest), "login") || strings.Contains(strings.ToLower(rest), "repair") || strings.HasSuffix(rest, "/virtual"):
		h.Set("Cache-Control", "no-store")
	default:
		h.Set("Cache-Control", "public, max-age=60")
	}
	// The content the page was rendered from: its path's last segment as a news item.
	if strings.Contains(r.URL.Path, "/news") {
		h.Set(SourcesHeader, "GET /prod-api/api/news/getNewsDetail/1/"+path.Base(r.URL.Path)+"?x=1, POST /prod-api/api/language/list")
	}
	// What a renderer must never send on: the site decides these.
	h.Set("Content-Security-Policy", "default-src *")
	h.Set("Set-Cookie", "renderer=1")
	w.WriteHeader(status)
	fmt.Fprintf(w, "<!doctype html><html><title>%s</title><p>origin %s</p><p>v%d</p><p>%s</p></html>",
		r.URL.RequestURI(), r.Header.Get(SiteOriginHeader), rd.version.Load(), strings.Repeat("robot ", 300))
}

// last is the last request the renderer was sent.
func (rd *renderer) last() *http.Request {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	return rd.seen[len(rd.seen)-1]
}

// setup is a page handler in front of rd (nil: no renderer), with its metrics.
type setup struct {
	h       *Handler
	metrics *metrics.Pages
	cache   *cache.Cache
	tail    *cache.Cache
	logs    *strings.Builder
}

func newSetup(t *testing.T, rd *renderer, opts ...func(*Options)) setup {
	t.Helper()
	web := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(web, "index.html"), []byte(clientApp), 0o644))
	m := metrics.New()
	c := cache.NewBounded(DefaultMaxBytes, time.Minute)
	tail := cache.NewBounded(TailMaxBytes(DefaultMaxBytes), time.Minute)
	logs := &strings.Builder{}
	o := Options{
		WebDir:  web,
		Cache:   c,
		Tail:    tail,
		Timeout: 2 * time.Second,
		Origin:  func(*http.Request) (string, bool) { return "https://www.jaka.com", true },
		Metrics: m.RegisterPages(func() metrics.CacheStats { return metrics.CacheStats{} }, func() metrics.CacheStats { return metrics.CacheStats{} }),
		Log:     slog.New(slog.NewTextHandler(&lockedWriter{b: logs}, nil)),
	}
	if rd != nil {
		o.Renderer, _ = url.Parse(rd.URL)
	}
	for _, f := range opts {
		f(&o)
	}
	return setup{h: New(o), metrics: o.Metrics, cache: c, tail: tail, logs: logs}
}

type lockedWriter struct {
	mu sync.Mutex
	b  *strings.Builder
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

// get serves one request for target with the headers given as name, value pairs.
func (s setup) get(target string, headers ...string) *httptest.ResponseRecorder {
	return s.do(http.MethodGet, target, headers...)
}

func (s setup) do(method, target string, headers ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Add(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	s.h.ServeHTTP(rec, req)
	return rec
}

func (s setup) fallbacks(reason string) float64 {
	return value(s.metrics.Fallbacks.WithLabelValues(reason))
}

func (s setup) results(result string) float64 {
	return value(s.metrics.CacheResults.WithLabelValues(result))
}

func value(c prometheus.Counter) float64 {
	var m dto.Metric
	_ = c.Write(&m)
	return m.GetCounter().GetValue()
}

func TestAPageIsRenderedWithItsStatusAndOnlyTheHeadersTheRendererNeeds(t *testing.T) {
	rd := newRenderer(t)
	s := newSetup(t, rd)
	rec := s.get("/en/productList",
		"Cookie", "session=secret", "Authorization", "Bearer secret", "token", "secret",
		"X-Forwarded-For", "203.0.113.9", "Accept-Language", "en", "Connection", "keep-alive, X-Secret", "X-Secret", "1")

	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Equal(t, "text/html; charset=utf-8", rec.Header().Get("Content-Type"))
	assert.Contains(t, rec.Body.String(), "<title>/en/productList</title>")
	assert.Contains(t, rec.Body.String(), "origin https://www.jaka.com")
	assert.Empty(t, rec.Header().Get("Set-Cookie"), "the renderer sets no cookie on the site")
	assert.Empty(t, rec.Header().Get("Content-Security-Policy"), "the site's own policy is set around the handler")
	assert.Equal(t, "no-cache", rec.Header().Get("Cache-Control"), "browsers revalidate pages")

	sent := rd.last()
	assert.Equal(t, "https://www.jaka.com", sent.Header.Get(SiteOriginHeader))
	for _, name := range []string{"Cookie", "Authorization", "Token", "X-Forwarded-For", "Accept-Language", "X-Secret", PreviewTokenHeader} {
		assert.Empty(t, sent.Header.Get(name), "%s is not the renderer's business", name)
	}
}

func TestAMissingPageIsA404AndIsCachedLikeAnyPage(t *testing.T) {
	rd := newRenderer(t)
	s := newSetup(t, rd)
	for range 3 {
		rec := s.get("/en/missing")
		assert.Equal(t, http.StatusNotFound, rec.Code)
		assert.Contains(t, rec.Body.String(), "/en/missing")
	}
	assert.EqualValues(t, 1, rd.renders.Load())
}

func TestACachedPageIsServedWithoutASecondRender(t *testing.T) {
	rd := newRenderer(t)
	s := newSetup(t, rd)
	first := s.get("/en/news")
	second := s.get("/en/news")
	assert.Equal(t, http.StatusOK, second.Code)
	assert.Equal(t, first.Body.String(), second.Body.String())
	assert.Equal(t, "HIT", second.Header().Get("X-Cache"))
	assert.EqualValues(t, 1, rd.renders.Load())
	assert.EqualValues(t, 1, s.results("miss"))
	assert.EqualValues(t, 1, s.results("hit"))
}

func TestConcurrentVisitorsOfOnePageShareOneRender(t *testing.T) {
	rd := newRenderer(t)
	release := make(chan struct{})
	rd.answer = func(w http.ResponseWriter, r *http.Request) {
		<-release
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Cache-Control", "public")
		_, _ = io.WriteString(w, "<p>page</p>")
	}
	s := newSetup(t, rd)
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() { assert.Equal(t, http.StatusOK, s.get("/about").Code) })
	}
	require.Eventually(t, func() bool { return rd.renders.Load() == 1 }, 5*time.Second, time.Millisecond)
	close(release)
	wg.Wait()
	assert.EqualValues(t, 1, rd.renders.Load())
}

func TestJunkQueryParametersMakeOneEntryAndTheRendererSeesOnlyWhatThePageReads(t *testing.T) {
	rd := newRenderer(t)
	s := newSetup(t, rd)
	for _, target := range []string{
		"/download?page=2&q=arm&utm_source=x",
		"/download?q=arm&page=2",
		"/download?fbclid=1&page=2&q=arm&q=other&gclid=2",
		"/download?page=2&junk&q=arm",
	} {
		assert.Equal(t, http.StatusOK, s.get(target).Code, target)
	}
	assert.EqualValues(t, 1, rd.renders.Load())
	assert.Equal(t, "/download?page=2&q=arm", rd.last().URL.RequestURI(), "sorted, first values, read parameters only")
	assert.Equal(t, 1, s.tail.Len(), "a page with a query is kept in the tail of made-up pages")

	// A page that reads no parameter is one page whatever its query.
	s.get("/about?x=1")
	s.get("/about?y=2")
	assert.Equal(t, "/about", rd.last().URL.RequestURI())
	assert.EqualValues(t, 2, rd.renders.Load())
}

func TestEveryPageReadsExactlyItsOwnParameters(t *testing.T) {
	for target, want := range map[string]string{
		"/en/case?industry=3&page=2&q=x":                          "/en/case?industry=3&page=2",
		"/imprint?key=privacy&from=mail":                          "/imprint?key=privacy",
		"/ja/flsm?key=terms":                                      "/ja/flsm", // ja is no language (jp is): an unknown path
		"/de/flsm?key=terms&x=1":                                  "/de/flsm?key=terms",
		"/search?searchInfo=%E6%9C%BA%E5%99%A8%E4%BA%BA&page=3":   "/search?searchInfo=%E6%9C%BA%E5%99%A8%E4%BA%BA",
		"/en/news?type=2&page=4&q=fair&id=9":                      "/en/news?page=4&q=fair&type=2",
		"/en/newsDetail/40?typeId=2&page=1":                       "/en/newsDetail/40?typeId=2",
		"/position?type=campus&keyword=go&page=2&id=7&utm=1":      "/position?id=7&keyword=go&page=2&type=campus",
		"/en/productComparison?ids=1%2C2%2C3&hide=1":              "/en/productComparison?ids=1%2C2%2C3",
		"/commonQuestion?q=reset&page=1&id=5&type=2&from=x":       "/commonQuestion?id=5&page=1&q=reset&type=2",
		"/en/DOWNLOAD?category=4&id=2&page=1&q=cad&sort=asc":      "/en/DOWNLOAD?category=4&id=2&page=1&q=cad",
		"/en/productDetails/7?from=home":                          "/en/productDetails/7",
		"/en/news/../productList?x=1":                             "/en/productList",
		"/jaka+?x=1":                                              "/jaka+",
		"/en/search?searchInfo=a+b":                               "/en/search?searchInfo=a+b",
		"/en/download?q=":                                         "/en/download?q=",
		"/thx?utm_campaign=spring":                                "/thx",
		"/en_us/case?industry=1":                                  "/en_us/case?industry=1",
		"/xx/case?industry=1":                                     "/xx/case",
		"/en/preview/newsDetail/40?previewToken=t&typeId=2&x=1":   "/en/preview/newsDetail/40?previewToken=t&typeId=2&x=1",
		"/login?from=%2Fen%2Frepair&mode=reset":                   "/login?from=%2Fen%2Frepair&mode=reset",
		"/en/virtual?token=abc":                                   "/en/virtual?token=abc",
		"/en/repairList?status=1&page=2&junk=1":                   "/en/repairList?status=1&page=2&junk=1",
		"/commonQuestionDetail?id=3":                              "/commonQuestionDetail",
		"/preview/commonQuestionDetail?id=3&previewToken=t&z=1":   "/preview/commonQuestionDetail?id=3&previewToken=t&z=1",
		"/en/wechatLogin?from=%2Findex&token=t":                   "/en/wechatLogin?from=%2Findex&token=t",
		"/en/repairDetail/SN-1?tab=2":                             "/en/repairDetail/SN-1?tab=2",
		"/en/register?from=%2Fen%2Fdownload%3Fid%3D2":             "/en/register?from=%2Fen%2Fdownload%3Fid%3D2",
		"/en/deregister?x=1":                                      "/en/deregister?x=1",
		"/en/repair?type=quick":                                   "/en/repair?type=quick",
		"/ESG?from=footer":                                        "/ESG",
		"/en/index?utm_source=ad":                                 "/en/index",
		"/en?x=1":                                                 "/en",
		"/en/jakaList/3?page=2":                                   "/en/jakaList/3",
		"/en/commonQuestion?type=1&page=2&q=&id=&utm_medium=mail": "/en/commonQuestion?id=&page=2&q=&type=1",
	} {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		assert.Equal(t, want, classify(req).target, target)
	}
}

func TestPreviewsAndPersonalPagesAreNeverCachedAndTellBrowsersSo(t *testing.T) {
	rd := newRenderer(t)
	s := newSetup(t, rd)
	for _, target := range []string{
		"/preview/newsDetail/40?previewToken=tok-1&typeId=2", "/en/preview/index?previewToken=tok-1",
		"/login?from=%2Fen", "/en/login", "/register", "/ko/wechatLogin", "/deregister", "/en/repair", "/repairList",
		"/en/repairDetail/SN-7", "/virtual?token=t", "/en/virtual",
	} {
		for range 2 {
			rec := s.get(target, "Cookie", "lang=en", "Authorization", "Bearer secret", "token", "secret",
				"X-Forwarded-For", "203.0.113.9", "Connection", "X-Secret", "X-Secret", "1", "Accept-Encoding", "gzip")
			assert.Equal(t, http.StatusOK, rec.Code, target)
			assert.Equal(t, "no-store", rec.Header().Get("Cache-Control"), target)
			assert.Empty(t, rec.Header().Get("Set-Cookie"), target)
			assert.Empty(t, rec.Header().Get("X-Cache"), target)
			sent := rd.last()
			assert.Equal(t, target, sent.URL.RequestURI(), "the whole query goes to the renderer")
			for _, name := range []string{"Cookie", "Authorization", "Token", "X-Forwarded-For", "X-Secret", "Forwarded", "Via"} {
				assert.Empty(t, sent.Header.Get(name), "%s: %s is not the renderer's business", target, name)
			}
			assert.Equal(t, "gzip", sent.Header.Get("Accept-Encoding"), "a streamed page may come compressed")
			assert.Equal(t, "https://www.jaka.com", sent.Header.Get(SiteOriginHeader))
			assert.Equal(t, "noindex", rec.Header().Get("X-Robots-Tag"), target)
			if strings.Contains(target, "/preview/") {
				assert.Equal(t, "tok-1", sent.Header.Get(PreviewTokenHeader), "the editor's token from the link")
			} else {
				assert.Empty(t, sent.Header.Get(PreviewTokenHeader), target)
			}
		}
	}
	assert.EqualValues(t, 24, rd.renders.Load(), "every request rendered")
	assert.Zero(t, s.cache.Len())
	assert.EqualValues(t, 24, s.results("bypass"))
}

func TestAPreviewIsNoindexAndNeverStoredWhateverTheRendererSays(t *testing.T) {
	rd := newRenderer(t)
	rd.answer = func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Cache-Control", "public, max-age=600")
		_, _ = io.WriteString(w, "<p>draft</p>")
	}
	s := newSetup(t, rd)
	rec := s.get("/preview/news?previewToken=x")
	assert.Equal(t, "noindex", rec.Header().Get("X-Robots-Tag"))
	assert.Equal(t, "no-store", rec.Header().Get("Cache-Control"))
	s.get("/preview/news?previewToken=x")
	assert.EqualValues(t, 2, rd.renders.Load())
}

func TestAnAnswerTheRendererMarkedPrivateIsPassedOnButNotKept(t *testing.T) {
	rd := newRenderer(t)
	rd.answer = func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = io.WriteString(w, "<p>not for everyone</p>")
	}
	s := newSetup(t, rd)
	for range 2 {
		rec := s.get("/about")
		assert.Equal(t, http.StatusOK, rec.Code)
		assert.Equal(t, "no-store", rec.Header().Get("Cache-Control"))
		assert.Equal(t, "<p>not for everyone</p>", rec.Body.String())
	}
	assert.EqualValues(t, 2, rd.renders.Load())
	assert.Zero(t, s.cache.Len())
}

func TestARedirectOfTheRendererIsPassedOnOnTheSitesOwnHost(t *testing.T) {
	rd := newRenderer(t)
	s := newSetup(t, rd)
	rec := s.get("/moved")
	assert.Equal(t, http.StatusMovedPermanently, rec.Code)
	assert.Equal(t, "/en/index", rec.Header().Get("Location"), "never the renderer's own address")
	s.get("/moved")
	assert.EqualValues(t, 2, rd.renders.Load(), "redirects are not cached")
}

func TestACachedPageHasAnETagA304AndGzip(t *testing.T) {
	rd := newRenderer(t)
	s := newSetup(t, rd)
	first := s.get("/en/productList", "Accept-Encoding", "gzip, deflate, br")
	assert.Equal(t, "gzip", first.Header().Get("Content-Encoding"))
	assert.Equal(t, "Accept-Encoding, User-Agent", first.Header().Get("Vary"))
	zr, err := gzip.NewReader(first.Body)
	require.NoError(t, err)
	page, _ := io.ReadAll(zr)
	assert.Contains(t, string(page), "<title>/en/productList</title>")
	etag := first.Header().Get("ETag")
	require.NotEmpty(t, etag)

	again := s.get("/en/productList", "If-None-Match", etag)
	assert.Equal(t, http.StatusNotModified, again.Code)
	assert.Empty(t, again.Body.Bytes())

	head := s.do(http.MethodHead, "/en/productList")
	assert.Equal(t, http.StatusOK, head.Code)
	assert.Empty(t, head.Body.Bytes())
	assert.NotEmpty(t, head.Header().Get("Content-Length"))
	assert.EqualValues(t, 1, rd.renders.Load())
}

func TestAPageOfOneOriginIsNeverServedForAnother(t *testing.T) {
	rd := newRenderer(t)
	s := newSetup(t, rd, func(o *Options) {
		o.Origin = func(r *http.Request) (string, bool) {
			return "http://" + r.Host, strings.HasPrefix(r.Host, "localhost")
		}
	})
	req := httptest.NewRequest(http.MethodGet, "/about", nil)
	req.Host = "localhost:8080"
	rec := httptest.NewRecorder()
	s.h.ServeHTTP(rec, req)
	assert.Contains(t, rec.Body.String(), "origin http://localhost:8080")
	req.Host = "localhost:9090"
	rec = httptest.NewRecorder()
	s.h.ServeHTTP(rec, req)
	assert.Contains(t, rec.Body.String(), "origin http://localhost:9090")
	assert.EqualValues(t, 2, rd.renders.Load())
}

func TestWithoutARendererEveryPageIsTheClientRenderedApp(t *testing.T) {
	s := newSetup(t, nil)
	rec := s.get("/en/productList")
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Equal(t, clientApp, rec.Body.String())
	assert.Equal(t, "no-cache", rec.Header().Get("Cache-Control"))
	assert.EqualValues(t, 1, s.fallbacks("off"))
	assert.NotContains(t, s.logs.String(), "WARN", "turned off on purpose: nothing to warn about")
}

func TestAKilledRendererGivesTheClientRenderedApp(t *testing.T) {
	rd := newRenderer(t)
	s := newSetup(t, rd)
	rd.Close() // killed
	for _, target := range []string{"/en/productList", "/en/login"} {
		rec := s.get(target)
		assert.Equal(t, http.StatusOK, rec.Code, target)
		assert.Equal(t, clientApp, rec.Body.String(), target)
		assert.Equal(t, "no-cache", rec.Header().Get("Cache-Control"), target)
	}
	assert.EqualValues(t, 2, s.fallbacks("down"))
	assert.Equal(t, 1, strings.Count(s.logs.String(), "reason=down"), "an outage is told once, not per page: %s", s.logs)
}

func TestAHangingRendererGivesTheClientRenderedAppAtItsDeadline(t *testing.T) {
	rd := newRenderer(t)
	stuck := make(chan struct{})
	t.Cleanup(func() { close(stuck) })
	rd.answer = func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-stuck:
		case <-r.Context().Done():
		}
	}
	s := newSetup(t, rd, func(o *Options) { o.Timeout = 50 * time.Millisecond })
	for _, target := range []string{"/en/productList", "/en/login", "/preview/index?previewToken=t"} {
		start := time.Now()
		rec := s.get(target)
		assert.Less(t, time.Since(start), 5*time.Second, target)
		assert.Equal(t, http.StatusOK, rec.Code, target)
		assert.Equal(t, clientApp, rec.Body.String(), target)
	}
	assert.EqualValues(t, 3, s.fallbacks("timeout"))
}

func TestAFailingRendererGivesTheClientRenderedApp(t *testing.T) {
	for name, answer := range map[string]http.HandlerFunc{
		"5xx": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusInternalServerError)
		},
		"not HTML": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Cache-Control", "public")
			_, _ = io.WriteString(w, `{"oops":true}`)
		},
	} {
		t.Run(name, func(t *testing.T) {
			rd := newRenderer(t)
			rd.answer = answer
			s := newSetup(t, rd)
			for _, target := range []string{"/en/productList", "/en/repairList"} {
				rec := s.get(target)
				assert.Equal(t, http.StatusOK, rec.Code, target)
				assert.Equal(t, clientApp, rec.Body.String(), target)
			}
			assert.EqualValues(t, 2, s.fallbacks("error"))
			assert.Zero(t, s.cache.Len())
		})
	}
}

func TestALastGoodPageIsServedWhileTheRendererIsDown(t *testing.T) {
	rd := newRenderer(t)
	s := newSetup(t, rd, func(o *Options) { o.TTL = time.Second })
	now := time.Now()
	s.cache.SetClock(func() time.Time { return now })
	require.Equal(t, http.StatusOK, s.get("/en/news").Code)
	rd.Close()
	now = now.Add(time.Hour) // past fresh and stale, within stale-if-error
	rec := s.get("/en/news")
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Contains(t, rec.Body.String(), "<title>/en/news</title>", "the last good page beats the client-rendered app")
	assert.EqualValues(t, 1, s.results("stale_if_error"))
	assert.Zero(t, s.fallbacks("down"))
}

// A page is tagged with the content its render read (the renderer's SourcesHeader, through
// SourceTags), and a drop of one of those tags removes exactly that page: it is rendered again on
// the next visit, while a page built from other content stays. A page whose renderer did not
// say goes with any drop.
func TestADropRemovesThePagesRenderedFromTheChangedContent(t *testing.T) {
	rd := newRenderer(t)
	var told [][]string
	s := newSetup(t, rd, func(o *Options) {
		o.SourceTags = func(sources []string) []string {
			told = append(told, sources)
			var tags []string
			for _, src := range sources {
				tags = append(tags, strings.TrimSpace(strings.SplitN(src, "?", 2)[0]))
			}
			return tags
		}
	})
	for _, p := range []string{"/en/news/39", "/en/news/40", "/en/index"} {
		assert.Contains(t, s.get(p).Body.String(), "v0")
	}
	assert.Equal(t, []string{"GET /prod-api/api/news/getNewsDetail/1/39?x=1", " POST /prod-api/api/language/list"}, told[0])

	rd.version.Store(1)
	ctx := context.Background()
	assert.Equal(t, []string{"https://www.jaka.com/en/index"}, s.h.Drop(ctx, []string{"GET /prod-api/api/news/getNewsDetail/1/41"}), "no page of item 41: only the page that did not say")
	assert.Equal(t, []string{"https://www.jaka.com/en/news/39"}, s.h.Drop(ctx, []string{"GET /prod-api/api/news/getNewsDetail/1/39"}), "item 39's page")
	assert.Contains(t, s.get("/en/news/39").Body.String(), "v1", "rendered again at once")
	assert.Contains(t, s.get("/en/index").Body.String(), "v1")
	assert.Contains(t, s.get("/en/news/40").Body.String(), "v0", "another item's page stays")
	assert.EqualValues(t, 5, rd.renders.Load())
}

func TestHEADOfAStreamedPageHasItsHeadersAndNoBody(t *testing.T) {
	rd := newRenderer(t)
	s := newSetup(t, rd)
	rec := s.do(http.MethodHead, "/en/login")
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Empty(t, rec.Body.Bytes())
	assert.Equal(t, http.MethodGet, rd.last().Method, "the renderer is asked for the page")
}

func TestOtherMethodsAreRefused(t *testing.T) {
	s := newSetup(t, newRenderer(t))
	rec := s.do(http.MethodPost, "/en/index")
	assert.Equal(t, http.StatusMethodNotAllowed, rec.Code)
	assert.Equal(t, "GET, HEAD", rec.Header().Get("Allow"))
}

// A renderer whose queue is full answers 503 at once: a browser gets the client-rendered app
// (counted as "busy"), while a crawler, to which that app is an empty page, asks again until the
// renderer has room and gets the rendered page.
func TestACrawlerWaitsForABusyRendererWhereABrowserGetsTheApp(t *testing.T) {
	rd := newRenderer(t)
	var busy atomic.Int32
	busy.Store(1)
	rd.answer = func(w http.ResponseWriter, r *http.Request) {
		if busy.Add(-1) >= 0 {
			w.Header().Set("Retry-After", "1")
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		rd.page(w, r)
	}
	s := newSetup(t, rd, func(o *Options) { o.CrawlerTimeout = 5 * time.Second })

	rec := s.get("/en/productList", "User-Agent", "Mozilla/5.0 (Windows NT 10.0) Chrome/131.0")
	assert.Equal(t, clientApp, rec.Body.String(), "a browser renders the page itself")
	assert.EqualValues(t, 1, s.fallbacks("busy"))

	busy.Store(3)
	rec = s.get("/en/news", "User-Agent", "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)")
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Contains(t, rec.Body.String(), "<title>/en/news</title>", "the crawler gets the rendered page")
	assert.EqualValues(t, 1, s.fallbacks("busy"), "and no shell was counted")
}

// A crawler's patience ends: a renderer that stays busy gives it the client-rendered app at its
// time-out, not a hang.
func TestACrawlersPatienceEnds(t *testing.T) {
	rd := newRenderer(t)
	rd.answer = func(w http.ResponseWriter, r *http.Request) { http.Error(w, "busy", http.StatusServiceUnavailable) }
	s := newSetup(t, rd, func(o *Options) { o.Timeout = 50 * time.Millisecond; o.CrawlerTimeout = 300 * time.Millisecond })
	start := time.Now()
	rec := s.get("/en/news", "User-Agent", "Googlebot/2.1 (+http://www.google.com/bot.html)")
	assert.Less(t, time.Since(start), 3*time.Second)
	assert.Equal(t, clientApp, rec.Body.String())
	assert.EqualValues(t, 1, s.fallbacks("busy"))
	assert.Greater(t, rd.renders.Load(), int32(1), "it asked again")
}

func TestCrawlersAreToldApartFromBrowsers(t *testing.T) {
	for _, ua := range []string{
		"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
		"Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
		"Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)",
		"Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)",
		"facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
		"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
	} {
		assert.True(t, isCrawler(ua), ua)
	}
	for _, ua := range []string{
		"Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36",
		"", "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36",
	} {
		assert.False(t, isCrawler(ua), ua)
	}
}
