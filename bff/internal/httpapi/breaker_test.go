package httpapi_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/mocks"
)

// A CMS that hangs costs each cold read the whole time-out only until the CMS's breaker opens:
// then reads fail at once (503 with Retry-After), and once the CMS answers again the first trial
// call closes the breaker.
func TestBreakerFailsFastWhileTheCMSHangsAndClosesWhenItAnswers(t *testing.T) {
	const (
		timeout = 300 * time.Millisecond
		openFor = 400 * time.Millisecond
	)
	cms, err := mocks.New("content", mocks.Options{})
	require.NoError(t, err)
	var hanging atomic.Bool
	var reached atomic.Int64
	cmsServer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reached.Add(1)
		if hanging.Load() {
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
			return
		}
		cms.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(cmsServer.Close)
	base, _ := url.Parse(cmsServer.URL)

	var statesMu sync.Mutex
	var states []string
	breaker := upstream.NewBreaker("content", upstream.BreakerSettings{
		Failures: 2, OpenFor: openFor, Trials: 1,
		OnStateChange: func(_, state string) {
			statesMu.Lock()
			defer statesMu.Unlock()
			states = append(states, state)
		},
	})
	h, err := httpapi.NewServer(httpapi.Deps{
		Spec:        mustServingSpec(t),
		Content:     content.New(upstream.Client{System: "content", BaseURL: base, Breaker: breaker}),
		Log:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		WebDir:      t.TempDir(),
		Timeout:     timeout,
		LongTimeout: timeout,
		Media:       base,
		Cache:       cache.New(time.Minute),
	})
	require.NoError(t, err)
	bff := httptest.NewServer(h)
	t.Cleanup(bff.Close)

	menu := func(id string) (*http.Response, time.Duration) {
		req, _ := http.NewRequest(http.MethodGet, bff.URL+"/prod-api/api/programa/buildProgramaTree/"+id, nil)
		req.Header.Set("lang", "en")
		started := time.Now()
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp, time.Since(started)
	}

	hanging.Store(true)
	for _, id := range []string{"8", "37"} {
		resp, took := menu(id)
		assert.Equal(t, http.StatusGatewayTimeout, resp.StatusCode, "a cold read of a hanging CMS waits for its time-out")
		assert.GreaterOrEqual(t, took, timeout)
	}
	// The handler answers at its deadline; the calls it started end a moment later.
	require.Eventually(t, func() bool { return breaker.State() == "open" }, 2*time.Second, 5*time.Millisecond,
		"two failures in a row open the breaker")

	before := reached.Load()
	resp, took := menu("38")
	openedAt := time.Now()
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.NotEmpty(t, resp.Header.Get("Retry-After"), "the visitor is told when to try again")
	assert.Less(t, took, 50*time.Millisecond, "an open breaker answers at once")
	assert.Equal(t, before, reached.Load(), "an open breaker sends nothing to the CMS")
	t.Logf("cold read with the breaker open: %s (time-out %s)", took, timeout)

	hanging.Store(false)
	var closedAfter time.Duration
	require.Eventually(t, func() bool {
		resp, _ := menu("8")
		closedAfter = time.Since(openedAt)
		return resp.StatusCode == http.StatusOK
	}, 5*time.Second, 20*time.Millisecond, "the first trial call after the CMS is back succeeds")
	assert.Equal(t, "closed", breaker.State(), "one good trial closes the breaker")
	statesMu.Lock()
	assert.Equal(t, []string{"open", "half-open", "closed"}, states)
	statesMu.Unlock()
	assert.GreaterOrEqual(t, closedAfter, openFor-50*time.Millisecond, "no call goes out before the breaker's open time is over")
	t.Logf("closed again %s after the last refusal (open for %s)", closedAfter, openFor)
}
