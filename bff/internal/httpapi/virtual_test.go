package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/oapi"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/vm"
	"github.com/jakarobotics/website/bff/internal/virtual"
	"github.com/jakarobotics/website/mocks"
	"github.com/jakarobotics/website/mocks/mockkit"
)

// fakeAccounts is a fixed table of session tokens, the users of handler tests (served by
// tokenAccounts).
type fakeAccounts map[string]account.User

// The users of the virtual trial tests, by session token.
var virtualUsers = fakeAccounts{
	"phone-user":   {ID: 1, UserName: "Li Lei", Phone: "13800000001", Email: "li.lei@example.com"},
	"email-user":   {ID: 2, UserName: "Anna Weber", Email: "Anna.Weber@Example.com"},
	"wechat-user":  {ID: 3, UserName: "微信用户"},
	"double-click": {ID: 4, UserName: "Han Meimei", Phone: "13800000004"},
}

// virtualFixture is the BFF in front of a real simulator-pool mock, both on httptest servers.
type virtualFixture struct {
	bff  *httptest.Server
	pool *httptest.Server
	mock *mocks.Mock
	spec *oapi.Spec
}

func newVirtualFixture(t *testing.T, timeout, longTimeout time.Duration) *virtualFixture {
	t.Helper()
	spec := mustWholeSpec(t)
	m, err := mocks.New("vm", mocks.Options{})
	require.NoError(t, err)
	pool := httptest.NewServer(m.Handler)
	t.Cleanup(pool.Close)
	base, _ := url.Parse(pool.URL)
	return startVirtualBFF(t, spec, vm.New(upstream.Client{System: "vm", BaseURL: base}), timeout, longTimeout,
		&virtualFixture{pool: pool, mock: m, spec: spec})
}

func startVirtualBFF(t *testing.T, spec *oapi.Spec, client vm.Client, timeout, longTimeout time.Duration, f *virtualFixture, more ...func(*httpapi.Deps)) *virtualFixture {
	t.Helper()
	deps := httpapi.Deps{
		Spec:        mustServingSpec(t),
		Accounts:    tokenAccounts{users: virtualUsers},
		VM:          client,
		Log:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		Timeout:     timeout,
		LongTimeout: longTimeout,
	}
	for _, m := range more {
		m(&deps)
	}
	h, err := httpapi.NewServer(deps)
	require.NoError(t, err)
	f.bff = httptest.NewServer(h)
	f.spec = spec
	t.Cleanup(f.bff.Close)
	return f
}

// call sends one request as the user with token (none when empty) in lang, checks that the
// answer is an envelope valid per the contract, and returns it.
func (f *virtualFixture) call(t *testing.T, method, path, token, lang, body string) (int, envelope) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, f.bff.URL+"/prod-api"+path, rd)
	require.NoError(t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("token", token)
	}
	req.Header.Set("lang", lang)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	var env envelope
	require.NoError(t, json.Unmarshal(raw, &env), "not an envelope: %s", raw)
	assert.Equal(t, resp.StatusCode, env.Code)

	route, ok := f.spec.Route(method, strings.SplitN(path, "?", 2)[0])
	require.True(t, ok, path)
	err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, Route: route},
		Status:                 resp.StatusCode,
		Header:                 resp.Header,
		Body:                   io.NopCloser(bytes.NewReader(raw)),
		Options:                &openapi3filter.Options{MultiError: true},
	})
	assert.NoError(t, err, "%s %s answers per the contract: %s", method, path, raw)
	return resp.StatusCode, env
}

// trialView is the site's VirtualTrial as a test reads it.
type trialView struct {
	ID               int64   `json:"id"`
	Status           string  `json:"status"`
	RobotModel       string  `json:"robotModel"`
	CabinetVersion   string  `json:"cabinetVersion"`
	TrialCode        *string `json:"trialCode"`
	ExperienceLink   *string `json:"experienceLink"`
	TrialPassword    *string `json:"trialPassword"`
	DurationHours    int     `json:"durationHours"`
	RemainingSeconds int64   `json:"remainingSeconds"`
	CreatedAt        string  `json:"createdAt"`
	ExpiresAt        *string `json:"expiresAt"`
	Notice           *string `json:"notice"`
}

