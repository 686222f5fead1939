package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/go-chi/chi/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/oapi"
	"github.com/jakarobotics/website/bff/internal/preview"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/mocks"
	"github.com/jakarobotics/website/mocks/mockkit"
)

// The two contracts, each loaded once and shared, as nothing changes them: servingSpec is the
// contract as the BFF serves it (oapi.LoadForServing), so that every server under test
// validates requests as production does; wholeSpec is the whole contract (oapi.Load), which
// the tests check answers against.
var (
	servingSpec = sync.OnceValues(func() (*oapi.Spec, error) { return oapi.LoadForServing(context.Background()) })
	wholeSpec   = sync.OnceValues(func() (*oapi.Spec, error) { return oapi.Load(context.Background()) })
)

func mustServingSpec(t testing.TB) *oapi.Spec {
	t.Helper()
	spec, err := servingSpec()
	require.NoError(t, err)
	return spec
}

func mustWholeSpec(t testing.TB) *oapi.Spec {
	t.Helper()
	spec, err := wholeSpec()
	require.NoError(t, err)
	return spec
}

// fixture is a BFF in front of a real content mock, both on httptest servers.
type fixture struct {
	// handler is the BFF under test, bff its server.
	handler *httpapi.Handler
	bff     *httptest.Server
	admin   *httptest.Server
	cms     *mocks.Mock
	spec    *oapi.Spec
	webDir  string
	cache   *cache.Cache
	// cmsURL is the CMS's base URL, for its /__admin endpoints.
	cmsURL string
	// cmsCalls counts the requests that reached the CMS.
	cmsCalls atomic.Int64
	// cmsTargets lists the path and query of every request that reached the CMS.
	cmsMu      sync.Mutex
	cmsTargets []string
	// previewNow is the clock the BFF checks preview tokens by; tests move it.
	previewMu  sync.Mutex
	previewNow time.Time
}

// testPreviewSecret is the PREVIEW_SECRET that the BFF and the CMS under test share.
var testPreviewSecret = []byte("the preview secret of the BFF and CMS under test")

func newFixture(t *testing.T, timeout time.Duration) *fixture {
	t.Helper()
	return newFixtureWith(t, timeout, nil)
}

// newFixtureWith is newFixture with dependencies that configure changes before the server is
// built. Previews are not rate limited unless configure sets limits.
func newFixtureWith(t *testing.T, timeout time.Duration, configure func(*httpapi.Deps)) *fixture {
	t.Helper()
	spec := mustWholeSpec(t)
	cms, err := mocks.New("content", mocks.Options{PreviewSecret: testPreviewSecret})
	require.NoError(t, err)
	f := &fixture{cms: cms, spec: spec, cache: cache.New(time.Minute), previewNow: time.Now()}
	cmsServer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/__admin") {
			f.cmsCalls.Add(1)
			f.cmsMu.Lock()
			f.cmsTargets = append(f.cmsTargets, r.URL.RequestURI())
			f.cmsMu.Unlock()
		}
		cms.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(cmsServer.Close)
	base, _ := url.Parse(cmsServer.URL)
	f.cmsURL = cmsServer.URL

	webDir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(webDir, "index.html"), []byte("<!doctype html><title>site</title>"), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(webDir, "assets"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(webDir, "assets", "app-1a2b.js"), []byte("console.log(1)"), 0o644))

	deps := httpapi.Deps{
		Spec:          mustServingSpec(t),
		Content:       content.New(upstream.Client{System: "content", BaseURL: base}),
		Log:           slog.New(slog.NewTextHandler(io.Discard, nil)),
		WebDir:        webDir,
		Timeout:       timeout,
		LongTimeout:   timeout,
		Media:         base,
		Cache:         f.cache,
		Preview:       preview.NewVerifier(testPreviewSecret, f.previewClock),
		PreviewLimits: &preview.Limits{},
	}
	if configure != nil {
		configure(&deps)
	}
	h, err := httpapi.NewServer(deps)
	require.NoError(t, err)
	f.handler = h
	f.bff = httptest.NewServer(h)
	f.admin = httptest.NewServer(h.Admin)
	f.webDir = webDir
	t.Cleanup(f.bff.Close)
	t.Cleanup(f.admin.Close)
	return f
}

