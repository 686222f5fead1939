package upstream_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream"
)

func TestOperationNamesACallByItsConstantPath(t *testing.T) {
	for path, want := range map[string]string{
		"/cms/v2/products/101":                       "GET /cms/v2/products",
		"/cms/v2/dealers/by-name/%E4%B8%8A%E6%B5%B7": "GET /cms/v2/dealers",
		"/cms/v2/menus":                              "GET /cms/v2/menus",
		"/idp/v1":                                    "GET /idp/v1",
		"/a b/v1/x":                                  "GET /{}/v1/x",
		"/assets/pictures/home.jpg":                  "GET /assets",
		"/assets/made-up-folder/x/y.jpg":             "GET /assets",
	} {
		assert.Equal(t, want, upstream.Operation(http.MethodGet, path), path)
	}
}

func TestOutcomeOfACall(t *testing.T) {
	assert.Equal(t, "ok", upstream.Outcome(nil))
	assert.Equal(t, "ok", upstream.Outcome(apierr.New(apierr.NotFound, nil)), "a 404 is an answer")
	assert.Equal(t, "timeout", upstream.Outcome(apierr.New(apierr.UpstreamTimeout, nil)))
	assert.Equal(t, "unavailable", upstream.Outcome(apierr.New(apierr.UpstreamUnavailable, nil)))
	assert.Equal(t, "bad_gateway", upstream.Outcome(apierr.New(apierr.UpstreamBadGateway, nil)))
	open := apierr.New(apierr.UpstreamUnavailable, &upstream.OpenError{System: "crm", RetryAfter: 1500 * time.Millisecond})
	assert.Equal(t, "open", upstream.Outcome(open))
	assert.Equal(t, "2", upstream.RetryAfterSeconds(open))
	assert.Equal(t, "", upstream.RetryAfterSeconds(errors.New("other")))
}

// Answers the system gives on purpose (a 404) and visitors who leave never open the breaker; 5xx
// in a row do, and while it is open nothing reaches the system.
func TestBreakerCountsOnlyTheSystemsOwnFailures(t *testing.T) {
	var status atomic.Int64
	status.Store(http.StatusNotFound)
	var reached atomic.Int64
	release := make(chan struct{})
	// slowArrived tells that a slow call is at the system, waiting: its caller may leave now.
	slowArrived := make(chan struct{}, 1)
	system := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reached.Add(1)
		if r.URL.Path == "/slow" {
			slowArrived <- struct{}{}
			<-release
		}
		w.WriteHeader(int(status.Load()))
	}))
	t.Cleanup(system.Close)
	t.Cleanup(func() { close(release) })
	base, _ := url.Parse(system.URL)
	var observed []string
	c := upstream.Client{
		System: "crm", BaseURL: base,
		Breaker: upstream.NewBreaker("crm", upstream.BreakerSettings{Failures: 3, OpenFor: time.Minute, Trials: 1}),
		Observe: func(system, operation, outcome string, _ time.Duration) {
			observed = append(observed, system+" "+operation+" "+outcome)
		},
	}
	call := func(ctx context.Context, path string) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, c.URL(path, nil), nil)
		_, err := c.Do(req)
		return err
	}

	for range 5 {
		require.NoError(t, call(context.Background(), "/x"), "a 404 is the caller's to read")
	}
	for range 5 {
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			<-slowArrived
			cancel()
		}()
		require.Error(t, call(ctx, "/slow"))
	}
	status.Store(http.StatusBadGateway)
	for range 3 {
		require.Error(t, call(context.Background(), "/x"))
	}
	reached.Store(0)
	err := call(context.Background(), "/x")
	assert.Equal(t, "open", upstream.Outcome(err), "three 5xx in a row open it; 404s and visitors who left did not")
	assert.Equal(t, int64(0), reached.Load())
	assert.Equal(t, "crm GET /x open", observed[len(observed)-1])
	assert.Equal(t, "crm GET /x ok", observed[0])
}
