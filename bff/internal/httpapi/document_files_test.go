package httpapi_test

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

// The files of documents that need login (CAD models, firmware, SDKs) come only through the
// BFF, after the login check, by short-lived signed links; the media path refuses them.

// get fetches path from the BFF without a token.
func (f *downloadFixture) get(t *testing.T, method, path string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, f.bff.URL+path, nil)
	require.NoError(t, err)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, body
}

// cmsDocument is a document as the CMS describes it.
type cmsDocument struct {
	ID            int     `json:"id"`
	FileName      string  `json:"fileName"`
	LoginRequired bool    `json:"loginRequired"`
	URL           *string `json:"url"`
}

func (f *downloadFixture) documents(t *testing.T) []cmsDocument {
	t.Helper()
	var out []cmsDocument
	for id := 5001; id <= 5039; id++ {
		resp, err := http.Get(fmt.Sprintf("%s/cms/v2/downloads/%d?locale=en", f.cmsURL, id))
		require.NoError(t, err)
		var doc cmsDocument
		if resp.StatusCode == http.StatusOK {
			require.NoError(t, json.NewDecoder(resp.Body).Decode(&doc))
			out = append(out, doc)
		}
		resp.Body.Close()
	}
	return out
}

func TestLoginOnlyFilesAreRefusedAtTheMediaPath(t *testing.T) {
	f := newDownloadFixture(t, nil)
	private := 0
	for _, doc := range f.documents(t) {
		resp, body := f.get(t, "GET", "/cms-assets/files/"+url.PathEscape(doc.FileName))
		if !doc.LoginRequired {
			assert.Equal(t, http.StatusOK, resp.StatusCode, "a public document downloads as before: %s", doc.FileName)
			continue
		}
		private++
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, "%s came back anonymously", doc.FileName)
		assert.NotContains(t, string(body), "%PDF", doc.FileName)
		assert.NotContains(t, string(body), "PK\x03\x04", doc.FileName)
	}
	assert.Equal(t, 12, private, "every login-only document: CAD models, firmware, SDK, apps")
}

// signedLink asks userDownload for a link as the logged-in user 7.
func (f *downloadFixture) signedLink(t *testing.T, id int, action string) string {
	t.Helper()
	resp, env := f.download(t, fmt.Sprintf(`{"downloadId":%d,"action":%q}`, id, action), "token", goodToken)
	require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
	return linkOf(t, env)
}

func TestALoggedInDownloadStreamsTheLoginOnlyFile(t *testing.T) {
	f := newDownloadFixture(t, nil)
	link := f.signedLink(t, 5022, "download")
	assert.Regexp(t, `^/document-files/download/[A-Za-z0-9_-]+\?t=[A-Za-z0-9_-]+$`, link)
	assert.NotContains(t, link, "JAKA_SDK", "the link says nothing of where the file is kept")

	resp, body := f.get(t, "GET", link)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s", body)
	assert.True(t, strings.HasPrefix(string(body), "PK\x03\x04"), "the SDK's archive")
	assert.Contains(t, string(body), "JAKA_SDK_2.3.1.zip")
	assert.Equal(t, "application/zip", resp.Header.Get("Content-Type"))
	assert.Equal(t, "attachment; filename=JAKA_SDK_2.3.1.zip", resp.Header.Get("Content-Disposition"))
	assert.Equal(t, "private, no-store", resp.Header.Get("Cache-Control"))
	assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
	assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "sandbox")
	assert.Equal(t, fmt.Sprint(len(body)), resp.Header.Get("Content-Length"))

	// A download that broke off resumes with a range; HEAD asks without the body.
	resp, part := f.get(t, "GET", link, "Range", "bytes=2-5")
	assert.Equal(t, http.StatusPartialContent, resp.StatusCode)
	assert.Equal(t, body[2:6], part)
	resp, none := f.get(t, "HEAD", link)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Empty(t, none)

	// The CMS recorded the download against the user, once (opening the link records nothing).
	events := f.events(t)
	require.Len(t, events, 1)
	require.NotNil(t, events[0].UserID)
	assert.Equal(t, int64(7), *events[0].UserID)
}