func (f *fixture) previewClock() time.Time {
	f.previewMu.Lock()
	defer f.previewMu.Unlock()
	return f.previewNow
}

// advancePreviewClock moves the clock the BFF checks preview tokens by.
func (f *fixture) advancePreviewClock(d time.Duration) {
	f.previewMu.Lock()
	defer f.previewMu.Unlock()
	f.previewNow = f.previewNow.Add(d)
}

type envelope struct {
	Success  bool            `json:"success"`
	Code     int             `json:"code"`
	Msg      string          `json:"msg"`
	Data     json.RawMessage `json:"data"`
	ErrorKey string          `json:"errorKey"`
	Errors   []struct {
		Field   string `json:"field"`
		Message string `json:"message"`
	} `json:"errors"`
}

// call sends one request and decodes the envelope, checking that the body is one.
func (f *fixture) call(t *testing.T, method, path string, body string, headers ...string) (*http.Response, envelope) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, f.bff.URL+path, rd)
	require.NoError(t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	var env envelope
	require.NoError(t, json.Unmarshal(raw, &env), "body is not an envelope: %s", raw)
	assert.Equal(t, resp.StatusCode, env.Code, "code repeats the HTTP status")
	return resp, env
}

func TestRouteTableEqualsContract(t *testing.T) {
	f := newFixture(t, time.Second)
	h, err := httpapi.NewServer(httpapi.Deps{Spec: mustServingSpec(t), Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Timeout: time.Second, LongTimeout: time.Second})
	require.NoError(t, err)

	var served []string
	err = chi.Walk(h.Router, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if strings.HasPrefix(route, oapi.BasePath+"/") {
			served = append(served, method+" "+strings.TrimPrefix(route, oapi.BasePath))
		}
		return nil
	})
	require.NoError(t, err)
	var contract []string
	for _, op := range f.spec.Operations() {
		contract = append(contract, op.Key())
	}
	sort.Strings(served)
	sort.Strings(contract)
	assert.Equal(t, contract, served)
	assert.GreaterOrEqual(t, len(contract), 90, "the contract covers the whole surface of spec section 7")
}

func TestSliceServesCMSContentInTheRequestLanguage(t *testing.T) {
	f := newFixture(t, 5*time.Second)

	_, env := f.call(t, "POST", "/prod-api/api/language/list", `{"pageNum":1,"pageSize":10}`, "lang", "en")
	require.True(t, env.Success)
	assert.Equal(t, "Success", env.Msg)
	var page struct {
		Total int `json:"total"`
		Rows  []struct {
			LanguageCode string `json:"languageCode"`
			IsShow       int    `json:"isShow"`
		} `json:"rows"`
	}
	require.NoError(t, json.Unmarshal(env.Data, &page))
	assert.Equal(t, 12, page.Total)
	assert.Len(t, page.Rows, 10, "pageSize bounds the rows")
	assert.Equal(t, "zh", page.Rows[0].LanguageCode)

	_, env = f.call(t, "POST", "/prod-api/api/language/list", `{"pageNum":2,"pageSize":10}`)
	require.NoError(t, json.Unmarshal(env.Data, &page))
	assert.Len(t, page.Rows, 2, "the second page holds the rest")

	for _, tc := range []struct{ menu, lang, first string }{
		{"8", "zh", "产品中心"}, {"8", "en", "Products"}, {"8", "de", "Produkte"}, {"8", "en_us", "Products"},
		{"37", "ja", "製品"}, {"71", "ko", "제품"}, {"108", "th", "ผลิตภัณฑ์"},
	} {
		_, env = f.call(t, "GET", "/prod-api/api/programa/buildProgramaTree/"+tc.menu, "", "lang", tc.lang)
		require.True(t, env.Success, tc)
		var items []struct {
			Name string `json:"name"`
		}
		require.NoError(t, json.Unmarshal(env.Data, &items))
		require.NotEmpty(t, items)
		assert.Equal(t, tc.first, items[0].Name, "menu %s in %s", tc.menu, tc.lang)
	}

	_, env = f.call(t, "GET", "/prod-api/api/banner/allList?type=2&status=0", "", "lang", "fr")
	var banners []struct {
		Title string `json:"title"`
	}
	require.NoError(t, json.Unmarshal(env.Data, &banners))
	require.Len(t, banners, 3, "drafts are not published")
	assert.Equal(t, "Robots collaboratifs JAKA Zu", banners[0].Title)
}

