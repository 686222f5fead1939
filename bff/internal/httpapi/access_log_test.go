package httpapi_test

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
)

// accessLines are the access lines logged so far, each decoded.
func accessLines(t *testing.T, logs *syncBuffer) []map[string]any {
	t.Helper()
	var lines []map[string]any
	for _, raw := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var line map[string]any
		require.NoError(t, json.Unmarshal([]byte(raw), &line), raw)
		if line["msg"] == "access" {
			lines = append(lines, line)
		}
	}
	return lines
}

// Every request leaves one line at Info, whichever layer answered it: its route template (never
// the raw path), status, size, time, cache result, the legacy systems it called, the client's
// address, its request id; and never a secret or a visitor's contact data from its query.
func TestEveryRequestLeavesOneAccessLineWithoutSecrets(t *testing.T) {
	logs := &syncBuffer{}
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) {
		d.Log = slog.New(slog.NewJSONHandler(logs, nil))
	})

	menu := "/prod-api/api/programa/buildProgramaTree/8?token=s3cret&codeOrPhone=13800138000&pageNum=2"
	resp, _ := f.call(t, "GET", menu, "", "lang", "en", "X-Request-Id", "lb-4711")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "lb-4711", resp.Header.Get("X-Request-Id"), "a load balancer's request id is kept")
	resp, _ = f.call(t, "GET", menu, "", "lang", "en", "X-Request-Id", "forged\" field=1")
	assert.Regexp(t, `^[0-9a-f]{16}$`, resp.Header.Get("X-Request-Id"), "a request id that is not a bounded token is replaced")
	get(t, f.bff.URL+"/assets/app-1a2b.js")

	lines := accessLines(t, logs)
	require.Len(t, lines, 3, "one line per request, the cached answer's too")
	miss, hit, file := lines[0], lines[1], lines[2]
	for _, line := range []map[string]any{miss, hit} {
		assert.Equal(t, "INFO", line["level"])
		assert.Equal(t, "GET", line["method"])
		assert.Equal(t, "/prod-api/api/programa/buildProgramaTree/{id}", line["route"])
		assert.EqualValues(t, 200, line["status"])
		assert.Greater(t, line["bytes"], 0.0)
		assert.Contains(t, line, "ms")
		assert.Equal(t, "127.0.0.1", line["client"])
		assert.Equal(t, "token=REDACTED&codeOrPhone=REDACTED&pageNum=2", line["query"])
	}
	assert.Equal(t, "lb-4711", miss["request_id"])
	assert.Equal(t, "MISS", miss["cache"])
	assert.Equal(t, "HIT", hit["cache"])
	require.Len(t, miss["upstreams"], 1, "the miss asked the CMS")
	assert.Regexp(t, `^content GET /cms/v2/menus ok \d+\.\dms$`, miss["upstreams"].([]any)[0])
	assert.NotContains(t, hit, "upstreams", "the hit asked nobody")
	assert.Equal(t, "/{file}", file["route"])

	all := logs.String()
	for _, secret := range []string{"s3cret", "13800138000", "/buildProgramaTree/8"} {
		assert.NotContains(t, all, secret, "the log holds no secret, contact data or raw path")
	}
}

// One in ACCESS_LOG_FILES_EVERY successful answers of the web app's files is logged; pages, API
// answers and failures always are.
func TestFileLinesAreSampledAndNothingElse(t *testing.T) {
	logs := &syncBuffer{}
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) {
		d.Log = slog.New(slog.NewJSONHandler(logs, nil))
		d.AccessLogFilesEvery = 1_000_000
	})
	for range 20 {
		get(t, f.bff.URL+"/assets/app-1a2b.js")
	}
	get(t, f.bff.URL+"/assets/gone-0000.js")
	f.call(t, "GET", "/prod-api/api/programa/buildProgramaTree/8", "", "lang", "en")
	var routes []string
	for _, line := range accessLines(t, logs) {
		routes = append(routes, line["route"].(string)+" "+jsonNumber(line["status"]))
	}
	assert.Equal(t, []string{"/{file} 404", "/prod-api/api/programa/buildProgramaTree/{id} 200"}, routes)
}

func jsonNumber(v any) string {
	raw, _ := json.Marshal(v)
	return string(raw)
}
