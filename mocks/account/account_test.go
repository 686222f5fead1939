package account_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"github.com/jakarobotics/website/mocks/account"
)

// clock is a settable clock for the service.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// idp is the service on an httptest server.
type idp struct {
	t     *testing.T
	url   string
	clock *clock
	svc   *account.Service
}

func start(t *testing.T, dataDir string) *idp {
	t.Helper()
	c := &clock{t: time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)}
	return startWith(t, dataDir, c)
}

func startWith(t *testing.T, dataDir string, c *clock) *idp {
	t.Helper()
	svc, err := account.New(account.Options{DataDir: dataDir, Now: c.Now, BcryptCost: bcrypt.MinCost})
	require.NoError(t, err)
	srv := httptest.NewServer(svc.Handler())
	t.Cleanup(srv.Close)
	return &idp{t: t, url: srv.URL, clock: c, svc: svc}
}

// do sends a JSON request and decodes a JSON answer into a map (nil for an empty body).
func (p *idp) do(method, path, token string, body any) (int, map[string]any) {
	p.t.Helper()
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		require.NoError(p.t, err)
		rd = strings.NewReader(string(raw))
	}
	req, err := http.NewRequest(method, p.url+path, rd)
	require.NoError(p.t, err)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(p.t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(p.t, err)
	if len(raw) == 0 {
		return resp.StatusCode, nil
	}
	var out map[string]any
	require.NoError(p.t, json.Unmarshal(raw, &out), "%s", raw)
	return resp.StatusCode, out
}

type m = map[string]any

// lastCode reads the newest code sent to an address from the outbox.
func (p *idp) lastCode(to string) string {
	p.t.Helper()
	status, out := p.do("GET", "/__admin/outbox?to="+url.QueryEscape(to), "", nil)
	require.Equal(p.t, 200, status)
	msgs := out["messages"].([]any)
	require.NotEmpty(p.t, msgs, "no message to %s", to)
	return msgs[0].(map[string]any)["code"].(string)
}

// sendCode asks for a code and returns it from the outbox.
func (p *idp) sendCode(channel, to, purpose string) string {
	p.t.Helper()
	status, out := p.do("POST", "/idp/v1/codes", "", m{"channel": channel, "to": to, "purpose": purpose})
	require.Equal(p.t, 201, status, out)
	return p.lastCode(to)
}

// registerPhone registers a phone account and returns its session.
func (p *idp) registerPhone(phone, password string) map[string]any {
	p.t.Helper()
	code := p.sendCode("sms", phone, "register")
	status, out := p.do("POST", "/idp/v1/users", "", m{"kind": "phone", "phone": phone, "code": code, "password": password})
	require.Equal(p.t, 201, status, out)
	return out
}

