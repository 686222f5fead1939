package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/oapi"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	idpmock "github.com/jakarobotics/website/mocks/account"
)

// acctClock is the BFF's clock in the account tests: rate limits and the token cache.
type acctClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *acctClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *acctClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// acctFixture is the BFF in front of a real identity-service mock, both on httptest servers.
type acctFixture struct {
	bff    *httptest.Server
	idpURL string
	idp    *idpmock.Service
	spec   *oapi.Spec
	clock  *acctClock
	cache  *account.CachedClient
	// sessionChecks counts the token checks that reached the identity service.
	sessionChecks atomic.Int64
	// down makes the identity service answer 503.
	down atomic.Bool
}

// newAccountFixture builds the fixture without rate limits unless limits sets some; more
// changes the BFF's dependencies.
func newAccountFixture(t *testing.T, limits func(*ratelimit.Limits), more ...func(*httpapi.Deps)) *acctFixture {
	t.Helper()
	spec := mustWholeSpec(t)
	svc, err := idpmock.New(idpmock.Options{BcryptCost: bcrypt.MinCost})
	require.NoError(t, err)
	f := &acctFixture{idp: svc, spec: spec, clock: &acctClock{t: time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)}}
	h := svc.Handler()
	idpServer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if f.down.Load() && !strings.HasPrefix(r.URL.Path, "/__admin") {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		if r.Method == http.MethodGet && r.URL.Path == "/idp/v1/session" {
			f.sessionChecks.Add(1)
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(idpServer.Close)
	f.idpURL = idpServer.URL
	base, _ := url.Parse(idpServer.URL)

	l := ratelimit.Limits{}
	if limits != nil {
		limits(&l)
	}
	f.cache = account.NewCached(account.New(upstream.Client{System: "account", BaseURL: base}), 30*time.Second, f.clock.Now).(*account.CachedClient)
	deps := httpapi.Deps{
		Spec:          mustServingSpec(t),
		Accounts:      f.cache,
		Log:           slog.New(slog.NewTextHandler(io.Discard, nil)),
		Timeout:       5 * time.Second,
		LongTimeout:   5 * time.Second,
		AccountLimits: &l,
		Clock:         f.clock.Now,
	}
	for _, m := range more {
		m(&deps)
	}
	handler, err := httpapi.NewServer(deps)
	require.NoError(t, err)
	f.bff = httptest.NewServer(handler)
	t.Cleanup(f.bff.Close)
	return f
}

// withDefaultLimits turns on the limits a BFF has without configuration.
func withDefaultLimits(l *ratelimit.Limits) {
	d := ratelimit.DefaultLimits()
	l.CodePerTarget, l.CodePerIP, l.LookupPerIP = d.CodePerTarget, d.CodePerIP, d.LookupPerIP
	l.FailuresPerAccountIP, l.FailuresPerIP, l.FailuresPerAccount = d.FailuresPerAccountIP, d.FailuresPerIP, d.FailuresPerAccount
}

// acctTemplate is the contract's path template of a request path.
func acctTemplate(path string) string {
	path, _, _ = strings.Cut(strings.TrimPrefix(path, oapi.BasePath), "?")
	for _, prefix := range []string{"/login/findUserInfo/", "/login/getUserInfo/"} {
		if strings.HasPrefix(path, prefix) {
			return prefix + "{id}"
		}
	}
	return path
}

// do sends one request (headers as name, value pairs), checks the answer against the contract
// and returns it with its envelope.
func (f *acctFixture) do(t *testing.T, method, path, body string, headers ...string) (*http.Response, envelope) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, f.bff.URL+oapi.BasePath+path, rd)
	require.NoError(t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i] == "Host" {
			req.Host = headers[i+1]
			continue
		}
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	raw, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)

	route, ok := f.spec.Route(method, acctTemplate(path))
	require.True(t, ok, path)
	err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, Route: route},
		Status:                 resp.StatusCode,
		Header:                 resp.Header,
		Body:                   io.NopCloser(bytes.NewReader(raw)),
		Options:                &openapi3filter.Options{MultiError: true},
	})
	assert.NoError(t, err, "%s %s answered %s", method, path, raw)
	if resp.StatusCode == http.StatusOK {
		assert.Equal(t, "private, no-store", resp.Header.Get("Cache-Control"), "account answers are never cached: %s", path)
	}

	var env envelope
	require.NoError(t, json.Unmarshal(raw, &env), "not an envelope: %s", raw)
	assert.Equal(t, resp.StatusCode, env.Code)
	return resp, env
}

// ok sends a request that must succeed and returns its data.
func (f *acctFixture) ok(t *testing.T, method, path, body string, headers ...string) json.RawMessage {
	t.Helper()
	resp, env := f.do(t, method, path, body, headers...)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s %s: %s %s", method, path, env.ErrorKey, env.Msg)
	require.True(t, env.Success)
	return env.Data
}

// admin calls an admin endpoint of the identity-service mock.
func (f *acctFixture) admin(t *testing.T, method, path string, body any) map[string]any {
	t.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, f.idpURL+"/__admin"+path, rd)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Less(t, resp.StatusCode, 300, "admin %s %s", method, path)
	out := map[string]any{}
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return out
}

// lastCode reads the newest code sent to an address from the mock's outbox.
func (f *acctFixture) lastCode(t *testing.T, to string) string {
	t.Helper()
	out := f.admin(t, "GET", "/outbox?to="+url.QueryEscape(to), nil)
	msgs, _ := out["messages"].([]any)
	require.NotEmpty(t, msgs, "no message to %s", to)
	return msgs[0].(map[string]any)["code"].(string)
}

// phoneCode asks the BFF for an SMS code and reads it from the outbox.
func (f *acctFixture) phoneCode(t *testing.T, phone, purpose string) string {
	t.Helper()
	f.ok(t, "POST", "/login/phoneVerificationCode", fmt.Sprintf(`{"phone":%q,"purpose":%q}`, phone, purpose))
	return f.lastCode(t, phone)
}

