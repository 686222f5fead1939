package httpapi_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/redistest"
	"github.com/jakarobotics/website/bff/internal/shared"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/bff/internal/virtual"
)

// Several BFF replicas behind one site, as app.Run wires them with REDIS_URL: one identity
// service, one Redis, one clock; each replica has its own Redis client, as a process would.

const replicaPrefix = "site:"

// sharingState gives a replica's dependencies the state kept in the Redis at addr, with the
// token cache's 30 seconds on the replica's clock.
func sharingState(t *testing.T, addr string) func(*httpapi.Deps) {
	return func(d *httpapi.Deps) {
		rdb, err := shared.NewClient("redis://"+addr, nil)
		require.NoError(t, err)
		t.Cleanup(func() { _ = rdb.Close() })
		inner := d.Accounts.(*account.CachedClient).Service
		d.Accounts = account.NewCachedIn(inner, shared.NewTokenCache(rdb, replicaPrefix, 30*time.Second, d.Clock))
		d.Limiters = shared.Limiters(rdb, replicaPrefix, d.Clock)
		d.LoginStates = shared.NewSpentStates(rdb, replicaPrefix, accounts.NewMemorySpentStates(d.Clock))
		d.TrialLocks = shared.NewLocks(rdb, replicaPrefix, 0, virtual.NewLocalLocks())
	}
}

// newReplicas starts n replicas sharing a new Redis, with the limits of limits.
func newReplicas(t *testing.T, n int, limits func(*ratelimit.Limits)) ([]*acctFixture, *redistest.Server) {
	t.Helper()
	srv := redistest.Start(t)
	first := newAccountFixture(t, limits, sharingState(t, srv.Addr))
	fs := []*acctFixture{first}
	for len(fs) < n {
		fs = append(fs, first.replica(t, limits, sharingState(t, srv.Addr)))
	}
	return fs, srv
}

// replica is another BFF in front of f's identity service, on f's clock.
func (f *acctFixture) replica(t *testing.T, limits func(*ratelimit.Limits), more ...func(*httpapi.Deps)) *acctFixture {
	t.Helper()
	l := ratelimit.Limits{}
	if limits != nil {
		limits(&l)
	}
	base, err := url.Parse(f.idpURL)
	require.NoError(t, err)
	r := &acctFixture{idpURL: f.idpURL, idp: f.idp, spec: f.spec, clock: f.clock}
	deps := httpapi.Deps{
		Spec:          mustServingSpec(t),
		Accounts:      account.NewCached(account.New(upstream.Client{System: "account", BaseURL: base}), 30*time.Second, f.clock.Now),
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
	r.bff = httptest.NewServer(handler)
	t.Cleanup(r.bff.Close)
	return r
}

// The code limit of a phone holds across the replicas: the code after the limit is refused on
// whichever replica it reaches.
func TestACodeLimitHoldsAcrossReplicas(t *testing.T) {
	fs, _ := newReplicas(t, 2, func(l *ratelimit.Limits) {
		l.CodePerTarget = []ratelimit.Rule{{Limit: 3, Window: time.Hour}}
	})
	body := `{"phone":"13900000601","purpose":"register"}`
	for i := range 3 {
		fs[i%2].ok(t, "POST", "/login/phoneVerificationCode", body)
	}
	for _, f := range fs {
		resp, env := f.do(t, "POST", "/login/phoneVerificationCode", body)
		assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "the fourth code, on either replica")
		assert.Equal(t, "account.code_too_frequent", env.ErrorKey)
		assert.Equal(t, "3600", resp.Header.Get("Retry-After"))
	}
	fs[1].ok(t, "POST", "/login/phoneVerificationCode", `{"phone":"13900000602","purpose":"register"}`)
}

// A session made on one replica works on the other; a logout on one ends it on both at once;
// a password reset on one ends every session of the account on both.
func TestSessionsAreSharedAcrossReplicas(t *testing.T) {
	fs, _ := newReplicas(t, 2, nil)
	a, b := fs[0], fs[1]
	login := a.registerPhone(t, "13900000611", "secret-1")
	assert.True(t, a.tokenWorks(t, login.Token))
	assert.True(t, b.tokenWorks(t, login.Token), "made on A, works on B")
	assert.EqualValues(t, 1, a.sessionChecks.Load(), "B knew the session from A's check")

	b.ok(t, "POST", "/login/logout", "", "token", login.Token)
	assert.False(t, a.tokenWorks(t, login.Token), "logged out on B, ended on A at once")

	second := decodeLogin(t, a.ok(t, "POST", "/login/phonePasswordLogin", `{"phone":"13900000611","password":"secret-1"}`))
	assert.True(t, b.tokenWorks(t, second.Token))
	code := a.phoneCode(t, "13900000611", "resetPassword")
	a.ok(t, "POST", "/login/phoneResetPass", `{"phone":"13900000611","code":"`+code+`","password":"secret-2","confirmPassword":"secret-2"}`)
	assert.False(t, b.tokenWorks(t, second.Token), "reset on A, ended on B at once")
}

