package content

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func postEvent(t *testing.T, h http.Handler, path, body string) (int, []byte) {
	t.Helper()
	req := httptest.NewRequest("POST", path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

type recordedEvents struct {
	Events []struct {
		ID         int    `json:"id"`
		DownloadID int    `json:"downloadId"`
		Action     string `json:"action"`
		UserID     *int64 `json:"userId"`
		Locale     string `json:"locale"`
	} `json:"events"`
}

func TestDownloadEventsHandOutURLsAndAreRecorded(t *testing.T) {
	h, _ := newsroomHandler(t)

	code, body := postEvent(t, h, "/cms/v2/downloads/5001/events?locale=en", `{"action":"download","userId":null}`)
	require.Equal(t, http.StatusCreated, code, "%s", body)
	link := nrDecode[struct {
		ID  int    `json:"id"`
		URL string `json:"url"`
	}](t, body)
	assert.Equal(t, "/cms-assets/files/JAKA_Zu_User_Manual_V2.4.pdf", link.URL, "the published version")
	assert.Equal(t, 1, link.ID)

	code, _ = postEvent(t, h, "/cms/v2/downloads/5001/events?locale=de", `{"action":"preview"}`)
	assert.Equal(t, http.StatusCreated, code, "a PDF has an online preview")

	code, body = postEvent(t, h, "/cms/v2/downloads/5022/events?locale=en", `{"action":"download","userId":null}`)
	assert.Equal(t, http.StatusForbidden, code, "the SDK is for logged-in users: %s", body)
	code, body = postEvent(t, h, "/cms/v2/downloads/5022/events?locale=en", `{"action":"download","userId":1001}`)
	require.Equal(t, http.StatusCreated, code, "%s", body)
	assert.Contains(t, string(body), `"file":{"`, "a grant of the private file, not a URL (files_test.go)")
	assert.NotContains(t, string(body), `"url"`)

	code, _ = postEvent(t, h, "/cms/v2/downloads/5022/events?locale=en", `{"action":"preview","userId":1001}`)
	assert.Equal(t, http.StatusNotFound, code, "a zip has no online preview")

	events := nrDecode[recordedEvents](t, getOK(t, h, "/__admin/download-events"))
	require.Len(t, events.Events, 3, "refused events are not recorded")
	assert.Equal(t, 5022, events.Events[0].DownloadID, "newest first")
	assert.Equal(t, int64(1001), *events.Events[0].UserID)
	assert.Equal(t, "de", events.Events[1].Locale)
	assert.Equal(t, "preview", events.Events[1].Action)
	assert.Nil(t, events.Events[2].UserID, "an anonymous download")

	one := nrDecode[recordedEvents](t, getOK(t, h, "/__admin/download-events?downloadId=5022"))
	assert.Len(t, one.Events, 1)
}

func TestDownloadEventsRefuseBadRequests(t *testing.T) {
	h, _ := newsroomHandler(t)
	for _, tc := range []struct {
		path, body string
		status     int
	}{
		{"/cms/v2/downloads/5001/events?locale=en", `{"action":"print"}`, http.StatusBadRequest},
		{"/cms/v2/downloads/5001/events?locale=en", `not json`, http.StatusBadRequest},
		{"/cms/v2/downloads/5001/events?locale=xx", `{"action":"download"}`, http.StatusBadRequest},
		{"/cms/v2/downloads/0/events?locale=en", `{"action":"download"}`, http.StatusBadRequest},
		{"/cms/v2/downloads/9999/events?locale=en", `{"action":"download"}`, http.StatusNotFound},
		{"/cms/v2/downloads/5040/events?locale=en", `{"action":"download"}`, http.StatusNotFound},
		{"/cms/v2/downloads/5035/events?locale=en", `{"action":"download"}`, http.StatusNotFound},
	} {
		code, body := postEvent(t, h, tc.path, tc.body)
		assert.Equal(t, tc.status, code, "%s %s: %s", tc.path, tc.body, body)
	}
	events := nrDecode[recordedEvents](t, getOK(t, h, "/__admin/download-events"))
	assert.Empty(t, events.Events)
}