func TestCodes(t *testing.T) {
	t.Run("six digits, delivered to the outbox with a text", func(t *testing.T) {
		p := start(t, "")
		code := p.sendCode("sms", "139 0000 1111", "register")
		assert.Regexp(t, `^[0-9]{6}$`, code)
		_, out := p.do("GET", "/__admin/outbox?to=13900001111&purpose=register", "", nil)
		msg := out["messages"].([]any)[0].(map[string]any)
		assert.Equal(t, "sms", msg["channel"])
		assert.Equal(t, "13900001111", msg["to"], "the address is normalized")
		assert.Contains(t, msg["text"], code)
	})
	t.Run("expire after five minutes", func(t *testing.T) {
		p := start(t, "")
		code := p.sendCode("sms", "13900001111", "register")
		p.clock.Add(account.CodeTTL)
		status, out := p.do("POST", "/idp/v1/users", "", m{"kind": "phone", "phone": "13900001111", "code": code, "password": "secret1"})
		assert.Equal(t, 422, status)
		assert.Equal(t, "code_expired", out["error"])
	})
	t.Run("still work just before they expire", func(t *testing.T) {
		p := start(t, "")
		code := p.sendCode("sms", "13900001111", "register")
		p.clock.Add(account.CodeTTL - time.Second)
		status, _ := p.do("POST", "/idp/v1/users", "", m{"kind": "phone", "phone": "13900001111", "code": code, "password": "secret1"})
		assert.Equal(t, 201, status)
	})
	t.Run("work once", func(t *testing.T) {
		p := start(t, "")
		p.registerPhone("13900001111", "secret1")
		code := p.sendCode("sms", "13900001111", "login")
		status, _ := p.do("POST", "/idp/v1/sessions", "", m{"phone": "13900001111", "code": code})
		require.Equal(t, 201, status)
		status, out := p.do("POST", "/idp/v1/sessions", "", m{"phone": "13900001111", "code": code})
		assert.Equal(t, 422, status)
		assert.Equal(t, "code_missing", out["error"])
	})
	t.Run("only for their purpose", func(t *testing.T) {
		p := start(t, "")
		p.registerPhone("13900001111", "secret1")
		code := p.sendCode("sms", "13900001111", "reset_password")
		status, out := p.do("POST", "/idp/v1/sessions", "", m{"phone": "13900001111", "code": code})
		assert.Equal(t, 422, status)
		assert.Equal(t, "code_missing", out["error"])
	})
	t.Run("are burnt by the fifth wrong try", func(t *testing.T) {
		p := start(t, "")
		p.registerPhone("13900001111", "secret1")
		code := p.sendCode("sms", "13900001111", "login")
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		for left := 4; left >= 1; left-- {
			status, out := p.do("POST", "/idp/v1/sessions", "", m{"phone": "13900001111", "code": wrong})
			require.Equal(t, 422, status)
			assert.Equal(t, "code_incorrect", out["error"])
			assert.EqualValues(t, left, out["attemptsLeft"])
		}
		status, out := p.do("POST", "/idp/v1/sessions", "", m{"phone": "13900001111", "code": wrong})
		assert.Equal(t, 422, status)
		assert.Equal(t, "code_exhausted", out["error"])
		status, out = p.do("POST", "/idp/v1/sessions", "", m{"phone": "13900001111", "code": code})
		assert.Equal(t, 422, status, "the right code no longer works")
		assert.Equal(t, "code_exhausted", out["error"])
		fresh := p.sendCode("sms", "13900001111", "login")
		status, _ = p.do("POST", "/idp/v1/sessions", "", m{"phone": "13900001111", "code": fresh})
		assert.Equal(t, 201, status, "a new code replaces the burnt one")
	})
	t.Run("are refused for the wrong kind of address", func(t *testing.T) {
		p := start(t, "")
		for _, tc := range []struct {
			body   m
			status int
			reason string
		}{
			{m{"channel": "sms", "to": "13800138000", "purpose": "register"}, 409, "already_registered"},
			{m{"channel": "email", "to": "DEMO@jaka.example", "purpose": "register"}, 409, "already_registered"},
			{m{"channel": "sms", "to": "13900001111", "purpose": "login"}, 404, "not_registered"},
			{m{"channel": "email", "to": "nobody@example.com", "purpose": "reset_password"}, 404, "not_registered"},
			{m{"channel": "sms", "to": "12345", "purpose": "register"}, 400, "invalid_phone"},
			{m{"channel": "email", "to": "a@b", "purpose": "register"}, 400, "invalid_email"},
			{m{"channel": "fax", "to": "13900001111", "purpose": "register"}, 400, "invalid_request"},
			{m{"channel": "sms", "to": "13900001111", "purpose": "party"}, 400, "invalid_request"},
		} {
			status, out := p.do("POST", "/idp/v1/codes", "", tc.body)
			assert.Equal(t, tc.status, status, tc.body)
			assert.Equal(t, tc.reason, out["error"], tc.body)
		}
	})
}