// emailCode asks the BFF for an e-mailed code and reads it from the outbox.
func (f *acctFixture) emailCode(t *testing.T, email, purpose string) string {
	t.Helper()
	f.ok(t, "POST", "/login/emailVerificationCode", fmt.Sprintf(`{"email":%q,"purpose":%q}`, email, purpose))
	return f.lastCode(t, email)
}

type acctLogin struct {
	Token    string  `json:"token"`
	UserID   int64   `json:"userId"`
	UserName string  `json:"userName"`
	Account  string  `json:"account"`
	Email    *string `json:"email"`
}

func decodeLogin(t *testing.T, data json.RawMessage) acctLogin {
	t.Helper()
	var l acctLogin
	require.NoError(t, json.Unmarshal(data, &l))
	require.NotEmpty(t, l.Token)
	return l
}

// registerPhone registers a phone account through the BFF.
func (f *acctFixture) registerPhone(t *testing.T, phone, password string) acctLogin {
	t.Helper()
	code := f.phoneCode(t, phone, "register")
	return decodeLogin(t, f.ok(t, "POST", "/login/phoneRegister",
		fmt.Sprintf(`{"phone":%q,"code":%q,"password":%q,"confirmPassword":%q}`, phone, code, password, password)))
}

// tokenWorks reports whether validateToken accepts token.
func (f *acctFixture) tokenWorks(t *testing.T, token string) bool {
	t.Helper()
	resp, env := f.do(t, "POST", "/login/validateToken?token="+url.QueryEscape(token), "")
	if resp.StatusCode == http.StatusUnauthorized {
		assert.Equal(t, "account.token_expired", env.ErrorKey)
		return false
	}
	require.Equal(t, http.StatusOK, resp.StatusCode)
	return true
}