func (f *virtualFixture) trial(t *testing.T, method, path, token, lang, body string) (int, envelope, trialView) {
	t.Helper()
	status, env := f.call(t, method, path, token, lang, body)
	var tr trialView
	if status == http.StatusOK && string(env.Data) != "null" {
		require.NoError(t, json.Unmarshal(env.Data, &tr))
	}
	return status, env, tr
}

func (f *virtualFixture) advance(t *testing.T, by string) {
	t.Helper()
	resp, err := http.Post(f.pool.URL+"/__admin/clock/advance?by="+by, "", nil)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
}

func (f *virtualFixture) poolTrials(t *testing.T) int {
	t.Helper()
	resp, err := http.Get(f.pool.URL + "/__admin/trials")
	require.NoError(t, err)
	defer resp.Body.Close()
	var all struct{ Trials []json.RawMessage }
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&all))
	return len(all.Trials)
}

const (
	applyPath   = "/api/virtual/applyVirtualMachine"
	switchPath  = "/api/virtual/switchVersion"
	phonePath   = "/api/virtual/phoneHasCreateEcs"
	emailPath   = "/api/virtual/emailHasCreateEcs"
	recoverPath = "/api/virtual/systemRecovery"
	zu7         = `{"robotModel":"JAKA Zu 7","cabinetVersion":"CAB 3.0"}`
	pro12       = `{"robotModel":"JAKA Pro 12","cabinetVersion":"CAB 3.0"}`
)