func TestRegistration(t *testing.T) {
	t.Run("by phone logs in", func(t *testing.T) {
		p := start(t, "")
		sess := p.registerPhone("+86 139-0000-1111", "secret1")
		user := sess["user"].(map[string]any)
		assert.Equal(t, "13900001111", user["phone"])
		assert.Equal(t, "13900001111", user["name"], "the phone names the user without a name")
		assert.NotContains(t, user, "passwordHash")
		status, out := p.do("GET", "/idp/v1/session", sess["token"].(string), nil)
		assert.Equal(t, 200, status)
		assert.Equal(t, user["id"], out["user"].(map[string]any)["id"])
	})
	t.Run("by e-mail", func(t *testing.T) {
		p := start(t, "")
		code := p.sendCode("email", "New.User@Example.com", "register")
		status, out := p.do("POST", "/idp/v1/users", "", m{"kind": "email", "email": "new.user@example.com", "code": code, "password": "secret1", "name": "New User", "company": "ACME"})
		require.Equal(t, 201, status, out)
		user := out["user"].(map[string]any)
		assert.Equal(t, "new.user@example.com", user["email"])
		assert.Equal(t, "ACME", user["company"])
	})
	t.Run("overseas with the enterprise fields", func(t *testing.T) {
		p := start(t, "")
		code := p.sendCode("email", "buyer@example.de", "register")
		status, out := p.do("POST", "/idp/v1/users", "", m{
			"kind": "overseas", "email": "buyer@example.de", "code": code, "password": "secret1",
			"name": "Erika Muster", "company": "Muster GmbH", "country": "DE", "industry": "automotive", "contactPhone": "+49 1512345678",
		})
		require.Equal(t, 201, status, out)
		user := out["user"].(map[string]any)
		assert.Equal(t, "overseas", user["kind"])
		assert.Equal(t, "DE", user["country"])
		assert.Equal(t, "+49 1512345678", user["contactPhone"])
		assert.NotContains(t, user, "phone", "an unverified phone is no login name")
	})
	t.Run("refuses", func(t *testing.T) {
		p := start(t, "")
		code := p.sendCode("email", "buyer@example.de", "register")
		for _, tc := range []struct {
			body   m
			status int
			reason string
		}{
			{m{"kind": "overseas", "email": "buyer@example.de", "code": code, "password": "secret1"}, 400, "invalid_request"},
			{m{"kind": "phone", "phone": "13800138000", "code": "123456", "password": "secret1"}, 409, "already_registered"},
			{m{"kind": "email", "email": "other@example.de", "code": code, "password": "secret1"}, 422, "code_missing"},
			{m{"kind": "email", "email": "buyer@example.de", "code": code, "password": "123"}, 400, "invalid_request"},
			{m{"kind": "admin", "email": "buyer@example.de", "code": code, "password": "secret1"}, 400, "invalid_request"},
		} {
			status, out := p.do("POST", "/idp/v1/users", "", tc.body)
			assert.Equal(t, tc.status, status, tc.body)
			assert.Equal(t, tc.reason, out["error"], tc.body)
		}
	})
}