// wrongCode is a six-digit code other than code.
func wrongCode(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

func TestAccount200(t *testing.T) {
	f := newAccountFixture(t, nil)

	t.Run("phone registration logs in, with texts in the request's language", func(t *testing.T) {
		_, env := f.do(t, "POST", "/login/phoneVerificationCode", `{"phone":"+86 139 0000 0001","purpose":"register"}`, "lang", "de")
		assert.Equal(t, "Bestätigungscode gesendet", env.Msg)
		code := f.lastCode(t, "13900000001")
		_, env = f.do(t, "POST", "/login/phoneRegister",
			`{"phone":"+86 139 0000 0001","code":"`+code+`","password":"secret-1","confirmPassword":"secret-1","userName":"李雷"}`)
		require.True(t, env.Success, env.ErrorKey)
		assert.Equal(t, "注册成功", env.Msg, "no lang header means Chinese")
		login := decodeLogin(t, env.Data)
		assert.Equal(t, "13900000001", login.Account, "the account as the identity service normalized it")
		assert.Equal(t, "李雷", login.UserName)
		assert.Nil(t, login.Email)

		var check struct {
			Valid  bool  `json:"valid"`
			UserID int64 `json:"userId"`
		}
		require.NoError(t, json.Unmarshal(f.ok(t, "POST", "/login/validateToken?token="+login.Token, ""), &check))
		assert.True(t, check.Valid)
		assert.Equal(t, login.UserID, check.UserID)

		for _, op := range []string{"findUserInfo", "getUserInfo"} {
			var info map[string]any
			require.NoError(t, json.Unmarshal(f.ok(t, "GET", fmt.Sprintf("/login/%s/%d", op, login.UserID), "", "token", login.Token), &info))
			assert.Equal(t, "13900000001", info["phone"], op)
			assert.Nil(t, info["email"], op)
			_, err := time.Parse(time.RFC3339, info["createTime"].(string))
			assert.NoError(t, err, op)
		}
	})
	t.Run("password logins", func(t *testing.T) {
		_, env := f.do(t, "POST", "/login/phonePasswordLogin", `{"phone":"138-0013-8000","password":"Jaka@2024"}`, "lang", "en")
		require.True(t, env.Success, env.ErrorKey)
		assert.Equal(t, "Login successful", env.Msg)
		assert.Equal(t, "13800138000", decodeLogin(t, env.Data).Account)
		login := decodeLogin(t, f.ok(t, "POST", "/login/emailPasswordLogin", `{"email":"Demo@JAKA.example","password":"Jaka@2024"}`))
		assert.Equal(t, "demo@jaka.example", login.Account)
		require.NotNil(t, login.Email)
		assert.Equal(t, "demo@jaka.example", *login.Email)
	})
	t.Run("code logins", func(t *testing.T) {
		code := f.phoneCode(t, "13800138000", "login")
		decodeLogin(t, f.ok(t, "POST", "/login/phoneCodeLogin", `{"phone":"13800138000","code":"`+code+`"}`))
		code = f.emailCode(t, "demo@jaka.example", "login")
		decodeLogin(t, f.ok(t, "POST", "/login/emailCodeLogin", `{"email":"demo@jaka.example","code":"`+code+`"}`))
	})
	t.Run("e-mail and enterprise registration", func(t *testing.T) {
		code := f.emailCode(t, "anna@example.com", "register")
		login := decodeLogin(t, f.ok(t, "POST", "/login/emailRegister",
			`{"email":"anna@example.com","code":"`+code+`","password":"secret-1","confirmPassword":"secret-1","companyName":"ACME"}`))
		assert.Equal(t, "anna@example.com", login.UserName, "the address names a user without a name")

		code = f.emailCode(t, "erika@muster.de", "register")
		login = decodeLogin(t, f.ok(t, "POST", "/login/overseasEmailRegister", `{"userName":"Erika Muster","companyName":"Muster GmbH",
			"country":"DE","industry":"automotive","phoneNumber":"151 2345678","phoneCode":"+49","email":"erika@muster.de",
			"code":"`+code+`","password":"secret-1","confirmPassword":"secret-1"}`, "lang", "de"))
		var info map[string]any
		require.NoError(t, json.Unmarshal(f.ok(t, "GET", fmt.Sprintf("/login/findUserInfo/%d", login.UserID), "", "token", login.Token), &info))
		assert.Equal(t, "Muster GmbH", info["companyName"])
		assert.Equal(t, "DE", info["country"])
		assert.Equal(t, "automotive", info["industry"])
		assert.Equal(t, "+49 151 2345678", info["phone"], "the enterprise contact phone")
	})
	t.Run("account lookup", func(t *testing.T) {
		assert.JSONEq(t, `{"exists":true}`, string(f.ok(t, "POST", "/login/inspectUserIsExit", `{"account":"13800138000"}`)))
		assert.JSONEq(t, `{"exists":false}`, string(f.ok(t, "POST", "/login/inspectUserIsExit", `{"account":"nobody@example.com"}`)))
	})
	t.Run("password reset ends the sessions", func(t *testing.T) {
		login := f.registerPhone(t, "13900000002", "old-secret")
		code := f.phoneCode(t, "13900000002", "resetPassword")
		_, env := f.do(t, "POST", "/login/phoneResetPass",
			`{"phone":"13900000002","code":"`+code+`","password":"new-secret","confirmPassword":"new-secret"}`, "lang", "fr")
		require.True(t, env.Success)
		assert.Equal(t, "Mot de passe réinitialisé", env.Msg)
		assert.False(t, f.tokenWorks(t, login.Token))
		f.ok(t, "POST", "/login/phonePasswordLogin", `{"phone":"13900000002","password":"new-secret"}`)

		code = f.emailCode(t, "anna@example.com", "resetPassword")
		f.ok(t, "POST", "/login/emailResetPass", `{"email":"anna@example.com","code":"`+code+`","password":"new-secret","confirmPassword":"new-secret"}`)
		f.ok(t, "POST", "/login/emailPasswordLogin", `{"email":"anna@example.com","password":"new-secret"}`)
	})
	t.Run("logout", func(t *testing.T) {
		login := f.registerPhone(t, "13900000003", "secret-1")
		_, env := f.do(t, "POST", "/login/logout", "", "token", login.Token, "lang", "ja")
		require.True(t, env.Success)
		assert.Equal(t, "ログアウトしました", env.Msg)
		assert.False(t, f.tokenWorks(t, login.Token))
		f.ok(t, "POST", "/login/logout", "", "token", login.Token) // twice is fine
	})
	t.Run("deregistration", func(t *testing.T) {
		login := f.registerPhone(t, "13900000004", "secret-1")
		code := f.phoneCode(t, "13900000004", "logOff")
		_, env := f.do(t, "POST", "/login/logOff", `{"account":"139 0000 0004","code":"`+code+`"}`, "token", login.Token, "lang", "ko")
		require.True(t, env.Success, env.ErrorKey)
		assert.Equal(t, "계정이 탈퇴 처리되었습니다", env.Msg)
		assert.False(t, f.tokenWorks(t, login.Token))
		assert.JSONEq(t, `{"exists":false}`, string(f.ok(t, "POST", "/login/inspectUserIsExit", `{"account":"13900000004"}`)))
	})
	t.Run("WeChat QR login", func(t *testing.T) {
		var sc struct {
			SceneID   string     `json:"sceneId"`
			QRContent string     `json:"qrContent"`
			ExpiresIn int        `json:"expiresIn"`
			Status    string     `json:"status"`
			Login     *acctLogin `json:"login"`
		}
		resp, env := f.do(t, "POST", "/login/wxCode", "")
		require.Equal(t, http.StatusOK, resp.StatusCode, env.ErrorKey)
		require.NoError(t, json.Unmarshal(env.Data, &sc))
		assert.Equal(t, "waiting", sc.Status)
		assert.Equal(t, 300, sc.ExpiresIn)
		assert.Contains(t, sc.QRContent, sc.SceneID)
		assert.Nil(t, sc.Login)
		id := sc.SceneID
		browser := cookieHeader(resp) // the scene is polled by the browser that created it

		f.admin(t, "POST", "/wx/"+id+"/scan", nil)
		require.NoError(t, json.Unmarshal(f.ok(t, "POST", "/login/wxCode", `{"sceneId":"`+id+`"}`, "Cookie", browser), &sc))
		assert.Equal(t, "scanned", sc.Status)
		f.admin(t, "POST", "/wx/"+id+"/confirm", map[string]string{"account": "demo@jaka.example"})
		_, env = f.do(t, "POST", "/login/wxCode", `{"sceneId":"`+id+`"}`, "lang", "en", "Cookie", browser)
		assert.Equal(t, "Login successful", env.Msg)
		require.NoError(t, json.Unmarshal(env.Data, &sc))
		assert.Equal(t, "confirmed", sc.Status)
		require.NotNil(t, sc.Login)
		assert.Equal(t, "demo@jaka.example", sc.Login.Account)
		assert.True(t, f.tokenWorks(t, sc.Login.Token))
		require.NoError(t, json.Unmarshal(f.ok(t, "POST", "/login/wxCode", `{"sceneId":"`+id+`"}`, "Cookie", browser), &sc))
		assert.Equal(t, "expired", sc.Status, "the session is handed out once")
		assert.Nil(t, sc.Login)
	})
	t.Run("third-party login", func(t *testing.T) {
		host := strings.TrimPrefix(f.bff.URL, "http://")
		var auth struct {
			AuthorizeURL string `json:"authorizeUrl"`
			State        string `json:"state"`
			ExpiresIn    int    `json:"expiresIn"`
		}
		resp, env := f.do(t, "POST", "/login/thirdPartyAuthorize",
			`{"provider":"google","redirectUri":"http://`+host+`/login/callback?from=%2Fen%2Findex"}`)
		require.Equal(t, http.StatusOK, resp.StatusCode, env.ErrorKey)
		require.NoError(t, json.Unmarshal(env.Data, &auth))
		// The login is finished by the browser that started it: the one with its cookie.
		browser := cookieHeader(resp)
		require.NotEmpty(t, browser)
		assert.True(t, strings.HasPrefix(auth.AuthorizeURL, f.idpURL+"/oauth/google/authorize?state="), auth.AuthorizeURL)
		approved := f.admin(t, "POST", "/oauth/"+auth.State+"/approve", map[string]string{"name": "Alex", "email": "alex@example.com"})
		back, err := url.Parse(approved["redirect"].(string))
		require.NoError(t, err)
		assert.Equal(t, host, back.Host)
		assert.Equal(t, auth.State, back.Query().Get("state"))
		login := decodeLogin(t, f.ok(t, "POST", "/login/thirdPartyLogin",
			`{"provider":"google","code":"`+back.Query().Get("code")+`","state":"`+auth.State+`"}`, "Cookie", browser))
		assert.Equal(t, "alex@example.com", login.Account)
		assert.Equal(t, "Alex", login.UserName)
	})
}

// acctCase is one request of the failure tables, with what makes its situation.
type acctCase struct {
	name   string
	setup  func(t *testing.T, f *acctFixture) (body string, headers []string)
	method string
	path   string
	key    string
	field  string // for request.invalid and password_mismatch: a field named in errors
}

func body(b string, headers ...string) func(*testing.T, *acctFixture) (string, []string) {
	return func(*testing.T, *acctFixture) (string, []string) { return b, headers }
}

func runAcctCases(t *testing.T, status int, cases []acctCase) {
	t.Helper()
	f := newAccountFixture(t, nil)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b, headers := tc.setup(t, f)
			method := tc.method
			if method == "" {
				method = "POST"
			}
			resp, env := f.do(t, method, tc.path, b, headers...)
			assert.Equal(t, status, resp.StatusCode)
			assert.False(t, env.Success)
			assert.Equal(t, tc.key, env.ErrorKey)
			assert.NotEqual(t, tc.key, env.Msg, "the key has a text")
			if tc.field != "" {
				var fields []string
				for _, e := range env.Errors {
					fields = append(fields, e.Field)
				}
				assert.Contains(t, fields, tc.field)
			}
		})
	}
}