// The growing delays after failed logins are earned on every replica together: the free
// failures are spent across both, the wait is the same on both, and a success on one clears it
// on the other.
func TestFailedLoginDelaysAreSharedAcrossReplicas(t *testing.T) {
	fs, _ := newReplicas(t, 2, behindProxy)
	wrong := `{"email":"demo@jaka.example","password":"not-it"}`
	right := `{"email":"demo@jaka.example","password":"Jaka@2024"}`
	for i := range 5 {
		_, env := fs[i%2].do(t, "POST", "/login/emailPasswordLogin", wrong, from(ownerIP)...)
		require.Equal(t, "account.bad_credentials", env.ErrorKey, "free failure %d", i+1)
	}
	for _, f := range fs {
		resp, env := f.do(t, "POST", "/login/emailPasswordLogin", right, from(ownerIP)...)
		require.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "the sixth attempt waits, on either replica")
		assert.Equal(t, "account.too_many_attempts", env.ErrorKey)
		assert.Equal(t, time.Second, retryAfter(t, resp))
	}
	fs[0].clock.Add(time.Second)
	_, env := fs[1].do(t, "POST", "/login/emailPasswordLogin", wrong, from(ownerIP)...)
	require.Equal(t, "account.bad_credentials", env.ErrorKey)
	resp, _ := fs[0].do(t, "POST", "/login/emailPasswordLogin", right, from(ownerIP)...)
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	assert.Equal(t, 2*time.Second, retryAfter(t, resp), "the delay doubled with B's failure")

	fs[0].clock.Add(2 * time.Second)
	fs[0].ok(t, "POST", "/login/emailPasswordLogin", right, from(ownerIP)...)
	_, env = fs[1].do(t, "POST", "/login/emailPasswordLogin", wrong, from(ownerIP)...)
	assert.Equal(t, "account.bad_credentials", env.ErrorKey, "the success on A cleared the delays on B")
}

// A third-party login's state is used once across the replicas: a login finished on one is not
// finished again on the other, whatever the identity service would take.
func TestAThirdPartyLoginStateIsUsedOnceAcrossReplicas(t *testing.T) {
	srv := redistest.Start(t)
	replayable := func(d *httpapi.Deps) { d.Accounts = replayableIdP{d.Accounts} }
	a := newAccountFixture(t, nil, sharingState(t, srv.Addr), replayable)
	b := a.replica(t, nil, sharingState(t, srv.Addr), replayable)
	login := a.startThirdPartyLogin(t, "alex@example.com")
	resp, env := a.do(t, "POST", "/login/thirdPartyLogin", login.body(), "Cookie", login.cookie)
	require.Equal(t, http.StatusOK, resp.StatusCode, env.ErrorKey)
	resp, env = b.do(t, "POST", "/login/thirdPartyLogin", login.body(), "Cookie", login.cookie)
	assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode, "the same state, code and cookie on the other replica")
	assert.Equal(t, "account.verification_failed", env.ErrorKey)
}

// When Redis stops, the replicas keep answering (no 5xx): limits hold per replica, sessions are
// checked with the identity service, and a logout still ends its session everywhere, since no
// replica trusts what Redis remembered while it cannot reach it.
func TestReplicasKeepAnsweringWhenRedisStops(t *testing.T) {
	fs, srv := newReplicas(t, 2, withDefaultLimits)
	a, b := fs[0], fs[1]
	login := a.registerPhone(t, "13900000621", "secret-1")
	require.True(t, b.tokenWorks(t, login.Token))
	checks := a.sessionChecks.Load()

	srv.Stop()
	noServerError := func(resp *http.Response, what string) {
		t.Helper()
		assert.Less(t, resp.StatusCode, 500, what)
	}
	for _, f := range fs {
		assert.True(t, f.tokenWorks(t, login.Token))
		resp, _ := f.do(t, "POST", "/login/phonePasswordLogin", `{"phone":"13900000621","password":"wrong"}`)
		noServerError(resp, "a failed login")
		f.clock.Add(time.Minute) // the code limit of the phone (one a minute) is the replica's own now
		f.ok(t, "POST", "/login/phoneVerificationCode", `{"phone":"13900000622","purpose":"register"}`)
		resp, env := f.do(t, "POST", "/login/phoneVerificationCode", `{"phone":"13900000622","purpose":"register"}`)
		assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "the replica's own limit holds")
		assert.Equal(t, "account.code_too_frequent", env.ErrorKey)
	}
	assert.Equal(t, checks+2, a.sessionChecks.Load(), "each check asked the identity service")

	b.ok(t, "POST", "/login/logout", "", "token", login.Token)
	assert.False(t, a.tokenWorks(t, login.Token), "the logout on B ends the session on A")
	_, env := a.do(t, "POST", "/login/inspectUserIsExit", fmt.Sprintf(`{"account":%q}`, "13900000621"))
	assert.True(t, env.Success)
}

// Replicas with the same UPLOAD_URL_SECRET accept each other's signed links: a link handed out
// by one opens its file on the other; a replica with another key refuses it.
func TestReplicasWithOneKeyAcceptEachOthersSignedLinks(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	a := newDownloadFixture(t, nil, func(d *httpapi.Deps) { d.Uploads.URLKey = key })
	// The other replicas read the same CMS as a, which honours the grant behind a's link.
	cms, err := url.Parse(a.cmsURL)
	require.NoError(t, err)
	replicaOf := func(k []byte) func(*httpapi.Deps) {
		return func(d *httpapi.Deps) {
			d.Uploads.URLKey = k
			d.Content = content.New(upstream.Client{System: "content", BaseURL: cms})
			d.Media = cms
		}
	}
	b := newDownloadFixture(t, nil, replicaOf(key))
	other := newDownloadFixture(t, nil, replicaOf([]byte("another key, another site entirely")))
	link := a.signedLink(t, 5022, "download")

	resp, body := b.get(t, "GET", link)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s", body)
	assert.Contains(t, string(body), "JAKA_SDK_2.3.1.zip")
	resp, body = other.get(t, "GET", link)
	assert.Equal(t, http.StatusForbidden, resp.StatusCode, "another key's link opens nothing")
	assert.Contains(t, string(body), "download.link_invalid")
}