func TestSessions(t *testing.T) {
	p := start(t, "")
	p.registerPhone("13900001111", "pässwörd-长密码")

	t.Run("password login", func(t *testing.T) {
		status, out := p.do("POST", "/idp/v1/sessions", "", m{"phone": "139 0000 1111", "password": "pässwörd-长密码"})
		require.Equal(t, 201, status, out)
		assert.Len(t, out["token"], 43, "256 random bits in base64url")
	})
	t.Run("wrong password or unknown account look the same", func(t *testing.T) {
		status, out := p.do("POST", "/idp/v1/sessions", "", m{"phone": "13900001111", "password": "wrong-password"})
		assert.Equal(t, 401, status)
		assert.Equal(t, "bad_credentials", out["error"])
		status, out = p.do("POST", "/idp/v1/sessions", "", m{"phone": "13900002222", "password": "wrong-password"})
		assert.Equal(t, 401, status)
		assert.Equal(t, "bad_credentials", out["error"])
	})
	t.Run("logout ends the session", func(t *testing.T) {
		_, out := p.do("POST", "/idp/v1/sessions", "", m{"phone": "13900001111", "password": "pässwörd-长密码"})
		token := out["token"].(string)
		status, _ := p.do("DELETE", "/idp/v1/session", token, nil)
		assert.Equal(t, 204, status)
		status, out = p.do("GET", "/idp/v1/session", token, nil)
		assert.Equal(t, 401, status)
		assert.Equal(t, "invalid_token", out["error"])
		status, _ = p.do("DELETE", "/idp/v1/session", token, nil)
		assert.Equal(t, 204, status, "logging out twice is fine")
	})
	t.Run("sessions expire", func(t *testing.T) {
		_, out := p.do("POST", "/idp/v1/sessions", "", m{"phone": "13900001111", "password": "pässwörd-长密码"})
		p.clock.Add(account.SessionTTL)
		status, _ := p.do("GET", "/idp/v1/session", out["token"].(string), nil)
		assert.Equal(t, 401, status)
	})
	t.Run("reset password ends every session", func(t *testing.T) {
		_, out := p.do("POST", "/idp/v1/sessions", "", m{"phone": "13900001111", "password": "pässwörd-长密码"})
		token := out["token"].(string)
		code := p.sendCode("sms", "13900001111", "reset_password")
		status, out := p.do("POST", "/idp/v1/password-resets", "", m{"phone": "13900001111", "code": code, "password": "new-secret"})
		require.Equal(t, 200, status, out)
		assert.GreaterOrEqual(t, out["sessionsEnded"], float64(1))
		status, _ = p.do("GET", "/idp/v1/session", token, nil)
		assert.Equal(t, 401, status)
		status, _ = p.do("POST", "/idp/v1/sessions", "", m{"phone": "13900001111", "password": "new-secret"})
		assert.Equal(t, 201, status)
	})
	t.Run("profile of one's own account only", func(t *testing.T) {
		_, out := p.do("POST", "/idp/v1/sessions", "", m{"email": "demo@jaka.example", "password": "Jaka@2024"})
		token := out["token"].(string)
		id := int64(out["user"].(map[string]any)["id"].(float64))
		status, prof := p.do("GET", "/idp/v1/users/"+jsonInt(id), token, nil)
		assert.Equal(t, 200, status)
		assert.Equal(t, "JAKA Demo GmbH", prof["company"])
		status, _ = p.do("GET", "/idp/v1/users/"+jsonInt(id+1), token, nil)
		assert.Equal(t, 404, status)
		status, _ = p.do("GET", "/idp/v1/users/"+jsonInt(id), "", nil)
		assert.Equal(t, 401, status)
	})
	t.Run("lookup", func(t *testing.T) {
		_, out := p.do("POST", "/idp/v1/accounts/lookup", "", m{"phone": "13900001111"})
		assert.Equal(t, true, out["exists"])
		_, out = p.do("POST", "/idp/v1/accounts/lookup", "", m{"email": "nobody@example.com"})
		assert.Equal(t, false, out["exists"])
	})
}

func jsonInt(n int64) string { b, _ := json.Marshal(n); return string(b) }

func TestDeregistration(t *testing.T) {
	p := start(t, "")
	sess := p.registerPhone("13900001111", "secret1")
	token := sess["token"].(string)
	_, other := p.do("POST", "/idp/v1/sessions", "", m{"phone": "13900001111", "password": "secret1"})

	status, out := p.do("POST", "/idp/v1/users/me/deletion", token, m{"account": "13800138000", "code": "123456"})
	assert.Equal(t, 403, status, "another user's phone")
	assert.Equal(t, "not_owner", out["error"])
	status, out = p.do("POST", "/idp/v1/users/me/deletion", token, m{"account": "13900001111", "code": "123456"})
	assert.Equal(t, 422, status)
	assert.Equal(t, "code_missing", out["error"])
	status, _ = p.do("POST", "/idp/v1/users/me/deletion", "", m{"account": "13900001111", "code": "123456"})
	assert.Equal(t, 401, status)

	code := p.sendCode("sms", "13900001111", "deregister")
	status, _ = p.do("POST", "/idp/v1/users/me/deletion", token, m{"account": "13900001111", "code": code})
	require.Equal(t, 204, status)
	for _, tok := range []string{token, other["token"].(string)} {
		status, _ = p.do("GET", "/idp/v1/session", tok, nil)
		assert.Equal(t, 401, status, "every session ends")
	}
	_, out = p.do("POST", "/idp/v1/accounts/lookup", "", m{"phone": "13900001111"})
	assert.Equal(t, false, out["exists"])
	p.registerPhone("13900001111", "secret2") // re-registration works
}

