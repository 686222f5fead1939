package httpapi_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
)

// assertAppHeaders checks the browser-side defences of a page or an API answer.
func assertAppHeaders(t *testing.T, resp *http.Response, what string) {
	t.Helper()
	h := resp.Header
	csp := h.Get("Content-Security-Policy")
	assert.Equal(t, httpapi.AppCSP, csp, what)
	for _, directive := range []string{"default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'self'",
		"frame-ancestors 'none'", "form-action 'self'", "connect-src 'self'"} {
		assert.Contains(t, csp, directive, what)
	}
	assert.NotContains(t, csp, "'unsafe-eval'", what)
	assert.NotContains(t, csp, "script-src 'self' 'unsafe-inline'", what)
	assert.Equal(t, []string{"nosniff"}, h.Values("X-Content-Type-Options"), what)
	assert.Equal(t, "strict-origin-when-cross-origin", h.Get("Referrer-Policy"), what)
	assert.Contains(t, h.Get("Permissions-Policy"), "camera=()", what)
	assert.Contains(t, h.Get("Permissions-Policy"), "geolocation=()", what)
	assert.Equal(t, "same-origin", h.Get("Cross-Origin-Opener-Policy"), what)
	assert.Empty(t, h.Get("Strict-Transport-Security"), "%s: no HSTS unless configured", what)
}

// assertAPIHeaders checks the browser-side defences of a JSON answer of /prod-api: a document
// that loads nothing and that no page may frame, never sniffed as anything but JSON.
func assertAPIHeaders(t *testing.T, resp *http.Response, what string) {
	t.Helper()
	h := resp.Header
	assert.Equal(t, "default-src 'none'; frame-ancestors 'none'", h.Get("Content-Security-Policy"), what)
	assert.Equal(t, []string{"nosniff"}, h.Values("X-Content-Type-Options"), what)
	assert.Equal(t, "strict-origin-when-cross-origin", h.Get("Referrer-Policy"), what)
	assert.Empty(t, h.Get("Strict-Transport-Security"), "%s: no HSTS unless configured", what)
}

func TestEveryAnswerCarriesTheSecurityHeaders(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	t.Run("the web app", func(t *testing.T) {
		for _, p := range []string{"/", "/en/productList", "/assets/app-1a2b.js", "/assets/missing-9z.js", "/healthz"} {
			resp, _ := get(t, f.bff.URL+p)
			assertAppHeaders(t, resp, p)
		}
		req, _ := http.NewRequest("POST", f.bff.URL+"/", nil)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assertAppHeaders(t, resp, "POST / (405)")
	})
	t.Run("/prod-api, from the CMS and from the cache", func(t *testing.T) {
		url := f.bff.URL + "/prod-api/api/programa/buildProgramaTree/8"
		resp, _ := get(t, url, "lang", "en")
		require.Equal(t, "MISS", resp.Header.Get("X-Cache"))
		assertAPIHeaders(t, resp, "a content answer read from the CMS")
		resp, _ = get(t, url, "lang", "en")
		require.Equal(t, "HIT", resp.Header.Get("X-Cache"))
		assertAPIHeaders(t, resp, "a content answer from the cache")
		resp, _ = get(t, url, "lang", "en", "If-None-Match", resp.Header.Get("ETag"))
		require.Equal(t, http.StatusNotModified, resp.StatusCode)
		assertAPIHeaders(t, resp, "a 304 from the cache")
		resp, _ = get(t, url, "lang", "en", "Accept-Encoding", "gzip")
		assertAPIHeaders(t, resp, "a gzip answer from the cache")
		resp, _ = get(t, f.bff.URL+"/prod-api/no/such/operation")
		assertAPIHeaders(t, resp, "an error envelope")
		resp, _ = get(t, f.bff.URL+"/prod-api/api/getDetails/1/abc")
		assertAPIHeaders(t, resp, "an invalid request")
	})
	t.Run("CMS media are sandboxed", func(t *testing.T) {
		resp, body := get(t, f.bff.URL+"/cms-assets/banners/home-zu.svg")
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Contains(t, string(body), "<svg")
		assert.Equal(t, httpapi.MediaCSP, resp.Header.Get("Content-Security-Policy"))
		assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "sandbox")
		assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
		resp, _ = get(t, f.bff.URL+"/cms-assets/no-such-picture.svg")
		assert.Equal(t, httpapi.MediaCSP, resp.Header.Get("Content-Security-Policy"), "a missing picture")
	})
}

// The CMS has no say on the site's policy: what it sends of its own is replaced.
func TestMediaHeadersOfTheCMSAreReplaced(t *testing.T) {
	f := newMediaFixture(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Content-Security-Policy", "default-src *")
		w.Header().Set("X-Content-Type-Options", "sniff-away")
		w.Header().Set("Set-Cookie", "token=planted; Path=/")
		_, _ = w.Write([]byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`))
	})
	resp := rawGet(t, f.bff.URL, "/cms-assets/evil.svg")
	assert.Equal(t, []string{httpapi.MediaCSP}, resp.Header.Values("Content-Security-Policy"))
	assert.Equal(t, []string{"nosniff"}, resp.Header.Values("X-Content-Type-Options"))
	assert.Empty(t, resp.Header.Values("Set-Cookie"))
}

func TestHSTSIsSentWhenConfigured(t *testing.T) {
	h, err := httpapi.NewServer(httpapi.Deps{
		Spec: mustServingSpec(t), Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Timeout: time.Second, LongTimeout: time.Second, HSTSMaxAge: 365 * 24 * time.Hour,
	})
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	for _, p := range []string{"/healthz", "/prod-api/no/such/operation"} {
		resp, _ := get(t, srv.URL+p)
		assert.Equal(t, "max-age=31536000", resp.Header.Get("Strict-Transport-Security"), p)
	}
}