// TestValidateTokenTakesTheTokenHeader: the web sends its token in the token header, as every
// other operation takes it, so that it stays out of access logs; the query form of the legacy
// site and the mini-program still works, and the header wins when both are sent.
func TestValidateTokenTakesTheTokenHeader(t *testing.T) {
	f := newAccountFixture(t, nil)
	login := decodeLogin(t, f.ok(t, "POST", "/login/phonePasswordLogin", `{"phone":"13800138000","password":"Jaka@2024"}`))
	check := func(path string, headers ...string) (int, envelope) {
		resp, env := f.do(t, "POST", path, "", headers...)
		return resp.StatusCode, env
	}

	status, env := check("/login/validateToken", "token", login.Token)
	require.Equal(t, http.StatusOK, status, "the header alone: %s", env.ErrorKey)
	assert.JSONEq(t, fmt.Sprintf(`{"valid":true,"userId":%d}`, login.UserID), string(env.Data))

	status, _ = check("/login/validateToken?token=" + url.QueryEscape(login.Token))
	assert.Equal(t, http.StatusOK, status, "the query alone (legacy site, mini-program)")

	status, _ = check("/login/validateToken?token=no-such-token", "token", login.Token)
	assert.Equal(t, http.StatusOK, status, "the header wins over the query")
	status, env = check("/login/validateToken?token="+url.QueryEscape(login.Token), "token", "no-such-token")
	assert.Equal(t, http.StatusUnauthorized, status, "the header wins over the query, also when it is refused")
	assert.Equal(t, "account.token_expired", env.ErrorKey)

	status, env = check("/login/validateToken")
	assert.Equal(t, http.StatusUnauthorized, status, "neither")
	assert.Equal(t, "account.not_logged_in", env.ErrorKey)
	status, env = check("/login/validateToken", "token", strings.Repeat("x", 513))
	assert.Equal(t, http.StatusBadRequest, status, "a header longer than the contract allows")
	assert.Equal(t, "request.invalid", env.ErrorKey)
}