func TestWeChatLogin(t *testing.T) {
	p := start(t, "")
	status, sc := p.do("POST", "/idp/v1/wechat/scenes", "", nil)
	require.Equal(t, 201, status)
	id := sc["sceneId"].(string)
	assert.Equal(t, "waiting", sc["status"])
	assert.Contains(t, sc["qrContent"], id)
	assert.EqualValues(t, 300, sc["expiresInSeconds"])

	status, _ = p.do("POST", "/__admin/wx/"+id+"/confirm", "", nil)
	assert.Equal(t, 409, status, "confirming needs a scan first")
	status, sc = p.do("POST", "/__admin/wx/"+id+"/scan", "", nil)
	require.Equal(t, 200, status)
	assert.Equal(t, "scanned", sc["status"], "the scan answers with the scanned scene")
	_, sc = p.do("GET", "/idp/v1/wechat/scenes/"+id, "", nil)
	assert.Equal(t, "scanned", sc["status"])
	assert.NotContains(t, sc, "session")

	status, _ = p.do("POST", "/__admin/wx/"+id+"/confirm", "", m{"account": "13800138000"})
	require.Equal(t, 200, status)
	_, sc = p.do("GET", "/idp/v1/wechat/scenes/"+id, "", nil)
	assert.Equal(t, "confirmed", sc["status"])
	sess := sc["session"].(map[string]any)
	assert.Equal(t, "13800138000", sess["user"].(map[string]any)["phone"], "bound to the existing account")
	status, _ = p.do("GET", "/idp/v1/session", sess["token"].(string), nil)
	assert.Equal(t, 200, status)

	_, sc = p.do("GET", "/idp/v1/wechat/scenes/"+id, "", nil)
	assert.Equal(t, "expired", sc["status"], "the session is handed out once")
	assert.NotContains(t, sc, "session")

	t.Run("a new WeChat user gets an account", func(t *testing.T) {
		_, sc := p.do("POST", "/idp/v1/wechat/scenes", "", nil)
		id := sc["sceneId"].(string)
		p.do("POST", "/__admin/wx/"+id+"/scan", "", nil)
		p.do("POST", "/__admin/wx/"+id+"/confirm", "", m{"openId": "o_abc", "nickname": "小明"})
		_, sc = p.do("GET", "/idp/v1/wechat/scenes/"+id, "", nil)
		user := sc["session"].(map[string]any)["user"].(map[string]any)
		assert.Equal(t, "wechat", user["kind"])
		assert.Equal(t, "小明", user["name"])
	})
	t.Run("scenes expire", func(t *testing.T) {
		_, sc := p.do("POST", "/idp/v1/wechat/scenes", "", nil)
		id := sc["sceneId"].(string)
		p.clock.Add(account.SceneTTL)
		_, sc = p.do("GET", "/idp/v1/wechat/scenes/"+id, "", nil)
		assert.Equal(t, "expired", sc["status"])
		status, _ := p.do("POST", "/__admin/wx/"+id+"/scan", "", nil)
		assert.Equal(t, 409, status)
		p.clock.Add(account.SceneTTL + time.Second)
		status, _ = p.do("GET", "/idp/v1/wechat/scenes/"+id, "", nil)
		assert.Equal(t, 404, status, "and are forgotten later")
	})
	t.Run("unknown scenes", func(t *testing.T) {
		status, _ := p.do("GET", "/idp/v1/wechat/scenes/nosuchscene", "", nil)
		assert.Equal(t, 404, status)
	})
}

