package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"github.com/jakarobotics/website/bff/internal/redistest"
	idpmock "github.com/jakarobotics/website/mocks/account"
)

// call sends a JSON request to the site's API and returns the status and the envelope's
// errorKey and data.
func call(t *testing.T, site, method, path, body string, headers ...string) (int, string, json.RawMessage) {
	t.Helper()
	req, err := http.NewRequest(method, site+"/prod-api"+path, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var env struct {
		ErrorKey string          `json:"errorKey"`
		Data     json.RawMessage `json:"data"`
	}
	raw, _ := io.ReadAll(resp.Body)
	require.NoError(t, json.Unmarshal(raw, &env), "%s", raw)
	return resp.StatusCode, env.ErrorKey, env.Data
}

// Two production replicas with the same REDIS_URL share their state: a code limit holds across
// both, a session made on one works on the other, and a logout on one ends it on both.
func TestReplicasWithOneRedisShareLimitsAndSessions(t *testing.T) {
	redis := redistest.Start(t)
	idp, err := idpmock.New(idpmock.Options{BcryptCost: bcrypt.MinCost})
	require.NoError(t, err)
	upstreams := httptest.NewServer(idp.Handler())
	t.Cleanup(upstreams.Close)
	var sites []string
	for range 2 {
		s := start(t, production(upstreams.URL, "PORT", "0", "ADMIN_PORT", "0", "DATA_DIR", t.TempDir(), "LOG_LEVEL", "error",
			"REDIS_URL", "redis://"+redis.Addr+"/0", "REDIS_PREFIX", "site:", "LIMIT_CODE_PER_TARGET", "2/1h"))
		sites = append(sites, s.site)
	}
	a, b := sites[0], sites[1]

	const phone = "13900000777"
	codeRequest := fmt.Sprintf(`{"phone":%q,"purpose":"register"}`, phone)
	for _, site := range []string{a, b} {
		status, key, _ := call(t, site, "POST", "/login/phoneVerificationCode", codeRequest)
		require.Equal(t, http.StatusOK, status, key)
	}
	for _, site := range []string{a, b} {
		status, key, _ := call(t, site, "POST", "/login/phoneVerificationCode", codeRequest)
		assert.Equal(t, http.StatusTooManyRequests, status, "the third code, on either replica")
		assert.Equal(t, "account.code_too_frequent", key)
	}

	resp, err := http.Get(upstreams.URL + "/__admin/outbox?to=" + url.QueryEscape(phone))
	require.NoError(t, err)
	var outbox struct {
		Messages []struct{ Code string } `json:"messages"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&outbox))
	resp.Body.Close()
	require.NotEmpty(t, outbox.Messages)
	status, key, data := call(t, a, "POST", "/login/phoneRegister", fmt.Sprintf(
		`{"phone":%q,"code":%q,"password":"secret-1","confirmPassword":"secret-1"}`, phone, outbox.Messages[0].Code))
	require.Equal(t, http.StatusOK, status, key)
	var login struct{ Token string }
	require.NoError(t, json.Unmarshal(data, &login))

	works := func(site string) bool {
		status, _, _ := call(t, site, "POST", "/login/validateToken?token="+url.QueryEscape(login.Token), "")
		return status == http.StatusOK
	}
	assert.True(t, works(a))
	assert.True(t, works(b), "the session made on A works on B")
	status, key, _ = call(t, b, "POST", "/login/logout", "", "token", login.Token)
	require.Equal(t, http.StatusOK, status, key)
	assert.False(t, works(a), "logged out on B, ended on A at once")
}

// A replica whose Redis does not answer at the start still starts and serves, with its own
// state.
func TestAReplicaStartsAndServesWhileRedisIsAway(t *testing.T) {
	redis := redistest.Start(t)
	redis.Stop()
	idp, err := idpmock.New(idpmock.Options{BcryptCost: bcrypt.MinCost})
	require.NoError(t, err)
	upstreams := httptest.NewServer(idp.Handler())
	t.Cleanup(upstreams.Close)
	s := start(t, production(upstreams.URL, "PORT", "0", "ADMIN_PORT", "0", "DATA_DIR", t.TempDir(), "LOG_LEVEL", "error",
		"REDIS_URL", "redis://"+redis.Addr, "LIMIT_CODE_PER_TARGET", "1/1h"))
	status, _ := get(t, s.admin+"/readyz")
	assert.Equal(t, http.StatusOK, status, "ready without Redis")
	codeRequest := `{"phone":"13900000778","purpose":"register"}`
	status, key, _ := call(t, s.site, "POST", "/login/phoneVerificationCode", codeRequest)
	assert.Equal(t, http.StatusOK, status, key)
	status, key, _ = call(t, s.site, "POST", "/login/phoneVerificationCode", codeRequest)
	assert.Equal(t, http.StatusTooManyRequests, status, "the replica's own limit holds")
	assert.Equal(t, "account.code_too_frequent", key)
}
