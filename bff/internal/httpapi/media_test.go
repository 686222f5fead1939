package httpapi_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
)

// mediaFixture is a BFF whose CMS records the paths asked of it and answers every one.
type mediaFixture struct {
	bff *httptest.Server
	mu  sync.Mutex
	got []string
}

func newMediaFixture(t *testing.T, cmsAnswer http.HandlerFunc) *mediaFixture {
	t.Helper()
	f := &mediaFixture{}
	cms := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.got = append(f.got, r.URL.EscapedPath())
		f.mu.Unlock()
		cmsAnswer(w, r)
	}))
	t.Cleanup(cms.Close)
	base, _ := url.Parse(cms.URL)
	h, err := httpapi.NewServer(httpapi.Deps{
		Spec: mustServingSpec(t), Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Timeout: 5 * time.Second, LongTimeout: 5 * time.Second, Media: base,
	})
	require.NoError(t, err)
	f.bff = httptest.NewServer(h)
	t.Cleanup(f.bff.Close)
	return f
}

func (f *mediaFixture) requested() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.got...)
}

// rawGet sends path exactly as written, without the client cleaning or re-encoding it.
func rawGet(t *testing.T, base, path string) *http.Response {
	t.Helper()
	req, err := http.NewRequest("GET", base+"/", nil)
	require.NoError(t, err)
	req.URL.Opaque = path
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

func TestMediaPathsStayInTheMediaLibrary(t *testing.T) {
	f := newMediaFixture(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/svg+xml")
		_, _ = w.Write([]byte("<svg/>"))
	})
	for _, p := range []string{
		"/cms-assets/..",
		"/cms-assets/../cms/v2/site",
		"/cms-assets/%2e%2e/cms/v2/site",
		"/cms-assets/%2E%2E/cms/v2/site",
		"/cms-assets/banners/%2e%2e/%2e%2e/cms/v2/site",
		"/cms-assets/..%2fcms/v2/site",
		"/cms-assets/banners%2f..%2f..%2fcms/v2/site",
		"/cms-assets/.%2e/cms/v2/site",
		"/cms-assets/banners/./home.svg",
		"/cms-assets/banners//home.svg",
		"/cms-assets/banners/home%00.svg",
		"/cms-assets/..%5ccms%5cv2",
		"/cms-assets/",
	} {
		resp := rawGet(t, f.bff.URL, p)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, p)
		assert.Equal(t, "application/json; charset=utf-8", resp.Header.Get("Content-Type"), p)
	}
	assert.Empty(t, f.requested(), "none of them reached the CMS")

	resp := rawGet(t, f.bff.URL, "/cms-assets/banners/home-zu.svg")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	resp = rawGet(t, f.bff.URL, "/cms-assets/files/%252e%252e")
	assert.Equal(t, http.StatusOK, resp.StatusCode, "an escaped escape is a name, sent on as one")
	assert.Equal(t, []string{"/assets/banners/home-zu.svg", "/assets/files/%252e%252e"}, f.requested())
}