// A trial from application to reapplication: creating with its notice, active with code, link,
// password and a running timer, switched with the timer unchanged, a no-change switch refused,
// synchronised, ended by the pool's clock, and applied for again.
func TestVirtualTrialJourney(t *testing.T) {
	f := newVirtualFixture(t, 5*time.Second, 5*time.Second)
	const user = "phone-user"

	status, env, _ := f.trial(t, "GET", phonePath, user, "en", "")
	require.Equal(t, http.StatusOK, status)
	assert.JSONEq(t, "null", string(env.Data), "no trial yet")

	status, env, tr := f.trial(t, "POST", applyPath, user, "en", zu7)
	require.Equal(t, http.StatusOK, status, env.Msg)
	assert.Equal(t, "creating", tr.Status)
	assert.Equal(t, "JAKA Zu 7", tr.RobotModel)
	assert.Equal(t, "CAB 3.0", tr.CabinetVersion)
	assert.Equal(t, 4, tr.DurationHours, "the configured trial length, in every language")
	assert.EqualValues(t, 4*3600, tr.RemainingSeconds)
	assert.Nil(t, tr.TrialCode)
	assert.Nil(t, tr.ExperienceLink)
	assert.Nil(t, tr.ExpiresAt)
	require.NotNil(t, tr.Notice)
	assert.Equal(t, "Your virtual machine is being created. Please wait…", *tr.Notice)
	first := tr.ID

	_, _, tr = f.trial(t, "GET", phonePath, user, "th", "")
	assert.Equal(t, 4, tr.DurationHours, "Thai shows the configured length too, not the 2 hours of old copy")
	assert.Equal(t, "กำลังสร้างเครื่องเสมือน กรุณารอสักครู่…", *tr.Notice)

	status, env = f.call(t, "POST", switchPath, user, "en", pro12)
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "virtual.creating", env.ErrorKey, "a machine being created cannot switch")
	status, env = f.call(t, "GET", recoverPath, user, "zh", "")
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "虚拟机正在创建中，请稍候…", env.Msg)

	f.advance(t, "31s")
	_, _, tr = f.trial(t, "GET", emailPath, user, "en", "")
	require.Equal(t, "active", tr.Status, "both lookups find the account's trial")
	assert.Nil(t, tr.Notice)
	require.NotNil(t, tr.TrialCode)
	assert.Regexp(t, `^JK-\w{6}$`, *tr.TrialCode)
	assert.Equal(t, f.pool.URL+"/console/"+*tr.TrialCode, *tr.ExperienceLink)
	assert.Equal(t, "JAKA@trial2024", *tr.TrialPassword)
	require.NotNil(t, tr.ExpiresAt)
	expires := *tr.ExpiresAt

	f.advance(t, "1h")
	_, _, before := f.trial(t, "GET", phonePath, user, "en", "")
	assert.InDelta(t, 3*3600, before.RemainingSeconds, 5, "the timer counts down")
	status, env, tr = f.trial(t, "POST", switchPath, user, "de", pro12)
	require.Equal(t, http.StatusOK, status, env.Msg)
	assert.Equal(t, "upgrading", tr.Status)
	assert.Equal(t, "JAKA Pro 12", tr.RobotModel)
	assert.Equal(t, expires, *tr.ExpiresAt, "switching does not reset the timer")
	assert.InDelta(t, before.RemainingSeconds, tr.RemainingSeconds, 2)
	assert.Equal(t, first, tr.ID)
	require.NotNil(t, tr.Notice)
	assert.Contains(t, *tr.Notice, "umgestellt")

	status, env = f.call(t, "POST", switchPath, user, "en", zu7)
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "virtual.upgrading", env.ErrorKey, "the upgrade notice blocks use")

	f.advance(t, "3m")
	_, _, tr = f.trial(t, "GET", phonePath, user, "en", "")
	assert.Equal(t, "active", tr.Status, "the switch took three minutes")

	status, env = f.call(t, "POST", switchPath, user, "en", pro12)
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, "virtual.no_change", env.ErrorKey)
	assert.Equal(t, "No modifications made, no need to submit!", env.Msg)
	_, env = f.call(t, "POST", switchPath, user, "zh", pro12)
	assert.Equal(t, "未做任何修改，无需提交！", env.Msg)

	status, env = f.call(t, "GET", recoverPath, user, "en", "")
	require.Equal(t, http.StatusOK, status)
	assert.True(t, env.Success)
	assert.Equal(t, "Data synchronized", env.Msg)
	assert.Contains(t, string(env.Data), "synchronizedAt")

	status, env = f.call(t, "POST", applyPath, user, "en", zu7)
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "virtual.trial_active", env.ErrorKey, "one trial per account while it runs")

	f.advance(t, "3h")
	_, _, tr = f.trial(t, "GET", phonePath, user, "en", "")
	assert.Equal(t, "expired", tr.Status)
	assert.Zero(t, tr.RemainingSeconds)
	assert.Nil(t, tr.TrialCode, "an ended trial shows nothing usable")
	assert.Nil(t, tr.TrialPassword)
	for _, call := range []struct{ method, path, body string }{{"POST", switchPath, zu7}, {"GET", recoverPath, ""}} {
		status, env = f.call(t, call.method, call.path, user, "en", call.body)
		assert.Equal(t, http.StatusConflict, status)
		assert.Equal(t, "virtual.trial_expired", env.ErrorKey)
		assert.Equal(t, "Your virtual trial has ended. You may apply again.", env.Msg)
	}

	status, _, tr = f.trial(t, "POST", applyPath, user, "en", zu7)
	require.Equal(t, http.StatusOK, status, "after the end the user may apply again")
	assert.Equal(t, "creating", tr.Status)
	assert.NotEqual(t, first, tr.ID)
	assert.EqualValues(t, 4*3600, tr.RemainingSeconds, "a new trial has the whole length")
}

