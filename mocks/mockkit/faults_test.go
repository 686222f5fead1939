package mockkit

import (
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
