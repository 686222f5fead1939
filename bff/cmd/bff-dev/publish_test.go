package main

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// In the development start the embedded CMS notifies this BFF of an editor's change, signed with
// the stand-in's secret, which the BFF holds without being told: make run publishes to the
// running site.
func TestTheEmbeddedCMSNotifiesTheDevelopmentBFFOfItsChanges(t *testing.T) {
	env := map[string]string{"PORT": "0", "DATA_DIR": t.TempDir(), "WEB_DIR": t.TempDir(), "RENDERER_URL": "off"}
	_, logs, _ := startDev(t, env)
	admin := regexp.MustCompile(`The admin endpoints are at (\S+)`).FindStringSubmatch(logs)
	cms := regexp.MustCompile(`msg="embedded mock" system=content url=(\S+)`).FindStringSubmatch(logs)
	require.Len(t, admin, 2, logs)
	require.Len(t, cms, 2, logs)

	resp, err := http.Post(cms[1]+"/__admin/products/101", "application/json", strings.NewReader(`{"lang": "en", "name": "JAKA Zu 3 (renamed)"}`))
	require.NoError(t, err)
	var renamed struct{ Event string }
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&renamed))
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.NotEmpty(t, renamed.Event, "the CMS sent an event")

	taken := regexp.MustCompile(`(?m)^bff_cms_webhooks_total\{outcome="ok"\} 1$`)
	assert.Eventually(t, func() bool {
		resp, err := http.Get(admin[1] + "/metrics")
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return taken.Match(body)
	}, 10*time.Second, 20*time.Millisecond, "the BFF took the CMS's event")
}
