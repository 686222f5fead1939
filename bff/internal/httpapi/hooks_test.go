package httpapi_test

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/metrics"
	"github.com/jakarobotics/website/bff/internal/publish"
)

var webhookSecret = []byte("the CMS webhook secret of the BFF under test")

// dropper is the replica's applier: it remembers the changes and drops two answers per change.
type dropper struct {
	mu      sync.Mutex
	applied [][]publish.Change
}

func (d *dropper) Apply(_ context.Context, changes []publish.Change) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.applied = append(d.applied, changes)
	return 2 * len(changes)
}

func (d *dropper) count() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.applied)
}

// webhookFixture is a BFF with the CMS's webhook, its applier, metrics and log.
func webhookFixture(t *testing.T) (*fixture, *dropper, *metrics.Metrics, *syncBuffer) {
	t.Helper()
	applier, m, logs := &dropper{}, metrics.New(), &syncBuffer{}
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) {
		d.Log = slog.New(slog.NewJSONHandler(logs, nil))
		d.Metrics = m
		d.CMSWebhook = publish.NewReceiver(publish.Options{Secret: webhookSecret, Applier: applier, Observe: m.Publish.Webhook, Log: d.Log})
	})
	return f, applier, m, logs
}

func webhookCount(t *testing.T, m *metrics.Metrics, outcome publish.Outcome) float64 {
	t.Helper()
	var metric dto.Metric
	require.NoError(t, m.Publish.Webhooks.WithLabelValues(string(outcome)).Write(&metric))
	return metric.GetCounter().GetValue()
}

// A delivery signed with the shared secret is taken: 202 in the envelope of the BFF's own
// endpoints, with what this replica dropped, never cached, with the API's security headers.
func TestTheCMSWebhookTakesASignedDelivery(t *testing.T) {
	f, applier, m, _ := webhookFixture(t)
	body := `{"id":"evt-1","changes":[{"kind":"product","id":"101"},{"kind":"news","id":""}]}`
	resp, env := f.call(t, "POST", httpapi.CMSWebhookPath, body, publish.SignatureHeader, publish.Sign(webhookSecret, time.Now(), []byte(body)))
	assert.Equal(t, http.StatusAccepted, resp.StatusCode)
	assert.True(t, env.Success)
	assert.JSONEq(t, `{"dropped": 4}`, string(env.Data))
	assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	assert.Equal(t, httpapi.APICSP, resp.Header.Get("Content-Security-Policy"))
	assert.Equal(t, [][]publish.Change{{{Kind: "product", ID: "101"}, {Kind: "news", ID: ""}}}, applier.applied)
	assert.EqualValues(t, 1, webhookCount(t, m, publish.OK))
}

// Refused deliveries are answered in the envelope with their key, apply nothing and are counted.
func TestTheCMSWebhookRefusesWhatItCannotTrust(t *testing.T) {
	f, applier, m, _ := webhookFixture(t)
	body := `{"id":"evt-1","changes":[{"kind":"product","id":"101"}]}`
	sign := func(b string, at time.Time) string { return publish.Sign(webhookSecret, at, []byte(b)) }
	for _, tc := range []struct {
		name, body, signature string
		status                int
		key                   string
		outcome               publish.Outcome
	}{
		{"unsigned", body, "", http.StatusUnauthorized, "webhook.unauthorized", publish.BadSignature},
		{"forged", body, publish.Sign([]byte("a secret the attacker made up, long"), time.Now(), []byte(body)), http.StatusUnauthorized, "webhook.unauthorized", publish.BadSignature},
		{"stale", body, sign(body, time.Now().Add(-10*time.Minute)), http.StatusUnauthorized, "webhook.unauthorized", publish.Stale},
		{"malformed", `{"id":"evt-2","changes":[{"kind":"weather","id":"1"}]}`, sign(`{"id":"evt-2","changes":[{"kind":"weather","id":"1"}]}`, time.Now()), http.StatusBadRequest, "request.invalid", publish.Malformed},
		{"too large", strings.Repeat(" ", publish.MaxBodyBytes+1), sign(strings.Repeat(" ", publish.MaxBodyBytes+1), time.Now()), http.StatusRequestEntityTooLarge, "request.too_large", publish.Malformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := webhookCount(t, m, tc.outcome)
			resp, env := f.call(t, "POST", httpapi.CMSWebhookPath, tc.body, publish.SignatureHeader, tc.signature)
			assert.Equal(t, tc.status, resp.StatusCode)
			assert.False(t, env.Success)
			assert.Equal(t, tc.key, env.ErrorKey)
			assert.NotEmpty(t, env.Msg)
			assert.EqualValues(t, before+1, webhookCount(t, m, tc.outcome))
		})
	}
	assert.Zero(t, applier.count(), "nothing was applied")

	// The same event twice: taken, then refused as a replay, applied once.
	_, env := f.call(t, "POST", httpapi.CMSWebhookPath, body, publish.SignatureHeader, sign(body, time.Now()))
	require.True(t, env.Success)
	resp, env := f.call(t, "POST", httpapi.CMSWebhookPath, body, publish.SignatureHeader, sign(body, time.Now()))
	assert.Equal(t, http.StatusConflict, resp.StatusCode)
	assert.Equal(t, "webhook.replayed", env.ErrorKey)
	assert.Equal(t, 1, applier.count())
	assert.EqualValues(t, 1, webhookCount(t, m, publish.Replay))
}

func TestTheCMSWebhookTakesOnlyPOST(t *testing.T) {
	f, applier, _, _ := webhookFixture(t)
	for _, method := range []string{"GET", "PUT", "DELETE"} {
		resp, env := f.call(t, method, httpapi.CMSWebhookPath, "")
		assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode, method)
		assert.Equal(t, "POST", resp.Header.Get("Allow"))
		assert.Equal(t, "route.method_not_allowed", env.ErrorKey)
	}
	assert.Zero(t, applier.count())
}

// The access line names the route and the outcome; the signature and the body stay out of the
// log.
func TestTheCMSWebhookLeavesAnAccessLineWithoutItsSignature(t *testing.T) {
	f, _, _, logs := webhookFixture(t)
	body := `{"id":"evt-log","changes":[{"kind":"faq","id":"9"}]}`
	signature := publish.Sign(webhookSecret, time.Now(), []byte(body))
	f.call(t, "POST", httpapi.CMSWebhookPath, body, publish.SignatureHeader, signature)
	f.call(t, "POST", httpapi.CMSWebhookPath+"?t=1&v1=abc", body, publish.SignatureHeader, "t=1,v1=00")
	lines := accessLines(t, logs)
	require.Len(t, lines, 2)
	assert.Equal(t, httpapi.CMSWebhookPath, lines[0]["route"])
	assert.EqualValues(t, http.StatusAccepted, lines[0]["status"])
	assert.EqualValues(t, http.StatusUnauthorized, lines[1]["status"])
	_, v1, _ := strings.Cut(signature, "v1=")
	assert.NotContains(t, logs.String(), v1)
	assert.NotContains(t, logs.String(), string(webhookSecret))
	assert.NotContains(t, logs.String(), `"kind"`)
}
