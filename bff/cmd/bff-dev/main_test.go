package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheDevelopmentStartRunsStandInsForTheSystemsWithoutAURL(t *testing.T) {
	crm := httptest.NewServer(http.NotFoundHandler()) // a "real" CRM: set, so not stood in for
	t.Cleanup(crm.Close)
	env := map[string]string{"PORT": "0", "DATA_DIR": t.TempDir(), "WEB_DIR": t.TempDir(), "CRM_URL": crm.URL}

	// The development start needs no URL and no secret.
	site, logs, _ := startDev(t, env)
	admin := regexp.MustCompile(`The admin endpoints are at (\S+)`).FindStringSubmatch(logs)
	require.Len(t, admin, 2, logs)

	assert.Contains(t, logs, `msg="embedded mock" system=content`)
	assert.NotContains(t, logs, `msg="embedded mock" system=crm`, "CRM_URL points at the real system")

	req, _ := http.NewRequest(http.MethodGet, site+"/prod-api/api/programa/buildProgramaTree/8", nil)
	req.Header.Set("lang", "en")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode, "the content stand-in answers: %s", body)

	// PREVIEW_SECRET is unset: the embedded CMS and the BFF share a random one, so an editor's
	// link from the CMS shows its draft through the BFF, and nothing else does.
	cms := regexp.MustCompile(`msg="embedded mock" system=content url=(\S+)`).FindStringSubmatch(logs)
	require.Len(t, cms, 2, logs)
	resp, err = http.Post(cms[1]+"/__admin/preview-links", "application/json",
		strings.NewReader(`{"path": "/en/preview/investment", "editor": "li.na@jaka.com"}`))
	require.NoError(t, err)
	var link struct{ Token string }
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&link))
	resp.Body.Close()
	require.Equal(t, http.StatusCreated, resp.StatusCode)
	draft := func(token string) int {
		req, _ := http.NewRequest(http.MethodGet, site+"/prod-api/api/common/getDetails/303/3035", nil)
		req.Header.Set("lang", "en")
		req.Header.Set("preview", token)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	assert.Equal(t, http.StatusOK, draft(link.Token), "the editor's link shows the draft")
	assert.Equal(t, http.StatusNotFound, draft("1"), "nothing else does")

	resp, err = http.Get(admin[1] + "/readyz")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
}