func TestDocumentLinksThatExpiredOrWereAlteredOpenNothing(t *testing.T) {
	clock := newLinkClock()
	f := newDownloadFixture(t, nil, clock.deps)
	link := f.signedLink(t, 5014, "download")
	path, query, _ := strings.Cut(link, "?")
	ref := strings.TrimPrefix(path, "/document-files/download/")
	otherPath, _, _ := strings.Cut(f.signedLink(t, 5022, "download"), "?")
	other := strings.TrimPrefix(otherPath, "/document-files/download/")

	refused := func(t *testing.T, link string) {
		t.Helper()
		resp, body := f.get(t, "GET", link)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, "%s", body)
		var env envelope
		require.NoError(t, json.Unmarshal(body, &env), "an envelope, not the file: %.40q", body)
		assert.Equal(t, "download.link_invalid", env.ErrorKey)
		assert.False(t, env.Success)
	}
	resp, _ := f.get(t, "GET", link)
	require.Equal(t, http.StatusOK, resp.StatusCode, "the link works while it is fresh")

	t.Run("an altered token", func(t *testing.T) {
		forged := []byte(link)
		forged[len(forged)-3] ^= 1
		refused(t, string(forged))
	})
	t.Run("no token", func(t *testing.T) { refused(t, path) })
	t.Run("the token of another file", func(t *testing.T) { refused(t, "/document-files/download/"+other+"?"+query) })
	t.Run("the token of a download, as a preview", func(t *testing.T) { refused(t, "/document-files/preview/"+ref+"?"+query) })
	t.Run("a token made with another key", func(t *testing.T) {
		resp, body := f.get(t, "GET", "/document-files/download/"+ref+"?t="+strings.Repeat("A", 43))
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, "%s", body)
	})
	t.Run("an expired link", func(t *testing.T) {
		clock.Add(10*time.Minute + time.Second)
		refused(t, link)
	})
	t.Run("not a link at all", func(t *testing.T) {
		for _, p := range []string{"/document-files/", "/document-files/print/" + ref + "?" + query, "/document-files/download/..%2f..%2fx?" + query} {
			resp, body := f.get(t, "GET", p)
			assert.Equal(t, http.StatusNotFound, resp.StatusCode, "%s: %s", p, body)
		}
		resp, _ := f.get(t, "POST", link)
		assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
	})
}

// grantingCMS is a CMS that grants a login-only PDF whose grant expires at expires, and counts
// the deliveries of its file.
func grantingCMS(t *testing.T, expires time.Time, delivered *atomic.Int32) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("POST /cms/v2/downloads/{id}/events", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		fmt.Fprintf(w, `{"id":1,"file":{"ref":"grant-of-the-safety-notes","expiresAt":%q}}`, expires.UTC().Format(time.RFC3339))
	})
	mux.HandleFunc("GET /cms/v2/files/grant-of-the-safety-notes", func(w http.ResponseWriter, _ *http.Request) {
		delivered.Add(1)
		w.Header().Set("Content-Type", "application/pdf")
		w.Header().Set("Content-Disposition", `attachment; filename="../Safety notes.pdf"`)
		_, _ = w.Write([]byte("%PDF-1.4 safety notes"))
	})
	cms := httptest.NewServer(mux)
	t.Cleanup(cms.Close)
	return cms
}

func TestALoginOnlyPDFPreviewsInline(t *testing.T) {
	clock := newLinkClock()
	var delivered atomic.Int32
	f := newDocumentFixture(t, grantingCMS(t, clock.Now().Add(time.Hour), &delivered), clock.deps)

	preview := f.signedLink(t, 5999, "preview")
	resp, body := f.get(t, "GET", preview)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s", body)
	assert.Equal(t, "%PDF-1.4 safety notes", string(body))
	assert.Equal(t, `inline; filename="Safety notes.pdf"`, resp.Header.Get("Content-Disposition"), "shown in the tab, under its own name only")
	assert.Equal(t, "application/pdf", resp.Header.Get("Content-Type"))
	assert.NotContains(t, resp.Header.Get("Content-Security-Policy"), "sandbox", "Chromium's PDF viewer does not run sandboxed")
	assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
	assert.Equal(t, "private, no-store", resp.Header.Get("Cache-Control"))

	download := f.signedLink(t, 5999, "download")
	resp, _ = f.get(t, "GET", download)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, `attachment; filename="Safety notes.pdf"`, resp.Header.Get("Content-Disposition"))
	assert.EqualValues(t, 2, delivered.Load())
}

func TestADocumentLinkNeverOutlivesTheCMSGrant(t *testing.T) {
	clock := newLinkClock()
	var delivered atomic.Int32
	f := newDocumentFixture(t, grantingCMS(t, clock.Now().Add(2*time.Minute), &delivered), clock.deps)

	link := f.signedLink(t, 5999, "download")
	clock.Add(2*time.Minute + time.Second)
	resp, body := f.get(t, "GET", link)
	assert.Equal(t, http.StatusForbidden, resp.StatusCode, "the grant ended before the link's ten minutes: %s", body)
	assert.Zero(t, delivered.Load(), "the CMS was not even asked")
}

// newDocumentFixture is a BFF in front of cms, with the identity service of newDownloadFixture.
func newDocumentFixture(t *testing.T, cms *httptest.Server, more ...func(*httpapi.Deps)) *downloadFixture {
	t.Helper()
	base, _ := url.Parse(cms.URL)
	deps := httpapi.Deps{
		Spec:     mustServingSpec(t),
		Content:  content.New(upstream.Client{System: "content", BaseURL: base}),
		Accounts: tokenAccounts{users: map[string]account.User{goodToken: {ID: 7, UserName: "张伟", Phone: "13800138000"}}},
		Log:      slog.New(slog.NewTextHandler(io.Discard, nil)),
		Timeout:  2 * time.Second, LongTimeout: 2 * time.Second,
	}
	for _, m := range more {
		m(&deps)
	}
	h, err := httpapi.NewServer(deps)
	require.NoError(t, err)
	f := &downloadFixture{bff: httptest.NewServer(h), cmsURL: cms.URL, spec: mustWholeSpec(t)}
	t.Cleanup(f.bff.Close)
	return f
}