// An account registered by e-mail applies and finds its trial by either lookup; the address
// is matched whatever its case.
func TestVirtualTrialOfAnEmailAccount(t *testing.T) {
	f := newVirtualFixture(t, 5*time.Second, 5*time.Second)
	status, env, tr := f.trial(t, "POST", applyPath, "email-user", "fr", `{"robotModel":"JAKA MiniCobo","cabinetVersion":"CAB Mini"}`)
	require.Equal(t, http.StatusOK, status, env.Msg)
	for _, path := range []string{emailPath, phonePath} {
		_, _, got := f.trial(t, "GET", path, "email-user", "fr", "")
		assert.Equal(t, tr.ID, got.ID, path)
	}
	status, env = f.call(t, "POST", applyPath, "wechat-user", "en", zu7)
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, "virtual.no_identity", env.ErrorKey)
}

func TestVirtualOperationsNeedALogin(t *testing.T) {
	f := newVirtualFixture(t, 5*time.Second, 5*time.Second)
	for _, op := range []struct{ method, path, body string }{
		{"POST", applyPath, zu7}, {"POST", switchPath, pro12}, {"GET", phonePath, ""}, {"GET", emailPath, ""}, {"GET", recoverPath, ""},
	} {
		status, env := f.call(t, op.method, op.path, "", "en", op.body)
		assert.Equal(t, http.StatusUnauthorized, status, op.path)
		assert.Equal(t, "account.not_logged_in", env.ErrorKey, op.path)
		status, env = f.call(t, op.method, op.path, "stale-token", "en", op.body)
		assert.Equal(t, http.StatusUnauthorized, status, op.path)
		assert.Equal(t, "account.token_expired", env.ErrorKey, op.path)
	}
	assert.Zero(t, f.poolTrials(t), "nothing reached the pool")
}

func TestVirtualRefusals(t *testing.T) {
	f := newVirtualFixture(t, 5*time.Second, 5*time.Second)
	const user = "phone-user"
	for _, group := range []struct {
		status int
		cases  []struct{ name, method, path, body, key string }
	}{
		{http.StatusBadRequest, []struct{ name, method, path, body, key string }{
			{"no model", "POST", applyPath, `{"cabinetVersion":"CAB 3.0"}`, "request.invalid"},
			{"empty model", "POST", applyPath, `{"robotModel":"","cabinetVersion":"CAB 3.0"}`, "request.invalid"},
			{"unknown field", "POST", applyPath, `{"robotModel":"JAKA Zu 7","cabinetVersion":"CAB 3.0","hours":24}`, "request.invalid"},
			{"no body", "POST", switchPath, ``, "request.invalid"},
		}},
		{http.StatusNotFound, []struct{ name, method, path, body, key string }{
			{"switch without a trial", "POST", switchPath, pro12, "virtual.no_trial"},
			{"synchronise without a trial", "GET", recoverPath, "", "virtual.no_trial"},
		}},
		{http.StatusUnprocessableEntity, []struct{ name, method, path, body, key string }{
			{"unknown model", "POST", applyPath, `{"robotModel":"Zu 99","cabinetVersion":"CAB 3.0"}`, "virtual.unknown_model"},
			{"unknown cabinet", "POST", applyPath, `{"robotModel":"JAKA Zu 7","cabinetVersion":"CAB 9.9"}`, "virtual.unknown_cabinet"},
			{"cabinet of another series", "POST", applyPath, `{"robotModel":"JAKA C5","cabinetVersion":"CAB 2.1"}`, "virtual.unsupported_combination"},
		}},
	} {
		for _, tc := range group.cases {
			t.Run(tc.name, func(t *testing.T) {
				status, env := f.call(t, tc.method, tc.path, user, "ja", tc.body)
				assert.Equal(t, group.status, status)
				assert.Equal(t, tc.key, env.ErrorKey)
				assert.NotEqual(t, tc.key, env.Msg, "the key has a Japanese text")
			})
		}
	}
	assert.Zero(t, f.poolTrials(t), "refused applications create nothing")
}