func TestAccount400(t *testing.T) {
	runAcctCases(t, http.StatusBadRequest, []acctCase{
		{name: "passwords differ at registration", path: "/login/phoneRegister", key: "account.password_mismatch", field: "confirmPassword",
			setup: body(`{"phone":"13900000101","code":"123456","password":"secret-1","confirmPassword":"secret-2"}`)},
		{name: "passwords differ at reset", path: "/login/emailResetPass", key: "account.password_mismatch", field: "confirmPassword",
			setup: body(`{"email":"demo@jaka.example","code":"123456","password":"secret-1","confirmPassword":"secret-2"}`)},
		{name: "a phone the contract refuses", path: "/login/phoneVerificationCode", key: "request.invalid", field: "phone",
			setup: body(`{"phone":"call me","purpose":"register"}`)},
		{name: "a phone the identity service refuses", path: "/login/phoneVerificationCode", key: "account.invalid_account",
			setup: body(`{"phone":"12345","purpose":"register"}`)},
		{name: "an e-mail the identity service refuses", path: "/login/emailVerificationCode", key: "account.invalid_email",
			setup: body(`{"email":"` + strings.Repeat("x", 65) + `@example.com","purpose":"register"}`)},
		{name: "an unknown purpose", path: "/login/emailVerificationCode", key: "request.invalid", field: "purpose",
			setup: body(`{"email":"a@example.com","purpose":"everything"}`)},
		{name: "a code that is not six digits", path: "/login/phoneCodeLogin", key: "request.invalid", field: "code",
			setup: body(`{"phone":"13800138000","code":"12345a"}`)},
		{name: "a password too short", path: "/login/emailPasswordLogin", key: "request.invalid", field: "password",
			setup: body(`{"email":"demo@jaka.example","password":"123"}`)},
		{name: "a malformed scene id", path: "/login/wxCode", key: "request.invalid", field: "sceneId",
			setup: body(`{"sceneId":"../../etc"}`)},
		{name: "third-party login back to another site", path: "/login/thirdPartyAuthorize", key: "request.invalid", field: "redirectUri",
			setup: body(`{"provider":"google","redirectUri":"https://evil.example/steal"}`)},
		{name: "third-party login back to a protocol-relative address", path: "/login/thirdPartyAuthorize", key: "request.invalid", field: "redirectUri",
			setup: body(`{"provider":"google","redirectUri":"//evil.example/steal"}`)},
		{name: "third-party login back through user information", path: "/login/thirdPartyAuthorize", key: "request.invalid", field: "redirectUri",
			setup: func(t *testing.T, f *acctFixture) (string, []string) {
				host := strings.TrimPrefix(f.bff.URL, "http://")
				return `{"provider":"google","redirectUri":"http://` + host + `@evil.example/x"}`, nil
			}},
		{name: "an unknown provider", path: "/login/thirdPartyAuthorize", key: "request.invalid", field: "provider",
			setup: body(`{"provider":"myspace","redirectUri":"https://site.example/cb"}`)},
	})
}

func TestAccount401(t *testing.T) {
	runAcctCases(t, http.StatusUnauthorized, []acctCase{
		{name: "a wrong password", path: "/login/phonePasswordLogin", key: "account.bad_credentials",
			setup: body(`{"phone":"13800138000","password":"wrong-password"}`)},
		{name: "an unknown account looks like a wrong password", path: "/login/emailPasswordLogin", key: "account.bad_credentials",
			setup: body(`{"email":"nobody@example.com","password":"wrong-password"}`)},
		{name: "an unknown token", path: "/login/validateToken?token=no-such-token", key: "account.token_expired", setup: body("")},
		{name: "a profile without a token", method: "GET", path: "/login/findUserInfo/1001", key: "account.not_logged_in", setup: body("")},
		{name: "a profile with an unknown token", method: "GET", path: "/login/getUserInfo/1001", key: "account.token_expired",
			setup: body("", "token", "no-such-token")},
		{name: "deregistration with an unknown token", path: "/login/logOff", key: "account.token_expired",
			setup: body(`{"account":"13800138000","code":"123456"}`, "token", "no-such-token")},
		{name: "deregistration without a token", path: "/login/logOff", key: "account.not_logged_in",
			setup: body(`{"account":"13800138000","code":"123456"}`)},
		{name: "logout without a token", path: "/login/logout", key: "account.not_logged_in", setup: body("")},
	})
}

func TestAccount404(t *testing.T) {
	runAcctCases(t, http.StatusNotFound, []acctCase{
		{name: "a login code for an unknown phone", path: "/login/phoneVerificationCode", key: "account.not_registered",
			setup: body(`{"phone":"13900000201","purpose":"login"}`)},
		{name: "a reset code for an unknown address", path: "/login/emailVerificationCode", key: "account.not_registered",
			setup: body(`{"email":"nobody@example.com","purpose":"resetPassword"}`)},
		{name: "a code login of an unknown phone", path: "/login/phoneCodeLogin", key: "account.not_registered",
			setup: body(`{"phone":"13900000201","code":"123456"}`)},
		{name: "a reset of an unknown phone", path: "/login/phoneResetPass", key: "account.not_registered",
			setup: body(`{"phone":"13900000201","code":"123456","password":"secret-1","confirmPassword":"secret-1"}`)},
		{name: "another user's profile", method: "GET", path: "/login/findUserInfo/1002", key: "account.not_registered",
			setup: func(t *testing.T, f *acctFixture) (string, []string) {
				login := decodeLogin(t, f.ok(t, "POST", "/login/phonePasswordLogin", `{"phone":"13800138000","password":"Jaka@2024"}`))
				require.Equal(t, int64(1001), login.UserID)
				return "", []string{"token", login.Token}
			}},
		{name: "an unknown QR scene", path: "/login/wxCode", key: "account.qr_expired",
			setup: body(`{"sceneId":"no-such-scene"}`, "Cookie", "jaka_login_state="+accounts.LoginStateHash("wxScene\x00no-such-scene"))},
	})
}

func TestAccount409(t *testing.T) {
	runAcctCases(t, http.StatusConflict, []acctCase{
		{name: "a register code for a registered phone", path: "/login/phoneVerificationCode", key: "account.phone_registered",
			setup: body(`{"phone":"+86 138 0013 8000","purpose":"register"}`)},
		{name: "a register code for a registered e-mail", path: "/login/emailVerificationCode", key: "account.email_registered",
			setup: body(`{"email":"DEMO@jaka.example","purpose":"register"}`)},
		{name: "registering a registered phone", path: "/login/phoneRegister", key: "account.phone_registered",
			setup: body(`{"phone":"13800138000","code":"123456","password":"secret-1","confirmPassword":"secret-1"}`)},
		{name: "registering a registered e-mail", path: "/login/overseasEmailRegister", key: "account.email_registered",
			setup: body(`{"userName":"D","companyName":"C","country":"UK","industry":"food","phoneNumber":"7700 900123",
				"phoneCode":"44","email":"demo@jaka.example","code":"123456","password":"secret-1","confirmPassword":"secret-1"}`)},
	})
}