// TestSliceResponsesMatchTheContract checks the answers against the response schemas, as the
// web's generated zod schemas will.
func TestSliceResponsesMatchTheContract(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	for _, tc := range []struct{ method, path, template, body, lang string }{
		{"POST", "/api/language/list", "/api/language/list", `{"pageNum":1,"pageSize":10}`, "ko"},
		{"GET", "/api/programa/buildProgramaTree/8", "/api/programa/buildProgramaTree/{id}", "", "zh_tw"},
		{"GET", "/api/programa/buildProgramaTree/37", "/api/programa/buildProgramaTree/{id}", "", "ja"},
		{"GET", "/api/banner/allList?type=2&status=0", "/api/banner/allList", "", "ru"},
		{"GET", "/api/banner/allList?type=3", "/api/banner/allList", "", "en"},
		{"GET", "/api/keyWord", "/api/keyWord", "", "en"},
	} {
		req, _ := http.NewRequest(tc.method, f.bff.URL+"/prod-api"+tc.path, strings.NewReader(tc.body))
		req.Header.Set("lang", tc.lang)
		if tc.body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		route, ok := f.spec.Route(tc.method, tc.template)
		require.True(t, ok)
		err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
			RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, Route: route},
			Status:                 resp.StatusCode,
			Header:                 resp.Header,
			Body:                   io.NopCloser(bytes.NewReader(body)),
		})
		assert.NoError(t, err, "%s %s answered %s", tc.method, tc.path, body)
	}
}

func TestMalformedRequestsAre400WithFieldErrors(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	for _, tc := range []struct {
		name, method, path, body string
		headers                  []string
		field                    string
	}{
		{"non-numeric path id", "GET", "/prod-api/api/programa/buildProgramaTree/abc", "", nil, "id"},
		{"zero path id", "GET", "/prod-api/api/programa/buildProgramaTree/0", "", nil, "id"},
		{"banner type outside the enum", "GET", "/prod-api/api/banner/allList?type=3", "", nil, "type"},
		{"missing required query", "GET", "/prod-api/api/banner/allList", "", nil, "type"},
		{"unknown language", "GET", "/prod-api/api/banner/allList?type=2", "", []string{"lang", "xx"}, "lang"},
		{"page number below 1", "POST", "/prod-api/api/language/list", `{"pageNum":0,"pageSize":10}`, nil, "pageNum"},
		{"missing page size", "POST", "/prod-api/api/language/list", `{"pageNum":1}`, nil, "pageSize"},
		{"unknown body field", "POST", "/prod-api/api/language/list", `{"pageNum":1,"pageSize":10,"admin":true}`, nil, "admin"},
		{"wrong type", "POST", "/prod-api/api/language/list", `{"pageNum":"one","pageSize":10}`, nil, "pageNum"},
		{"not JSON", "POST", "/prod-api/api/language/list", `{"pageNum":`, nil, "body"},
		{"no body", "POST", "/prod-api/api/language/list", "", nil, "body"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := f.call(t, tc.method, tc.path, tc.body, tc.headers...)
			assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
			assert.False(t, env.Success)
			assert.Equal(t, "request.invalid", env.ErrorKey)
			assert.NotEmpty(t, env.Msg)
			var fields []string
			for _, e := range env.Errors {
				fields = append(fields, e.Field)
				assert.NotEmpty(t, e.Message)
			}
			assert.Contains(t, fields, tc.field)
		})
	}
}

func TestOversizedBodyIs413(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	big := `{"pageNum":1,"pageSize":10,"pad":"` + strings.Repeat("x", httpapi.MaxJSONBodyBytes) + `"}`
	resp, env := f.call(t, "POST", "/prod-api/api/language/list", big)
	assert.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
	assert.Equal(t, "request.too_large", env.ErrorKey)
}

