package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

// cookieHeader is the Cookie header a browser sends back after resp (name=value pairs of its
// Set-Cookie headers that are not removals).
func cookieHeader(resp *http.Response) string {
	var pairs []string
	for _, c := range resp.Cookies() {
		if c.MaxAge >= 0 && c.Value != "" {
			pairs = append(pairs, c.Name+"="+c.Value)
		}
	}
	return strings.Join(pairs, "; ")
}

// thirdPartyLogin is a login started at the BFF and approved at the fake provider: what the
// provider sends the browser back with, and the cookie of the browser that started it.
type thirdPartyLogin struct {
	state, code, cookie string
	authorize           *http.Response
}

func (f *acctFixture) startThirdPartyLogin(t *testing.T, email string, headers ...string) thirdPartyLogin {
	t.Helper()
	host := strings.TrimPrefix(f.bff.URL, "http://")
	resp, env := f.do(t, "POST", "/login/thirdPartyAuthorize", `{"provider":"google","redirectUri":"http://`+host+`/login/callback"}`, headers...)
	require.Equal(t, http.StatusOK, resp.StatusCode, env.ErrorKey)
	var auth struct {
		State string `json:"state"`
	}
	require.NoError(t, json.Unmarshal(env.Data, &auth))
	approved := f.admin(t, "POST", "/oauth/"+auth.State+"/approve", map[string]string{"name": "Alex", "email": email})
	back, err := url.Parse(approved["redirect"].(string))
	require.NoError(t, err)
	return thirdPartyLogin{state: auth.State, code: back.Query().Get("code"), cookie: cookieHeader(resp), authorize: resp}
}

func (l thirdPartyLogin) body() string {
	return `{"provider":"google","code":"` + l.code + `","state":"` + l.state + `"}`
}

func TestThirdPartyLoginIsFinishedOnlyByTheBrowserThatStartedIt(t *testing.T) {
	f := newAccountFixture(t, nil)
	login := f.startThirdPartyLogin(t, "alex@example.com")

	var binding *http.Cookie
	for _, c := range login.authorize.Cookies() {
		binding = c
	}
	require.NotNil(t, binding, "thirdPartyAuthorize gives the browser a cookie")
	assert.True(t, binding.HttpOnly)
	assert.Equal(t, http.SameSiteLaxMode, binding.SameSite)
	assert.Equal(t, "/prod-api/login/", binding.Path, "sent to the login operations only")
	assert.False(t, binding.Secure, "a plain-http developer site")
	assert.NotContains(t, binding.Value, login.state, "the cookie holds no state a script or log could reuse")

	resp, env := f.do(t, "POST", "/login/thirdPartyLogin", login.body())
	assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode, "another browser, with the right code and state")
	assert.Equal(t, "account.verification_failed", env.ErrorKey)
	resp, _ = f.do(t, "POST", "/login/thirdPartyLogin", login.body(), "Cookie", "jaka_login_state=forged")
	assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode, "a browser with another login's cookie")
	other := f.startThirdPartyLogin(t, "mallory@example.com")
	resp, _ = f.do(t, "POST", "/login/thirdPartyLogin", login.body(), "Cookie", other.cookie)
	assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode, "the browser of someone who started a login of their own")

	resp, env = f.do(t, "POST", "/login/thirdPartyLogin", login.body(), "Cookie", login.cookie)
	require.Equal(t, http.StatusOK, resp.StatusCode, "the browser that started it: %s", env.ErrorKey)
	assert.Equal(t, "alex@example.com", decodeLogin(t, env.Data).Account)
	assert.Empty(t, cookieHeader(resp), "the finished login leaves the cookie")

	t.Run("over https the cookie is Secure", func(t *testing.T) {
		https := f.startThirdPartyLogin(t, "alex@example.com", "X-Forwarded-Proto", "https")
		require.NotEmpty(t, https.authorize.Cookies())
		assert.True(t, https.authorize.Cookies()[0].Secure)
	})
	t.Run("a browser keeps a few logins at once", func(t *testing.T) {
		first := f.startThirdPartyLogin(t, "tab1@example.com")
		second := f.startThirdPartyLogin(t, "tab2@example.com", "Cookie", first.cookie)
		resp, _ := f.do(t, "POST", "/login/thirdPartyLogin", first.body(), "Cookie", second.cookie)
		assert.Equal(t, http.StatusOK, resp.StatusCode, "the first tab's login, in the same browser")
	})
}

// replayableIdP is an identity service that would take a code any number of times: the BFF's
// own check is what refuses a replay.
type replayableIdP struct{ account.Service }

func (p replayableIdP) ThirdPartyLogin(_ context.Context, _, code, _ string) (account.Session, error) {
	return account.Session{Token: "session-" + code, User: account.Profile{User: account.User{ID: 7, UserName: "Alex", Email: "alex@example.com"}}}, nil
}