func TestAccount422(t *testing.T) {
	runAcctCases(t, http.StatusUnprocessableEntity, []acctCase{
		{name: "a wrong code", path: "/login/phoneCodeLogin", key: "account.code_incorrect",
			setup: func(t *testing.T, f *acctFixture) (string, []string) {
				code := f.phoneCode(t, "13800138000", "login")
				return `{"phone":"13800138000","code":"` + wrongCode(code) + `"}`, nil
			}},
		{name: "no SMS code requested", path: "/login/phoneRegister", key: "account.sms_code_required",
			setup: body(`{"phone":"13900000301","code":"123456","password":"secret-1","confirmPassword":"secret-1"}`)},
		{name: "no e-mailed code requested", path: "/login/emailRegister", key: "account.code_required",
			setup: body(`{"email":"new@example.com","code":"123456","password":"secret-1","confirmPassword":"secret-1"}`)},
		{name: "a code of another purpose", path: "/login/emailCodeLogin", key: "account.code_required",
			setup: func(t *testing.T, f *acctFixture) (string, []string) {
				code := f.emailCode(t, "demo@jaka.example", "resetPassword")
				return `{"email":"demo@jaka.example","code":"` + code + `"}`, nil
			}},
		{name: "an expired code", path: "/login/emailRegister", key: "account.code_expired",
			setup: func(t *testing.T, f *acctFixture) (string, []string) {
				code := f.emailCode(t, "late@example.com", "register")
				f.idp.Advance(idpmock.CodeTTL)
				return `{"email":"late@example.com","code":"` + code + `","password":"secret-1","confirmPassword":"secret-1"}`, nil
			}},
		{name: "a code burnt by five wrong tries", path: "/login/phoneCodeLogin", key: "account.code_exhausted",
			setup: func(t *testing.T, f *acctFixture) (string, []string) {
				code := f.phoneCode(t, "13800138000", "login")
				for i := 0; i < 4; i++ {
					_, env := f.do(t, "POST", "/login/phoneCodeLogin", `{"phone":"13800138000","code":"`+wrongCode(code)+`"}`)
					require.Equal(t, "account.code_incorrect", env.ErrorKey)
				}
				return `{"phone":"13800138000","code":"` + wrongCode(code) + `"}`, nil
			}},
		{name: "deregistering with someone else's phone", path: "/login/logOff", key: "account.not_owner",
			setup: func(t *testing.T, f *acctFixture) (string, []string) {
				login := f.registerPhone(t, "13900000302", "secret-1")
				return `{"account":"13800138000","code":"123456"}`, []string{"token", login.Token}
			}},
		{name: "deregistering with a wrong code", path: "/login/logOff", key: "account.code_incorrect",
			setup: func(t *testing.T, f *acctFixture) (string, []string) {
				login := f.registerPhone(t, "13900000303", "secret-1")
				code := f.phoneCode(t, "13900000303", "logOff")
				return `{"account":"13900000303","code":"` + wrongCode(code) + `"}`, []string{"token", login.Token}
			}},
		{name: "a forged third-party code", path: "/login/thirdPartyLogin", key: "account.verification_failed",
			setup: body(`{"provider":"qq","code":"forged","state":"forged"}`)},
	})
}

func TestAccountUpstreamFailuresAreGatewayErrors(t *testing.T) {
	f := newAccountFixture(t, nil)
	f.down.Store(true)
	for _, path := range []string{"/login/phonePasswordLogin", "/login/phoneVerificationCode"} {
		b := `{"phone":"13800138000","password":"Jaka@2024"}`
		if strings.Contains(path, "Code") {
			b = `{"phone":"13800138000","purpose":"login"}`
		}
		resp, env := f.do(t, "POST", path, b)
		assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, path)
		assert.Equal(t, "upstream.unavailable", env.ErrorKey)
	}
}