func TestUnknownAPIPathsAreEnvelopesNotTheWebApp(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	resp, env := f.call(t, "GET", "/prod-api/api/nothing/here", "", "lang", "en")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	assert.Equal(t, "route.not_found", env.ErrorKey)
	assert.Equal(t, "There is no such API call.", env.Msg)

	resp, env = f.call(t, "DELETE", "/prod-api/api/banner/allList?type=2", "")
	assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
	assert.Equal(t, "route.method_not_allowed", env.ErrorKey)
}

func TestUpstreamFailuresMapToGatewayStatuses(t *testing.T) {
	const timeout = 300 * time.Millisecond
	f := newFixture(t, timeout)
	path := "/prod-api/api/programa/buildProgramaTree/8"
	for _, tc := range []struct {
		name   string
		faults mockkit.Faults
		status int
		key    string
	}{
		{"cms down", mockkit.Faults{Down: true}, http.StatusServiceUnavailable, "upstream.unavailable"},
		{"cms errors", mockkit.Faults{ErrorRate: 1}, http.StatusBadGateway, "upstream.bad_gateway"},
		{"cms slower than the time-out", mockkit.Faults{Latency: 3 * timeout}, http.StatusGatewayTimeout, "upstream.timeout"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f.cms.Faults.Set(tc.faults)
			defer f.cms.Faults.Set(mockkit.Faults{})
			start := time.Now()
			resp, env := f.call(t, "GET", path, "", "lang", "en")
			assert.Equal(t, tc.status, resp.StatusCode)
			assert.Equal(t, tc.key, env.ErrorKey)
			assert.Less(t, time.Since(start), timeout+time.Second, "answers within the time-out")
		})
	}
	resp, env := f.call(t, "GET", "/prod-api/api/programa/buildProgramaTree/9999", "")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	assert.Equal(t, "resource.not_found", env.ErrorKey)
}

func TestWebAppFallbackAndAssets(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	get := func(path string) (*http.Response, string) {
		resp, err := http.Get(f.bff.URL + path)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	for _, p := range []string{"/", "/index", "/en/index", "/productDetails/101", "/preview/news"} {
		resp, body := get(p)
		assert.Equal(t, http.StatusOK, resp.StatusCode, p)
		assert.Contains(t, body, "<title>site</title>", p)
		assert.Equal(t, "no-cache", resp.Header.Get("Cache-Control"), p)
	}
	resp, _ := get("/assets/app-1a2b.js")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, resp.Header.Get("Cache-Control"), "immutable")
	resp, body := get("/assets/missing-9z.js")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	assert.NotContains(t, body, "<title>site</title>")

	resp, _ = get("/cms-assets/banners/home-zu.svg")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "image/svg+xml", resp.Header.Get("Content-Type"))
}

func TestHealthReadinessAndMetricsAreOnTheAdminHandlerOnly(t *testing.T) {
	f := newFixture(t, time.Second)
	get := func(url string) (*http.Response, string) {
		resp, err := http.Get(url)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	// A visit, so that the metrics have a request to tell, and a file of the web app.
	get(f.bff.URL + "/index")
	get(f.bff.URL + "/assets/app-1a2b.js")

	for _, p := range []string{"/healthz", "/readyz"} {
		resp, _ := get(f.admin.URL + p)
		assert.Equal(t, http.StatusOK, resp.StatusCode, p)
	}
	resp, metrics := get(f.admin.URL + "/metrics")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, metrics, `bff_http_requests_total{code="200",method="GET",route="/{page}"} 1`, "pages are counted apart from files")
	assert.Contains(t, metrics, `bff_http_requests_total{code="200",method="GET",route="/{file}"} 1`)

	// On the public port these paths are the web app's, like any other unknown page: the index
	// for the browser to render its not-found page, never the metrics or a probe's answer.
	for _, p := range []string{"/metrics", "/readyz", "/healthz"} {
		resp, body := get(f.bff.URL + p)
		assert.NotContains(t, body, "bff_", p)
		assert.NotContains(t, body, "status", p)
		assert.Contains(t, body, "<title>site</title>", p)
		assert.NotContains(t, resp.Header.Get("Content-Type"), "text/plain", p)
	}
}