func TestThirdPartyLogin(t *testing.T) {
	p := start(t, "")
	status, auth := p.do("POST", "/idp/v1/oauth/authorizations", "", m{"provider": "google", "redirectUri": "http://site.example/login/callback?from=%2Fen%2Findex"})
	require.Equal(t, 201, status, auth)
	state := auth["state"].(string)
	page := auth["authorizeUrl"].(string)
	assert.True(t, strings.HasPrefix(page, p.url+"/oauth/google/authorize?state="), page)

	resp, err := http.Get(page)
	require.NoError(t, err)
	html, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, string(html), `name="state" value="`+state+`"`)

	// The consent form, as the browser posts it.
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err = noRedirect.PostForm(p.url+"/oauth/google/authorize", url.Values{
		"state": {state}, "decision": {"allow"}, "name": {"Alex"}, "email": {"Alex@Example.com"},
	})
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 303, resp.StatusCode)
	back, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	assert.Equal(t, "site.example", back.Host)
	assert.Equal(t, "/en/index", back.Query().Get("from"), "the site's own query survives")
	assert.Equal(t, state, back.Query().Get("state"))
	code := back.Query().Get("code")
	require.NotEmpty(t, code)

	status, out := p.do("POST", "/idp/v1/oauth/sessions", "", m{"provider": "google", "code": code, "state": "forged"})
	assert.Equal(t, 400, status, "the state must match")
	assert.Equal(t, "invalid_grant", out["error"])
	status, out = p.do("POST", "/idp/v1/oauth/sessions", "", m{"provider": "google", "code": code, "state": state})
	require.Equal(t, 201, status, out)
	assert.Equal(t, "alex@example.com", out["user"].(map[string]any)["email"])
	status, _ = p.do("POST", "/idp/v1/oauth/sessions", "", m{"provider": "google", "code": code, "state": state})
	assert.Equal(t, 400, status, "a code works once")

	t.Run("an existing e-mail account is logged in", func(t *testing.T) {
		_, auth := p.do("POST", "/idp/v1/oauth/authorizations", "", m{"provider": "linkedin", "redirectUri": "https://site.example/cb"})
		status, ok := p.do("POST", "/__admin/oauth/"+auth["state"].(string)+"/approve", "", m{"name": "Demo", "email": "demo@jaka.example"})
		require.Equal(t, 200, status, ok)
		_, out := p.do("POST", "/idp/v1/oauth/sessions", "", m{"provider": "linkedin", "code": ok["code"], "state": auth["state"]})
		assert.Equal(t, "Demo User", out["user"].(map[string]any)["name"])
	})
	t.Run("denied", func(t *testing.T) {
		_, auth := p.do("POST", "/idp/v1/oauth/authorizations", "", m{"provider": "qq", "redirectUri": "https://site.example/cb"})
		_, ok := p.do("POST", "/__admin/oauth/"+auth["state"].(string)+"/approve", "", m{"deny": true})
		assert.Contains(t, ok["redirect"], "error=access_denied")
		assert.Empty(t, ok["code"])
	})
	t.Run("bad requests", func(t *testing.T) {
		status, _ := p.do("POST", "/idp/v1/oauth/authorizations", "", m{"provider": "myspace", "redirectUri": "https://site.example/cb"})
		assert.Equal(t, 400, status)
		status, _ = p.do("POST", "/idp/v1/oauth/authorizations", "", m{"provider": "qq", "redirectUri": "javascript:alert(1)"})
		assert.Equal(t, 400, status)
	})
}

