package upstream

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

func clientFor(t *testing.T, h http.HandlerFunc) *Client {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	base, _ := url.Parse(srv.URL)
	return &Client{System: "test", BaseURL: base}
}

func keyOf(err error) apierr.Key {
	var e *apierr.Error
	if errors.As(err, &e) {
		return e.Key
	}
	return ""
}

func TestDoClassifiesFailures(t *testing.T) {
	for _, tc := range []struct {
		status int
		key    apierr.Key
	}{
		{http.StatusInternalServerError, apierr.UpstreamBadGateway},
		{http.StatusBadGateway, apierr.UpstreamBadGateway},
		{http.StatusServiceUnavailable, apierr.UpstreamUnavailable},
		{http.StatusGatewayTimeout, apierr.UpstreamTimeout},
	} {
		var failures []apierr.Key
		c := clientFor(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(tc.status) })
		c.OnFailure = func(_ string, k apierr.Key) { failures = append(failures, k) }
		req, _ := http.NewRequest("GET", c.URL("/x", nil), nil)
		_, err := c.Do(req)
		assert.Equal(t, tc.key, keyOf(err), "status %d", tc.status)
		assert.Equal(t, []apierr.Key{tc.key}, failures, "failures are counted")
	}

	c := clientFor(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNotFound) })
	req, _ := http.NewRequest("GET", c.URL("/x", nil), nil)
	resp, err := c.Do(req)
	require.NoError(t, err, "answers below 500 are for the system's client to read")
	assert.Equal(t, http.StatusNotFound, resp.Status)
}

func TestDoTimesOutWithTheCallersDeadline(t *testing.T) {
	c := clientFor(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(2 * time.Second):
		case <-r.Context().Done():
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", c.URL("/slow", nil), nil)
	start := time.Now()
	_, err := c.Do(req)
	assert.Equal(t, apierr.UpstreamTimeout, keyOf(err))
	assert.Less(t, time.Since(start), time.Second)
}

func TestDoReportsARefusedConnectionAsUnavailable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	base, _ := url.Parse(srv.URL)
	srv.Close()
	c := &Client{System: "test", BaseURL: base}
	req, _ := http.NewRequest("GET", c.URL("/x", nil), nil)
	_, err := c.Do(req)
	assert.Equal(t, apierr.UpstreamUnavailable, keyOf(err))
}

func TestURLJoinsBelowTheBasePath(t *testing.T) {
	base, _ := url.Parse("http://cms.internal/root/")
	c := &Client{BaseURL: base}
	assert.Equal(t, "http://cms.internal/root/cms/v2/menus/8?locale=en", c.URL("/cms/v2/menus/8", url.Values{"locale": {"en"}}))
	assert.Equal(t, "http://cms.internal/root/dealers/by-name/a%2Fb%20%E4%B8%8A", c.URL("/dealers/by-name/"+url.PathEscape("a/b 上"), nil),
		"an escaped segment stays one segment")
}

func TestRefusedInputIsTheVisitorsNotTheSystemsFailure(t *testing.T) {
	var failures []apierr.Key
	calls := 0
	c := clientFor(t, func(w http.ResponseWriter, r *http.Request) { calls++ })
	c.OnFailure = func(_ string, k apierr.Key) { failures = append(failures, k) }

	req, _ := http.NewRequest("GET", c.URL("/x", nil), nil)
	req.Header.Set("Authorization", "Bearer a\x00b")
	_, err := c.Do(req)
	assert.Equal(t, apierr.InvalidRequest, keyOf(err), "a header HTTP cannot carry is refused before it is sent")
	assert.Zero(t, calls)

	for status, key := range map[int]apierr.Key{
		http.StatusBadRequest:            apierr.InvalidRequest,
		http.StatusRequestURITooLong:     apierr.InvalidRequest,
		http.StatusRequestEntityTooLarge: apierr.RequestTooLarge,
		http.StatusConflict:              apierr.UpstreamBadGateway,
		http.StatusTeapot:                apierr.UpstreamBadGateway,
	} {
		assert.Equal(t, key, keyOf(c.Unexpected(status, "GET /x: status %d", status)), "status %d", status)
	}
	assert.Equal(t, []apierr.Key{apierr.UpstreamBadGateway, apierr.UpstreamBadGateway}, failures,
		"only answers that mean the system misbehaved count as its failures")
}