// Twenty applications of one account at once (double clicks, several tabs) create exactly one
// trial: one answer is the trial, the others a clear 409.
func TestVirtualOneTrialPerAccountUnderConcurrentApplies(t *testing.T) {
	f := newVirtualFixture(t, 5*time.Second, 5*time.Second)
	created, conflicts := applyConcurrently(t, f, 20)
	assert.Equal(t, 1, created)
	assert.Equal(t, 19, conflicts)
	assert.Equal(t, 1, f.poolTrials(t))
}

func applyConcurrently(t *testing.T, f *virtualFixture, n int) (created, conflicts int) {
	t.Helper()
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, env := f.call(t, "POST", applyPath, "double-click", "en", zu7)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case status == http.StatusOK:
				created++
			case status == http.StatusConflict && env.ErrorKey == "virtual.trial_active":
				conflicts++
			default:
				t.Errorf("unexpected answer %d %s", status, env.ErrorKey)
			}
		}()
	}
	wg.Wait()
	return created, conflicts
}

// racyPool is a pool whose one-trial check is not atomic (check, then a slow create), as some
// legacy systems are: without the BFF's per-account lock, simultaneous applications would all
// pass the check. The create is "slow" until every application the test sends has either
// reached the pool or is waiting at the BFF's trial lock (arrivals), so an application the lock
// failed to stop is certain to slip through the window, however the goroutines are scheduled.
type racyPool struct {
	vm.Client
	mu       sync.Mutex
	trials   map[vm.Owner]int
	arrivals *arrivals
}

func newRacyPool(applications int) *racyPool {
	return &racyPool{trials: map[vm.Owner]int{}, arrivals: newArrivals(applications)}
}

func (p *racyPool) Apply(ctx context.Context, owner vm.Owner, choice vm.Choice) (vm.Trial, error) {
	p.arrivals.reachedPool()
	p.mu.Lock()
	has := p.trials[owner] > 0
	p.mu.Unlock()
	if has {
		return vm.Trial{}, vm.ErrHasTrial
	}
	if err := p.arrivals.waitForAll(ctx); err != nil {
		return vm.Trial{}, err
	}
	p.mu.Lock()
	p.trials[owner]++
	p.mu.Unlock()
	return vm.Trial{ID: 1, Model: choice.Model, Cabinet: choice.Cabinet, State: vm.StateProvisioning,
		RequestedAt: time.Now(), LifetimeHours: 4, SecondsLeft: 4 * 3600}, nil
}

// arrivals counts the applications that have asked for the BFF's trial lock (through
// countingLocks) and those that have reached the pool, until all of them are accounted for in
// one of the two ways.
type arrivals struct {
	mu              sync.Mutex
	all             int
	atLock, atPool  int
	accountedForAll chan struct{}
}

func newArrivals(all int) *arrivals {
	return &arrivals{all: all, accountedForAll: make(chan struct{})}
}

func (a *arrivals) askedForLock() { a.count(func() { a.atLock++ }) }
func (a *arrivals) reachedPool()  { a.count(func() { a.atPool++ }) }

func (a *arrivals) count(add func()) {
	a.mu.Lock()
	defer a.mu.Unlock()
	add()
	if a.atLock == a.all || a.atPool == a.all {
		select {
		case <-a.accountedForAll:
		default:
			close(a.accountedForAll)
		}
	}
}

