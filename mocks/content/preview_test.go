package content

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// draftPath is a draft: the unannounced investor-day item under investor relations.
const draftPath = "/cms/v2/articles/303/children/3035?locale=en"

// previewCMS is the CMS with a clock that tests move.
type previewCMS struct {
	http.Handler
	mu  sync.Mutex
	now time.Time
}

func newPreviewCMS(t *testing.T, secret []byte) *previewCMS {
	t.Helper()
	store, err := LoadStore()
	require.NoError(t, err)
	c := &previewCMS{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	c.Handler = NewHandler(store, Options{PreviewSecret: secret, Now: c.clock})
	return c
}

func (c *previewCMS) clock() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *previewCMS) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func mintLink(t *testing.T, h http.Handler, body string) (int, map[string]string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/__admin/preview-links", strings.NewReader(body)))
	var out map[string]string
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &out), rec.Body.String())
	return rec.Code, out
}

func TestDraftsNeedAValidPreviewToken(t *testing.T) {
	cms := newPreviewCMS(t, testPreviewSecret)
	valid := MintPreviewToken(testPreviewSecret, "editor@jaka.com", "/preview/investment", cms.now.Add(time.Hour))
	parts := strings.Split(valid, ".")
	// A visitor who rewrote the expiry of an old token, keeping its signature.
	forgedPayload := base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"editor@jaka.com","exp":1900000000}`))

	code, _ := get(t, cms, draftPath, PreviewTokenHeader, valid)
	require.Equal(t, http.StatusOK, code, "an editor's token reads the draft")

	for name, headers := range map[string][]string{
		"no token":         nil,
		"the old header":   {"X-CMS-Preview", "true"},
		"garbage":          {PreviewTokenHeader, "1"},
		"expired":          {PreviewTokenHeader, MintPreviewToken(testPreviewSecret, "editor@jaka.com", "/preview/investment", cms.now.Add(-time.Second))},
		"too long-lived":   {PreviewTokenHeader, MintPreviewToken(testPreviewSecret, "editor@jaka.com", "/preview/investment", cms.now.Add(25*time.Hour))},
		"another secret":   {PreviewTokenHeader, MintPreviewToken([]byte("someone else's secret"), "editor@jaka.com", "/preview/investment", cms.now.Add(time.Hour))},
		"tampered payload": {PreviewTokenHeader, parts[0] + "." + forgedPayload + "." + parts[2]},
		"no editor":        {PreviewTokenHeader, MintPreviewToken(testPreviewSecret, "", "/preview/investment", cms.now.Add(time.Hour))},
	} {
		code, _ := get(t, cms, draftPath, headers...)
		assert.Equal(t, http.StatusNotFound, code, "%s: the draft is not published", name)
	}
}

func TestTheCMSHandsOutPreviewLinks(t *testing.T) {
	cms := newPreviewCMS(t, testPreviewSecret)
	code, link := mintLink(t, cms, `{"path": "/en/preview/newsDetail/40", "editor": "li.na@jaka.com", "ttl": "2h"}`)
	require.Equal(t, http.StatusCreated, code, link)
	u, err := url.Parse(link["url"])
	require.NoError(t, err)
	assert.Equal(t, "/en/preview/newsDetail/40", u.Path)
	assert.Equal(t, link["token"], u.Query().Get("previewToken"))
	assert.Equal(t, "2026-03-02T11:00:00Z", link["expiresAt"])

	code, _ = get(t, cms, draftPath, PreviewTokenHeader, link["token"])
	assert.Equal(t, http.StatusOK, code, "the link's token reads drafts")
	cms.advance(2*time.Hour - time.Second)
	code, _ = get(t, cms, draftPath, PreviewTokenHeader, link["token"])
	assert.Equal(t, http.StatusOK, code, "until it expires")
	cms.advance(time.Second)
	code, _ = get(t, cms, draftPath, PreviewTokenHeader, link["token"])
	assert.Equal(t, http.StatusNotFound, code, "and not after")

	code, link = mintLink(t, cms, `{"path": "/preview/investment?tab=ir", "editor": "li.na@jaka.com"}`)
	require.Equal(t, http.StatusCreated, code, link)
	assert.Equal(t, "2026-03-02T12:00:00Z", link["expiresAt"], "an hour by default")
	assert.Contains(t, link["url"], "/preview/investment?previewToken=")
	assert.Contains(t, link["url"], "tab=ir", "the page's own query stays")

	for _, bad := range []string{
		`not json`,
		`{"path": "https://evil.example/preview/news", "editor": "x"}`,
		`{"path": "//evil.example/preview/news", "editor": "x"}`,
		`{"path": "/preview/news", "editor": " "}`,
		`{"path": "/preview/news", "editor": "x", "ttl": "25h"}`,
		`{"path": "/preview/news", "editor": "x", "ttl": "-1h"}`,
		`{"path": "/preview/news", "editor": "x", "ttl": "soon"}`,
	} {
		code, out := mintLink(t, cms, bad)
		assert.Equal(t, http.StatusBadRequest, code, bad)
		assert.NotEmpty(t, out["error"], bad)
	}
}

func TestWithoutASecretThereAreNoPreviews(t *testing.T) {
	cms := newPreviewCMS(t, nil)
	code, out := mintLink(t, cms, `{"path": "/preview/news", "editor": "x"}`)
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Contains(t, out["error"], "PREVIEW_SECRET")
	code, _ = get(t, cms, draftPath, PreviewTokenHeader, MintPreviewToken(nil, "editor", "/preview/investment", cms.now.Add(time.Hour)))
	assert.Equal(t, http.StatusNotFound, code, "a token signed with the empty key reads no drafts")
}
