package mockkit

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFaultSwitches(t *testing.T) {
	sw := &Switch{}
	srv := httptest.NewServer(sw.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteJSON(w, http.StatusOK, map[string]string{"ok": "yes"})
	})))
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/thing")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)

	put := func(body string) int {
		req, _ := http.NewRequest("PUT", srv.URL+"/__admin/faults", strings.NewReader(body))
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	assert.Equal(t, http.StatusOK, put(`{"errorRate":1}`))
	resp, err = http.Get(srv.URL + "/thing")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusInternalServerError, resp.StatusCode)

	assert.Equal(t, http.StatusOK, put(`{"down":true}`))
	_, err = http.Get(srv.URL + "/thing")
	assert.Error(t, err, "a down system drops the connection")
	resp, err = http.Get(srv.URL + "/__admin/health")
	require.NoError(t, err, "the admin endpoints are never faulted")
	resp.Body.Close()

	assert.Equal(t, http.StatusOK, put(`{"latencyMs":150}`))
	start := time.Now()
	resp, err = http.Get(srv.URL + "/thing")
	require.NoError(t, err)
	resp.Body.Close()
	assert.GreaterOrEqual(t, time.Since(start), 150*time.Millisecond)

	assert.Equal(t, http.StatusBadRequest, put(`{"errorRate":2}`))
}

func TestGzipCompressesForCallersThatAcceptIt(t *testing.T) {
	srv := httptest.NewServer(Gzip(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteJSON(w, http.StatusOK, map[string]string{"text": strings.Repeat("robot ", 200)})
	})))
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultTransport.RoundTrip(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, "gzip", resp.Header.Get("Content-Encoding"))
	zr, err := gzip.NewReader(resp.Body)
	require.NoError(t, err)
	plain, _ := io.ReadAll(zr)
	assert.Contains(t, string(plain), "robot robot")

	resp2, err := http.Get(srv.URL) // Go's client asks for gzip and decompresses by itself
	require.NoError(t, err)
	defer resp2.Body.Close()
	body, _ := io.ReadAll(resp2.Body)
	assert.Contains(t, string(body), "robot robot")
}