func TestStateSurvivesARestart(t *testing.T) {
	dir := t.TempDir()
	c := &clock{t: time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)}
	p := startWith(t, dir, c)
	sess := p.registerPhone("13900001111", "secret-pass")
	token := sess["token"].(string)
	pending := p.sendCode("email", "later@example.com", "register")
	wrong := "000000"
	if pending == wrong {
		wrong = "111111"
	}
	p.do("POST", "/idp/v1/users", "", m{"kind": "email", "email": "later@example.com", "code": wrong, "password": "secret1"})

	raw, err := os.ReadFile(filepath.Join(dir, account.StateFile))
	require.NoError(t, err)
	assert.NotContains(t, string(raw), "secret-pass", "no password in clear")
	assert.NotContains(t, string(raw), token, "no token in clear")
	assert.Contains(t, string(raw), "$2a$", "bcrypt hashes")
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 1, "no temporary file is left behind")

	again := startWith(t, dir, c)
	status, _ := again.do("GET", "/idp/v1/session", token, nil)
	assert.Equal(t, 200, status, "sessions survive")
	status, _ = again.do("POST", "/idp/v1/sessions", "", m{"phone": "13900001111", "password": "secret-pass"})
	assert.Equal(t, 201, status, "accounts survive")
	assert.Equal(t, pending, again.lastCode("later@example.com"), "the outbox survives")
	for left := 3; left >= 1; left-- {
		_, out := again.do("POST", "/idp/v1/users", "", m{"kind": "email", "email": "later@example.com", "code": wrong, "password": "secret1"})
		assert.EqualValues(t, left, out["attemptsLeft"], "wrong attempts survive")
	}
	status, _ = again.do("POST", "/idp/v1/users", "", m{"kind": "email", "email": "later@example.com", "code": pending, "password": "secret1"})
	assert.Equal(t, 201, status)

	_, out := again.do("POST", "/idp/v1/accounts/lookup", "", m{"email": "demo@jaka.example"})
	assert.Equal(t, true, out["exists"], "the demo accounts are seeded once")
}

func TestInMemoryWithoutDataDir(t *testing.T) {
	p := start(t, "")
	p.registerPhone("13900001111", "secret1")
	again := start(t, "")
	_, out := again.do("POST", "/idp/v1/accounts/lookup", "", m{"phone": "13900001111"})
	assert.Equal(t, false, out["exists"])
}

func TestAdmin(t *testing.T) {
	p := start(t, "")
	t.Run("known codes and sessions for provider states", func(t *testing.T) {
		status, _ := p.do("POST", "/__admin/codes", "", m{"channel": "sms", "to": "13800138000", "purpose": "login", "code": "123456"})
		require.Equal(t, 201, status)
		status, _ = p.do("POST", "/idp/v1/sessions", "", m{"phone": "13800138000", "code": "123456"})
		assert.Equal(t, 201, status)
		status, _ = p.do("POST", "/__admin/sessions", "", m{"account": "13800138000", "token": "known-token-0123456789"})
		require.Equal(t, 201, status)
		status, _ = p.do("GET", "/idp/v1/session", "known-token-0123456789", nil)
		assert.Equal(t, 200, status)
	})
	t.Run("users", func(t *testing.T) {
		status, u := p.do("POST", "/__admin/users", "", m{"email": "seeded@example.com", "password": "secret1", "name": "Seeded"})
		require.Equal(t, 201, status)
		assert.Equal(t, "email", u["kind"])
		status, _ = p.do("POST", "/__admin/users", "", m{"email": "seeded@example.com", "password": "secret1"})
		assert.Equal(t, 409, status)
	})
	t.Run("clock", func(t *testing.T) {
		_, before := p.do("GET", "/__admin/clock", "", nil)
		_, after := p.do("POST", "/__admin/clock", "", m{"advanceSeconds": 3600})
		b, _ := time.Parse(time.RFC3339, before["now"].(string))
		a, _ := time.Parse(time.RFC3339, after["now"].(string))
		assert.Equal(t, time.Hour, a.Sub(b))
	})
	t.Run("reset", func(t *testing.T) {
		status, _ := p.do("POST", "/__admin/reset", "", nil)
		require.Equal(t, 204, status)
		_, out := p.do("POST", "/idp/v1/accounts/lookup", "", m{"email": "seeded@example.com"})
		assert.Equal(t, false, out["exists"])
		_, out = p.do("POST", "/idp/v1/accounts/lookup", "", m{"email": "demo@jaka.example"})
		assert.Equal(t, true, out["exists"])
	})
}