// TestAccountRateLimits checks the code and lookup limits with the defaults: 429 with the key, a
// Retry-After, and room again once the window has passed. The throttles of failed logins and
// code checks have tests of their own (account_throttle_test.go).
func TestAccountRateLimits(t *testing.T) {
	limited := func(t *testing.T, resp *http.Response, env envelope, key, retryAfter string) {
		t.Helper()
		assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
		assert.Equal(t, key, env.ErrorKey)
		assert.Equal(t, retryAfter, resp.Header.Get("Retry-After"))
	}

	t.Run("one code per phone per minute, whatever its spelling", func(t *testing.T) {
		f := newAccountFixture(t, withDefaultLimits)
		f.ok(t, "POST", "/login/phoneVerificationCode", `{"phone":"13800138000","purpose":"login"}`)
		f.clock.Add(20 * time.Second)
		for _, spelling := range []string{"13800138000", "+86 138 0013 8000", "0086-138-0013-8000"} {
			resp, env := f.do(t, "POST", "/login/phoneVerificationCode", `{"phone":"`+spelling+`","purpose":"resetPassword"}`)
			limited(t, resp, env, "account.code_too_frequent", "40")
		}
		f.clock.Add(40 * time.Second)
		f.ok(t, "POST", "/login/phoneVerificationCode", `{"phone":"13800138000","purpose":"login"}`)
	})
	t.Run("ten codes per address per day", func(t *testing.T) {
		f := newAccountFixture(t, withDefaultLimits)
		for i := 0; i < 10; i++ {
			f.ok(t, "POST", "/login/emailVerificationCode", `{"email":"demo@jaka.example","purpose":"login"}`)
			f.clock.Add(time.Minute)
		}
		resp, env := f.do(t, "POST", "/login/emailVerificationCode", `{"email":"DEMO@jaka.example","purpose":"login"}`)
		limited(t, resp, env, "account.code_too_frequent", fmt.Sprint(int((24*time.Hour-10*time.Minute)/time.Second)))
		f.clock.Add(24*time.Hour - 10*time.Minute)
		f.ok(t, "POST", "/login/emailVerificationCode", `{"email":"demo@jaka.example","purpose":"login"}`)
	})
	t.Run("a refused code does not count against the phone", func(t *testing.T) {
		f := newAccountFixture(t, withDefaultLimits)
		for i := 0; i < 3; i++ {
			_, env := f.do(t, "POST", "/login/phoneVerificationCode", `{"phone":"13800138000","purpose":"register"}`)
			assert.Equal(t, "account.phone_registered", env.ErrorKey)
		}
	})
	t.Run("twenty codes per client address per hour", func(t *testing.T) {
		f := newAccountFixture(t, withDefaultLimits)
		for i := 0; i < 20; i++ {
			f.ok(t, "POST", "/login/phoneVerificationCode", fmt.Sprintf(`{"phone":"1390000%04d","purpose":"register"}`, i))
			f.clock.Add(time.Minute)
		}
		resp, env := f.do(t, "POST", "/login/phoneVerificationCode", `{"phone":"13900009999","purpose":"register"}`)
		limited(t, resp, env, "account.too_many_requests", fmt.Sprint(40*60))
		// X-Forwarded-For is not believed without a trusted proxy: spoofing it changes nothing.
		resp, env = f.do(t, "POST", "/login/phoneVerificationCode", `{"phone":"13900009999","purpose":"register"}`, "X-Forwarded-For", "198.51.100.7")
		limited(t, resp, env, "account.too_many_requests", fmt.Sprint(40*60))
		f.clock.Add(40 * time.Minute)
		f.ok(t, "POST", "/login/phoneVerificationCode", `{"phone":"13900009999","purpose":"register"}`)
	})
	t.Run("behind a trusted proxy each client has its own budget", func(t *testing.T) {
		f := newAccountFixture(t, func(l *ratelimit.Limits) {
			withDefaultLimits(l)
			l.CodePerIP = []ratelimit.Rule{{Limit: 1, Window: time.Hour}}
			l.TrustedProxies, _ = ratelimit.ParsePrefixes("127.0.0.1, ::1")
		})
		f.ok(t, "POST", "/login/phoneVerificationCode", `{"phone":"13900000401","purpose":"register"}`, "X-Forwarded-For", "198.51.100.7")
		resp, env := f.do(t, "POST", "/login/phoneVerificationCode", `{"phone":"13900000402","purpose":"register"}`, "X-Forwarded-For", "6.6.6.6, 198.51.100.7")
		limited(t, resp, env, "account.too_many_requests", "3600")
		f.ok(t, "POST", "/login/phoneVerificationCode", `{"phone":"13900000402","purpose":"register"}`, "X-Forwarded-For", "203.0.113.9")
	})
	t.Run("a hundred account lookups per client address per hour", func(t *testing.T) {
		f := newAccountFixture(t, withDefaultLimits)
		for i := 0; i < 100; i++ {
			f.ok(t, "POST", "/login/inspectUserIsExit", fmt.Sprintf(`{"account":"1390000%04d"}`, i))
		}
		resp, env := f.do(t, "POST", "/login/inspectUserIsExit", `{"account":"13800138000"}`)
		limited(t, resp, env, "account.too_many_requests", "3600")
	})
}

func TestTokenCache(t *testing.T) {
	t.Run("a check is remembered for 30 seconds", func(t *testing.T) {
		f := newAccountFixture(t, nil)
		login := f.registerPhone(t, "13900000501", "secret-1")
		for i := 0; i < 5; i++ {
			assert.True(t, f.tokenWorks(t, login.Token))
		}
		f.ok(t, "GET", fmt.Sprintf("/login/findUserInfo/%d", login.UserID), "", "token", login.Token)
		assert.EqualValues(t, 1, f.sessionChecks.Load(), "one check reached the identity service")
		f.clock.Add(30 * time.Second)
		assert.True(t, f.tokenWorks(t, login.Token))
		assert.EqualValues(t, 2, f.sessionChecks.Load())
		assert.Equal(t, 1, f.cache.Len(), "one entry per token")
	})
	t.Run("an unknown token is remembered as such", func(t *testing.T) {
		f := newAccountFixture(t, nil)
		assert.False(t, f.tokenWorks(t, "forged-token"))
		assert.False(t, f.tokenWorks(t, "forged-token"))
		assert.EqualValues(t, 1, f.sessionChecks.Load())
	})
	t.Run("logout drops the entry at once", func(t *testing.T) {
		f := newAccountFixture(t, nil)
		login := f.registerPhone(t, "13900000502", "secret-1")
		assert.True(t, f.tokenWorks(t, login.Token))
		f.ok(t, "POST", "/login/logout", "", "token", login.Token)
		assert.False(t, f.tokenWorks(t, login.Token), "no 30 seconds of grace")
	})
	t.Run("deregistration drops every token of the account", func(t *testing.T) {
		f := newAccountFixture(t, nil)
		first := f.registerPhone(t, "13900000503", "secret-1")
		second := decodeLogin(t, f.ok(t, "POST", "/login/phonePasswordLogin", `{"phone":"13900000503","password":"secret-1"}`))
		assert.True(t, f.tokenWorks(t, first.Token))
		assert.True(t, f.tokenWorks(t, second.Token))
		code := f.phoneCode(t, "13900000503", "logOff")
		f.ok(t, "POST", "/login/logOff", `{"account":"13900000503","code":"`+code+`"}`, "token", first.Token)
		assert.False(t, f.tokenWorks(t, first.Token))
		assert.False(t, f.tokenWorks(t, second.Token))
	})
	t.Run("a password reset drops every token of the account", func(t *testing.T) {
		f := newAccountFixture(t, nil)
		login := f.registerPhone(t, "13900000504", "secret-1")
		assert.True(t, f.tokenWorks(t, login.Token))
		code := f.phoneCode(t, "13900000504", "resetPassword")
		f.ok(t, "POST", "/login/phoneResetPass", `{"phone":"13900000504","code":"`+code+`","password":"secret-2","confirmPassword":"secret-2"}`)
		assert.False(t, f.tokenWorks(t, login.Token))
	})
	t.Run("an unreachable identity service is not remembered", func(t *testing.T) {
		f := newAccountFixture(t, nil)
		login := f.registerPhone(t, "13900000505", "secret-1")
		f.down.Store(true)
		resp, env := f.do(t, "POST", "/login/validateToken?token="+login.Token, "")
		assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
		assert.Equal(t, "upstream.unavailable", env.ErrorKey)
		f.down.Store(false)
		assert.True(t, f.tokenWorks(t, login.Token))
	})
}

