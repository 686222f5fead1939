package content

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// downloadDocs reads every document the site can show, by getDetails, and the rows of every
// download category's list, in locale.
func downloadDocs(t *testing.T, h http.Handler, locale string) (details, rows []map[string]any) {
	t.Helper()
	for id := 5001; id <= 5040; id++ {
		code, body := get(t, h, fmt.Sprintf("/cms/v2/downloads/%d?locale=%s", id, locale))
		if code == http.StatusNotFound {
			continue
		}
		require.Equal(t, http.StatusOK, code, "%d: %s", id, body)
		details = append(details, nrDecode[map[string]any](t, body))
	}
	var tree []struct {
		ID int `json:"id"`
	}
	require.NoError(t, json.Unmarshal(getOK(t, h, "/cms/v2/downloads/tree?locale="+locale), &tree))
	for _, root := range tree {
		page := nrDecode[struct {
			Rows []map[string]any `json:"rows"`
		}](t, getOK(t, h, fmt.Sprintf("/cms/v2/downloads?parent=%d&limit=200&locale=%s", root.ID, locale)))
		rows = append(rows, page.Rows...)
	}
	return details, rows
}

func TestLoginOnlyFilesAreNotInTheMediaLibrary(t *testing.T) {
	h := newHandler(t)
	for _, locale := range []string{"en", "zh"} {
		details, rows := downloadDocs(t, h, locale)
		private := 0
		for _, doc := range append(details, rows...) {
			name := str(doc["fileName"])
			require.NotEmpty(t, name)
			if doc["loginRequired"] != true {
				code, _ := get(t, h, "/assets/files/"+name)
				assert.Equal(t, http.StatusOK, code, "a public document's file is in the media library: %s", name)
				continue
			}
			private++
			assert.Nil(t, doc["url"], "%v: no URL", doc["id"])
			assert.Nil(t, doc["previewUrl"], "%v: no preview URL", doc["id"])
			for field, v := range doc {
				if s, ok := v.(string); ok {
					assert.False(t, strings.HasPrefix(s, "/") || strings.Contains(s, "://"), "%v: %s is a path or URL: %s", doc["id"], field, s)
				}
			}
			// The name the page shows opens nothing, however it is spelled or nested.
			for _, path := range []string{"/assets/files/" + name, "/assets/files/" + strings.ToUpper(name), "/assets/files/x/" + name, "/assets/" + name} {
				code, body := get(t, h, path)
				assert.Equal(t, http.StatusNotFound, code, "%s: %.40q", path, body)
			}
		}
		assert.Equal(t, 2*12, private, "the 12 login-only documents, in the details and in the lists (%s)", locale)
	}
}

type grantAnswer struct {
	ID   int     `json:"id"`
	URL  *string `json:"url"`
	File *struct {
		Ref       string    `json:"ref"`
		ExpiresAt time.Time `json:"expiresAt"`
	} `json:"file"`
}

func TestLoginOnlyFilesComeOnlyThroughGrants(t *testing.T) {
	h, n := newsroomHandler(t)
	start := n.now()

	code, body := postEvent(t, h, "/cms/v2/downloads/5022/events?locale=en", `{"action":"download","userId":1001}`)
	require.Equal(t, http.StatusCreated, code, "%s", body)
	assert.NotContains(t, string(body), "JAKA_SDK", "the answer says nothing of where the file is kept")
	grant := nrDecode[grantAnswer](t, body)
	assert.Nil(t, grant.URL, "no URL for a file that needs login")
	require.NotNil(t, grant.File)
	assert.Regexp(t, `^[A-Za-z0-9_-]{22,}$`, grant.File.Ref, "an opaque, unguessable reference")
	assert.Equal(t, start.Add(time.Hour), grant.File.ExpiresAt)

	req := httptest.NewRequest("GET", "/cms/v2/files/"+grant.File.Ref, nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	assert.Equal(t, "application/zip", rec.Header().Get("Content-Type"))
	assert.Equal(t, `attachment; filename=JAKA_SDK_2.3.1.zip`, rec.Header().Get("Content-Disposition"))
	assert.Equal(t, "private, no-store", rec.Header().Get("Cache-Control"))
	assert.True(t, strings.HasPrefix(rec.Body.String(), "PK\x03\x04"), "a zip archive")
	whole := rec.Body.Bytes()

	// A download is resumed with a range.
	req = httptest.NewRequest("GET", "/cms/v2/files/"+grant.File.Ref, nil)
	req.Header.Set("Range", "bytes=0-3")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	assert.Equal(t, http.StatusPartialContent, rec.Code)
	assert.Equal(t, whole[:4], rec.Body.Bytes())

	// Another grant of the same file has another reference.
	_, body = postEvent(t, h, "/cms/v2/downloads/5022/events?locale=en", `{"action":"download","userId":1001}`)
	assert.NotEqual(t, grant.File.Ref, nrDecode[grantAnswer](t, body).File.Ref)

	// A reference the CMS never gave, and one whose grant has expired, open nothing.
	code, _ = get(t, h, "/cms/v2/files/"+strings.Repeat("A", 24))
	assert.Equal(t, http.StatusNotFound, code)
	n.now = func() time.Time { return start.Add(time.Hour) }
	code, _ = get(t, h, "/cms/v2/files/"+grant.File.Ref)
	assert.Equal(t, http.StatusNotFound, code, "the grant has expired")

	// A public document is answered with its media-library URL, as before.
	code, body = postEvent(t, h, "/cms/v2/downloads/5001/events?locale=en", `{"action":"download","userId":1001}`)
	require.Equal(t, http.StatusCreated, code)
	public := nrDecode[grantAnswer](t, body)
	require.NotNil(t, public.URL)
	assert.Equal(t, "/cms-assets/files/JAKA_Zu_User_Manual_V2.4.pdf", *public.URL)
	assert.Nil(t, public.File)
}

func TestFileGrantsCanBePutInForContracts(t *testing.T) {
	h, n := newsroomHandler(t)
	code, body := postEvent(t, h, "/__admin/file-grants", `{"ref":"pact-grant-of-the-sdk-0001","downloadId":5022,"userId":7}`)
	require.Equal(t, http.StatusCreated, code, "%s", body)
	assert.JSONEq(t, fmt.Sprintf(`{"ref":"pact-grant-of-the-sdk-0001","expiresAt":%q}`, n.now().Add(time.Hour).UTC().Format(time.RFC3339)), string(body))
	code, _ = get(t, h, "/cms/v2/files/pact-grant-of-the-sdk-0001")
	assert.Equal(t, http.StatusOK, code)

	for _, bad := range []string{
		`{"ref":"short","downloadId":5022,"userId":7}`,
		`{"ref":"pact-grant-of-the-manual","downloadId":5001,"userId":7}`,
		`{"ref":"pact-grant-of-the-sdk-0002","downloadId":5022}`,
	} {
		code, body := postEvent(t, h, "/__admin/file-grants", bad)
		assert.Equal(t, http.StatusBadRequest, code, "%s: %s", bad, body)
	}
}