func TestAThirdPartyLoginStateIsUsedOnce(t *testing.T) {
	t.Run("a replay", func(t *testing.T) {
		f := newAccountFixture(t, nil, func(d *httpapi.Deps) { d.Accounts = replayableIdP{d.Accounts} })
		login := f.startThirdPartyLogin(t, "alex@example.com")
		resp, _ := f.do(t, "POST", "/login/thirdPartyLogin", login.body(), "Cookie", login.cookie)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		resp, env := f.do(t, "POST", "/login/thirdPartyLogin", login.body(), "Cookie", login.cookie)
		assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode, "the same state, code and cookie again")
		assert.Equal(t, "account.verification_failed", env.ErrorKey)
	})
	t.Run("guessing codes for one state", func(t *testing.T) {
		f := newAccountFixture(t, nil)
		login := f.startThirdPartyLogin(t, "alex@example.com")
		resp, _ := f.do(t, "POST", "/login/thirdPartyLogin", `{"provider":"google","code":"guess","state":"`+login.state+`"}`, "Cookie", login.cookie)
		require.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode)
		resp, _ = f.do(t, "POST", "/login/thirdPartyLogin", login.body(), "Cookie", login.cookie)
		assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode, "the state was spent on the first try")
	})
	t.Run("a try the identity service never answered can be made again", func(t *testing.T) {
		f := newAccountFixture(t, nil)
		login := f.startThirdPartyLogin(t, "alex@example.com")
		f.down.Store(true)
		resp, _ := f.do(t, "POST", "/login/thirdPartyLogin", login.body(), "Cookie", login.cookie)
		require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
		f.down.Store(false)
		resp, env := f.do(t, "POST", "/login/thirdPartyLogin", login.body(), "Cookie", login.cookie)
		assert.Equal(t, http.StatusOK, resp.StatusCode, env.ErrorKey)
	})
}

// TestAUsedLoginStateIsRememberedOnTheServersClock: the server remembers a used state for as
// long as a login may take (30 minutes) by Deps.Clock; the browser's cookie has expired by then.
func TestAUsedLoginStateIsRememberedOnTheServersClock(t *testing.T) {
	f := newAccountFixture(t, nil, func(d *httpapi.Deps) { d.Accounts = replayableIdP{d.Accounts} })
	login := f.startThirdPartyLogin(t, "alex@example.com")
	resp, _ := f.do(t, "POST", "/login/thirdPartyLogin", login.body(), "Cookie", login.cookie)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	f.clock.Add(30*time.Minute - time.Second)
	resp, _ = f.do(t, "POST", "/login/thirdPartyLogin", login.body(), "Cookie", login.cookie)
	assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode, "a replay within the login's lifetime")
	f.clock.Add(time.Second)
	resp, env := f.do(t, "POST", "/login/thirdPartyLogin", login.body(), "Cookie", login.cookie)
	assert.Equal(t, http.StatusOK, resp.StatusCode, "forgotten when the server's clock says the lifetime is over: %s", env.ErrorKey)
}

// TestAWeChatQRSceneIsPolledOnlyByTheBrowserThatCreatedIt: whoever scans a QR code confirms a
// login for the browser that shows it. Another browser that learnt the scene id (a shared
// screenshot, a page that shows someone else's code) cannot poll it and take the session.
func TestAWeChatQRSceneIsPolledOnlyByTheBrowserThatCreatedIt(t *testing.T) {
	f := newAccountFixture(t, nil)
	resp, env := f.do(t, "POST", "/login/wxCode", "")
	require.Equal(t, http.StatusOK, resp.StatusCode, env.ErrorKey)
	var sc struct {
		SceneID string          `json:"sceneId"`
		Status  string          `json:"status"`
		Login   json.RawMessage `json:"login"`
	}
	require.NoError(t, json.Unmarshal(env.Data, &sc))
	poll := `{"sceneId":"` + sc.SceneID + `"}`
	created := resp

	f.admin(t, "POST", "/wx/"+sc.SceneID+"/scan", nil)
	f.admin(t, "POST", "/wx/"+sc.SceneID+"/confirm", map[string]string{"account": "demo@jaka.example"})

	resp, env = f.do(t, "POST", "/login/wxCode", poll, "lang", "en")
	assert.Equal(t, http.StatusForbidden, resp.StatusCode, "a browser without the cookie")
	assert.Equal(t, "account.qr_other_browser", env.ErrorKey)
	assert.Equal(t, "This QR code was made in another browser. Please refresh it here.", env.Msg)
	assert.Equal(t, "null", string(env.Data), "no session for another browser")

	var binding *http.Cookie
	for _, c := range created.Cookies() {
		binding = c
	}
	require.NotNil(t, binding, "creating a scene gives the browser a cookie")
	assert.Equal(t, "jaka_login_state", binding.Name, "the cookie of third-party logins")
	assert.True(t, binding.HttpOnly)
	assert.Equal(t, http.SameSiteLaxMode, binding.SameSite)
	assert.Equal(t, "/prod-api/login/", binding.Path)
	assert.NotContains(t, binding.Value, sc.SceneID, "the cookie holds no scene id a script could read")
	creator := cookieHeader(created)

	resp, env = f.do(t, "POST", "/login/wxCode", poll, "Cookie", "jaka_login_state=forged")
	assert.Equal(t, http.StatusForbidden, resp.StatusCode, "a browser with a forged cookie")
	assert.Equal(t, "account.qr_other_browser", env.ErrorKey)
	other, _ := f.do(t, "POST", "/login/wxCode", "")
	resp, env = f.do(t, "POST", "/login/wxCode", poll, "Cookie", cookieHeader(other))
	assert.Equal(t, http.StatusForbidden, resp.StatusCode, "a browser with a scene of its own")
	assert.Equal(t, "account.qr_other_browser", env.ErrorKey)

	resp, env = f.do(t, "POST", "/login/wxCode", poll, "Cookie", creator)
	require.Equal(t, http.StatusOK, resp.StatusCode, "the browser that created it: %s", env.ErrorKey)
	require.NoError(t, json.Unmarshal(env.Data, &sc))
	assert.Equal(t, "confirmed", sc.Status)
	assert.Equal(t, "demo@jaka.example", decodeLogin(t, sc.Login).Account)
	assert.Empty(t, cookieHeader(resp), "the finished scene leaves the cookie")

	t.Run("over https the cookie is Secure", func(t *testing.T) {
		resp, _ := f.do(t, "POST", "/login/wxCode", "", "X-Forwarded-Proto", "https")
		require.NotEmpty(t, resp.Cookies())
		assert.True(t, resp.Cookies()[0].Secure)
	})
}