func TestAccountKeysHaveTextsInEveryLanguage(t *testing.T) {
	keys := []string{
		string(account.NotLoggedIn), string(account.TokenExpired), string(account.PhoneRegistered), string(account.EmailRegistered),
		string(account.InvalidAccount), string(account.InvalidEmail), string(account.CodeIncorrect), string(account.CodeRequired),
		string(account.SMSCodeRequired), string(account.CodeExpired), string(account.CodeExhausted), string(account.NotRegistered),
		string(account.RegistrationFailed), string(account.VerificationFailed), string(account.BadCredentials),
		string(account.NotOwner), string(account.QRExpired), string(httpapi.PasswordMismatch), string(httpapi.CodeTooFrequent),
		string(httpapi.TooManyRequests), string(httpapi.TooManyAttempts),
		"account.code_sent", "account.login_success", "account.register_success", "account.password_reset_success",
		"account.logout_success", "account.deregister_success",
	}
	for _, key := range keys {
		en := messages.Text(key, "en")
		assert.NotEqual(t, key, en, "%s has no English text", key)
		for _, lang := range messages.Languages {
			if strings.HasPrefix(string(lang), "en") {
				continue
			}
			assert.NotEqual(t, en, messages.Text(key, lang), "%s has no %s text", key, lang)
		}
	}
	// The English texts of spec section 8, word for word.
	for key, text := range map[apierr.Key]string{
		account.PhoneRegistered:    "This mobile number has been registered!",
		account.EmailRegistered:    "This email has been registered!",
		account.InvalidAccount:     "Please enter the correct mobile phone or email",
		account.InvalidEmail:       "Please enter the correct email",
		account.CodeIncorrect:      "Verification Code is incorrect. Please re-enter",
		account.CodeRequired:       "Please get the verification code first!",
		account.NotRegistered:      "This user has not been registered!",
		httpapi.PasswordMismatch:   "The passwords entered twice are inconsistent",
		account.RegistrationFailed: "Registration failed. Please check if the account or verification code is correct!!!",
		account.SMSCodeRequired:    "Please request SMS verification code first!",
		account.VerificationFailed: "Verification failed",
	} {
		assert.Equal(t, text, messages.Text(string(key), "en"))
	}
}

func TestThirdPartyLoginComesBackOnlyToTheSite(t *testing.T) {
	authorize := func(t *testing.T, f *acctFixture, redirect string, headers ...string) (int, string) {
		resp, env := f.do(t, "POST", "/login/thirdPartyAuthorize", `{"provider":"linkedin","redirectUri":"`+redirect+`"}`, headers...)
		return resp.StatusCode, env.ErrorKey
	}
	t.Run("with configured origins, only those", func(t *testing.T) {
		f := newAccountFixture(t, nil, func(d *httpapi.Deps) { d.SiteOrigins = []string{"https://www.jaka.example"} })
		status, _ := authorize(t, f, "https://WWW.jaka.example/login/callback")
		assert.Equal(t, http.StatusOK, status)
		status, key := authorize(t, f, "https://evil.example/login/callback", "Host", "evil.example")
		assert.Equal(t, http.StatusBadRequest, status, "a forged Host header does not widen the origins")
		assert.Equal(t, "request.invalid", key)
		status, _ = authorize(t, f, "http://www.jaka.example/login/callback")
		assert.Equal(t, http.StatusBadRequest, status, "the scheme is part of the origin")
	})
	t.Run("without, the request's host, or the one a trusted proxy forwarded, when it is this machine", func(t *testing.T) {
		f := newAccountFixture(t, func(l *ratelimit.Limits) { l.TrustedProxies, _ = ratelimit.ParsePrefixes("127.0.0.1") })
		status, _ := authorize(t, f, "http://localhost:5173/cb", "X-Forwarded-Host", "localhost:5173")
		assert.Equal(t, http.StatusOK, status)
		status, _ = authorize(t, f, "http://site.example:5173/cb", "X-Forwarded-Host", "site.example:5173")
		assert.Equal(t, http.StatusBadRequest, status, "a forwarded host that is not this machine is not believed")
		untrusted := newAccountFixture(t, nil)
		status, _ = authorize(t, untrusted, "http://localhost:5173/cb", "X-Forwarded-Host", "localhost:5173")
		assert.Equal(t, http.StatusBadRequest, status, "X-Forwarded-Host of an untrusted peer is ignored")
	})
	t.Run("without, a forged Host header does not send the login elsewhere", func(t *testing.T) {
		f := newAccountFixture(t, nil)
		for _, host := range []string{"evil.example", "evil.example:443", "127.0.0.1.evil.example", "localhost.evil.example"} {
			status, key := authorize(t, f, "https://"+host+"/login/callback", "Host", host)
			assert.Equal(t, http.StatusBadRequest, status, host)
			assert.Equal(t, "request.invalid", key, host)
		}
		for _, host := range []string{"127.0.0.1:8080", "localhost:8080", "[::1]:8080"} {
			status, _ := authorize(t, f, "http://"+host+"/login/callback", "Host", host)
			assert.Equal(t, http.StatusOK, status, "a developer's site on %s", host)
		}
	})
}