// waitForAll waits until every application has asked for the lock, or every one has reached
// the pool (a server without a lock), or ctx ends.
func (a *arrivals) waitForAll(ctx context.Context) error {
	select {
	case <-a.accountedForAll:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// countingLocks is the server's trial lock, telling arrivals of every application that asks
// for it.
type countingLocks struct {
	virtual.Locker
	arrivals *arrivals
}

func (l countingLocks) Lock(ctx context.Context, owner vm.Owner) (func(), error) {
	l.arrivals.askedForLock()
	return l.Locker.Lock(ctx, owner)
}

func TestVirtualLockSerialisesAnAccountsApplications(t *testing.T) {
	spec := mustWholeSpec(t)
	pool := newRacyPool(20)
	counted := func(d *httpapi.Deps) { d.TrialLocks = countingLocks{virtual.NewLocalLocks(), pool.arrivals} }
	f := startVirtualBFF(t, spec, pool, 5*time.Second, 5*time.Second, &virtualFixture{}, counted)
	created, conflicts := applyConcurrently(t, f, 20)
	assert.Equal(t, 1, created)
	assert.Equal(t, 19, conflicts)
	assert.Equal(t, 1, pool.trials[vm.Owner{Phone: "13800000004"}], "the pool created one trial")
}

// Apply and switch wait for the long time-out, everything else for the default one; a pool
// slower than that is a 504 answered on time, and a pool that is down a 503.
func TestVirtualTimeOuts(t *testing.T) {
	const timeout, long = 150 * time.Millisecond, 600 * time.Millisecond
	f := newVirtualFixture(t, timeout, long)
	const user = "phone-user"

	f.mock.Faults.Set(mockkit.Faults{Latency: 300 * time.Millisecond})
	status, env := f.call(t, "GET", phonePath, user, "en", "")
	assert.Equal(t, http.StatusGatewayTimeout, status, "lookups have the default time-out")
	assert.Equal(t, "upstream.timeout", env.ErrorKey)
	status, env = f.call(t, "POST", applyPath, user, "en", zu7)
	assert.Equal(t, http.StatusOK, status, "apply waits for the long time-out: %s", env.ErrorKey)

	f.mock.Faults.Set(mockkit.Faults{Latency: 5 * time.Second})
	for _, op := range []struct{ path, body string }{{applyPath, zu7}, {switchPath, pro12}} {
		start := time.Now()
		status, env = f.call(t, "POST", op.path, "email-user", "en", op.body)
		took := time.Since(start)
		assert.Equal(t, http.StatusGatewayTimeout, status, op.path)
		assert.Equal(t, "upstream.timeout", env.ErrorKey)
		assert.Equal(t, "A service took too long to answer. Please try again later.", env.Msg)
		assert.GreaterOrEqual(t, took, long, "%s waited for the long time-out", op.path)
		assert.Less(t, took, long+time.Second, "%s answered soon after it", op.path)
	}

	f.mock.Faults.Set(mockkit.Faults{Down: true})
	status, env = f.call(t, "GET", recoverPath, user, "en", "")
	assert.Equal(t, http.StatusServiceUnavailable, status)
	assert.Equal(t, "upstream.unavailable", env.ErrorKey)
	f.mock.Faults.Set(mockkit.Faults{})
}

func TestVirtualCatalogue(t *testing.T) {
	f := newVirtualFixture(t, 5*time.Second, 5*time.Second)
	status, env := f.call(t, "GET", "/api/virtual/catalogue", "", "en", "")
	require.Equal(t, http.StatusOK, status)
	var models []struct {
		RobotModel      string
		CabinetVersions []string
	}
	require.NoError(t, json.Unmarshal(env.Data, &models))
	require.Len(t, models, 11)
	assert.Equal(t, "JAKA Zu 3", models[0].RobotModel)
	assert.Equal(t, []string{"CAB 3.0", "CAB 2.1"}, models[0].CabinetVersions)
}

// Every virtual key has its status and a text in every language the site writes.
func TestVirtualKeysHaveTextsInEveryLanguage(t *testing.T) {
	keys := []string{
		string(httpapi.VirtualTrialActive), string(httpapi.VirtualNoTrial), string(httpapi.VirtualCreating),
		string(httpapi.VirtualUpgrading), string(httpapi.VirtualTrialExpired), string(httpapi.VirtualNoChange),
		string(httpapi.VirtualUnknownModel), string(httpapi.VirtualUnknownCabinet), string(httpapi.VirtualUnsupported),
		string(httpapi.VirtualNoIdentity), httpapi.VirtualDataSynchronized,
	}
	for _, key := range keys {
		if key != httpapi.VirtualDataSynchronized {
			assert.Less(t, apierr.Status(apierr.Key(key)), 500, key)
		}
		seen := map[string]messages.Lang{}
		for _, lang := range []messages.Lang{"zh", "zh_tw", "en", "ja", "ko", "th", "es", "fr", "de", "ru"} {
			text := messages.Text(key, lang)
			assert.NotEqual(t, key, text, "%s has no text", key)
			if lang != "zh" && lang != "zh_tw" {
				if other, dup := seen[text]; dup {
					t.Errorf("%s: %s repeats the %s text", key, lang, other)
				}
			}
			seen[text] = lang
		}
	}
}

// blockingPool holds every application until release is closed, and tells when one arrives.
type blockingPool struct {
	vm.Client
	entered chan vm.Owner
	release chan struct{}
}

func (p *blockingPool) Apply(ctx context.Context, owner vm.Owner, choice vm.Choice) (vm.Trial, error) {
	p.entered <- owner
	select {
	case <-p.release:
	case <-ctx.Done():
		return vm.Trial{}, ctx.Err()
	}
	return vm.Trial{ID: 1, Model: choice.Model, Cabinet: choice.Cabinet, State: vm.StateProvisioning,
		RequestedAt: time.Now(), LifetimeHours: 4, SecondsLeft: 4 * 3600}, nil
}

// Each server has locks of its own unless it is given shared ones: an application held on one
// server does not hold the same account's application on another.
func TestVirtualServersDoNotShareTheirLocks(t *testing.T) {
	spec := mustWholeSpec(t)
	pool := &blockingPool{entered: make(chan vm.Owner, 2), release: make(chan struct{})}
	one := startVirtualBFF(t, spec, pool, 5*time.Second, 5*time.Second, &virtualFixture{})
	other := startVirtualBFF(t, spec, pool, 5*time.Second, 5*time.Second, &virtualFixture{})
	released := false
	release := func() {
		if !released {
			released = true
			close(pool.release)
		}
	}
	defer release()

	statuses := make(chan int, 2)
	apply := func(f *virtualFixture) {
		status, _ := f.call(t, "POST", applyPath, "double-click", "en", zu7)
		statuses <- status
	}
	go apply(one)
	<-pool.entered // the first server holds its lock of the account while the pool works
	go apply(other)
	select {
	case <-pool.entered:
	case <-time.After(3 * time.Second):
		t.Fatal("the second server waited for the first server's lock")
	}
	release()
	assert.Equal(t, http.StatusOK, <-statuses)
	assert.Equal(t, http.StatusOK, <-statuses)
}

// Servers given one Locker serialise an account's applications between them, as replicas with a
// shared lock will.
func TestVirtualSharedLocksSerialiseAcrossServers(t *testing.T) {
	spec := mustWholeSpec(t)
	pool := newRacyPool(20)
	locks := countingLocks{virtual.NewLocalLocks(), pool.arrivals}
	same := func(d *httpapi.Deps) { d.TrialLocks = locks }
	one := startVirtualBFF(t, spec, pool, 5*time.Second, 5*time.Second, &virtualFixture{}, same)
	other := startVirtualBFF(t, spec, pool, 5*time.Second, 5*time.Second, &virtualFixture{}, same)
	var wg sync.WaitGroup
	var mu sync.Mutex
	created := 0
	for i := range 20 {
		f := one
		if i%2 == 1 {
			f = other
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if status, _ := f.call(t, "POST", applyPath, "double-click", "en", zu7); status == http.StatusOK {
				mu.Lock()
				created++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, 1, created)
	assert.Equal(t, 1, pool.trials[vm.Owner{Phone: "13800000004"}], "the pool created one trial")
}
