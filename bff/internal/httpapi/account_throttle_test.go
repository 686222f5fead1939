package httpapi_test

import (
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

// The client addresses of the throttle tests, told to the BFF by a trusted proxy (the tests'
// loopback connection) in X-Forwarded-For.
const (
	strangerIP = "198.51.100.7"
	ownerIP    = "203.0.113.9"
)

// behindProxy turns on the default limits and believes X-Forwarded-For from loopback, so that
// each test request can come from the client address it names.
func behindProxy(l *ratelimit.Limits) {
	withDefaultLimits(l)
	l.TrustedProxies, _ = ratelimit.ParsePrefixes("127.0.0.1, ::1")
}

// from is the header of a request from the client address ip.
func from(ip string) []string { return []string{"X-Forwarded-For", ip} }

// retryAfter reads the Retry-After of a 429 in whole seconds.
func retryAfter(t *testing.T, resp *http.Response) time.Duration {
	t.Helper()
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	require.NoError(t, err, "Retry-After %q", resp.Header.Get("Retry-After"))
	return time.Duration(secs) * time.Second
}

// fail sends a request that must be refused by the identity service (wantKey), not by a throttle:
// whenever a throttle asks to wait, the clock is moved on by exactly its Retry-After first.
func (f *acctFixture) fail(t *testing.T, path, body, wantKey string, headers ...string) {
	t.Helper()
	for range 20 {
		resp, env := f.do(t, "POST", path, body, headers...)
		if resp.StatusCode != http.StatusTooManyRequests {
			require.Equal(t, wantKey, env.ErrorKey, "%s %s", path, body)
			return
		}
		f.clock.Add(retryAfter(t, resp))
	}
	t.Fatalf("%s: still throttled after 20 waits", path)
}

// guess makes n failures from the client address ip, waiting out the delays (the clock moves
// on by each Retry-After). A wait of more than two minutes is a lock rather than a delay: the
// guesser stops there, and the test goes on to see whether the owner is locked out too.
func (f *acctFixture) guess(t *testing.T, n int, ip, path, body, wantKey string) {
	t.Helper()
	for failures := 0; failures < n; {
		resp, env := f.do(t, "POST", path, body, from(ip)...)
		if resp.StatusCode == http.StatusTooManyRequests {
			wait := retryAfter(t, resp)
			if wait > 2*time.Minute {
				return
			}
			f.clock.Add(wait)
			continue
		}
		require.Equal(t, wantKey, env.ErrorKey, "%s %s", path, body)
		failures++
	}
}

// TestAStrangerCannotLockTheOwnerOut: failed logins are throttled per account and address, not
// locked per account, so a stranger's wrong passwords or codes slow the stranger down and leave
// the owner at their own address alone (OWASP: throttling, not lock-out).
func TestAStrangerCannotLockTheOwnerOut(t *testing.T) {
	t.Run("wrong passwords from one address, the owner logs in from another at once", func(t *testing.T) {
		f := newAccountFixture(t, behindProxy)
		f.guess(t, 12, strangerIP, "/login/phonePasswordLogin", `{"phone":"13800138000","password":"guess-123"}`, "account.bad_credentials")
		f.ok(t, "POST", "/login/phonePasswordLogin", `{"phone":"138 0013 8000","password":"Jaka@2024"}`, from(ownerIP)...)
		f.ok(t, "POST", "/login/emailPasswordLogin", `{"email":"demo@jaka.example","password":"Jaka@2024"}`, from(ownerIP)...)
		resp, env := f.do(t, "POST", "/login/phonePasswordLogin", `{"phone":"13800138000","password":"guess-124"}`, from(strangerIP)...)
		assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "the stranger still waits")
		assert.Equal(t, "account.too_many_attempts", env.ErrorKey)
	})
	t.Run("wrong codes from one address, the owner logs in with a code from another at once", func(t *testing.T) {
		f := newAccountFixture(t, behindProxy)
		f.guess(t, 12, strangerIP, "/login/phoneCodeLogin", `{"phone":"13800138000","code":"123456"}`, "account.sms_code_required")
		code := f.phoneCode(t, "13800138000", "login")
		f.ok(t, "POST", "/login/phoneCodeLogin", `{"phone":"13800138000","code":"`+code+`"}`, from(ownerIP)...)
		// The same for a password reset: the owner's code works at once.
		code = f.phoneCodeFrom(t, "13800138000", "resetPassword", ownerIP)
		f.ok(t, "POST", "/login/phoneResetPass",
			`{"phone":"13800138000","code":"`+code+`","password":"Jaka@2025","confirmPassword":"Jaka@2025"}`, from(ownerIP)...)
	})
}

// phoneCodeFrom asks for an SMS code from the client address ip once the code limit of the
// phone allows it, and reads the code from the outbox.
func (f *acctFixture) phoneCodeFrom(t *testing.T, phone, purpose, ip string) string {
	t.Helper()
	body := fmt.Sprintf(`{"phone":%q,"purpose":%q}`, phone, purpose)
	resp, env := f.do(t, "POST", "/login/phoneVerificationCode", body, from(ip)...)
	if resp.StatusCode == http.StatusTooManyRequests && env.ErrorKey == "account.code_too_frequent" {
		f.clock.Add(retryAfter(t, resp)) // one code a minute per phone: the flood limit, not a lock
		f.ok(t, "POST", "/login/phoneVerificationCode", body, from(ip)...)
	} else {
		require.Equal(t, http.StatusOK, resp.StatusCode, env.ErrorKey)
	}
	return f.lastCode(t, phone)
}

// TestPasswordSprayingFromOneAddressStopsQuickly: one address trying a password on each of many
// accounts is throttled by its failures on any account.
func TestPasswordSprayingFromOneAddressStopsQuickly(t *testing.T) {
	f := newAccountFixture(t, behindProxy)
	first429 := 0
	for i := range 50 {
		resp, env := f.do(t, "POST", "/login/phonePasswordLogin", fmt.Sprintf(`{"phone":"1390000%04d","password":"Jaka@2024"}`, i), from(strangerIP)...)
		if resp.StatusCode == http.StatusTooManyRequests {
			first429 = i + 1
			assert.Equal(t, "account.too_many_requests", env.ErrorKey, "the address, not the account, has to wait")
			assert.Equal(t, "1", resp.Header.Get("Retry-After"))
			break
		}
		require.Equal(t, "account.bad_credentials", env.ErrorKey, "unknown accounts look like wrong passwords")
	}
	require.NotZero(t, first429, "50 accounts tried from one address without a pause")
	assert.Equal(t, 11, first429, "ten free failures, then the address waits")

	// Another address is not affected, nor is the owner of an account the sprayer tried.
	f.ok(t, "POST", "/login/phonePasswordLogin", `{"phone":"13800138000","password":"Jaka@2024"}`, from(ownerIP)...)
	_, env := f.do(t, "POST", "/login/phonePasswordLogin", `{"phone":"13900009999","password":"Jaka@2024"}`, from(ownerIP)...)
	assert.Equal(t, "account.bad_credentials", env.ErrorKey)

	// The sprayer's waits grow: 1 s, 2 s, 4 s, 8 s …
	for _, want := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second} {
		resp, env := f.do(t, "POST", "/login/phonePasswordLogin", `{"phone":"13900008888","password":"Jaka@2024"}`, from(strangerIP)...)
		require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
		require.Equal(t, "account.too_many_requests", env.ErrorKey)
		require.Equal(t, want, retryAfter(t, resp))
		f.clock.Add(want)
		_, env = f.do(t, "POST", "/login/phonePasswordLogin", `{"phone":"13900008888","password":"Jaka@2024"}`, from(strangerIP)...)
		require.Equal(t, "account.bad_credentials", env.ErrorKey, "unknown accounts look like wrong passwords")
	}
}

// TestFailedLoginDelaysGrowAndRetryAfterIsExact: failures of one account from one address get
// growing delays after the free ones; a success clears them.
func TestFailedLoginDelaysGrowAndRetryAfterIsExact(t *testing.T) {
	f := newAccountFixture(t, behindProxy)
	wrong := `{"email":"demo@jaka.example","password":"not-it"}`
	for range 5 {
		_, env := f.do(t, "POST", "/login/emailPasswordLogin", wrong, from(ownerIP)...)
		require.Equal(t, "account.bad_credentials", env.ErrorKey, "the first five failures are free")
	}
	for _, want := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second} {
		resp, env := f.do(t, "POST", "/login/emailPasswordLogin", `{"email":"demo@jaka.example","password":"Jaka@2024"}`, from(ownerIP)...)
		require.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "even the right password waits its turn")
		require.Equal(t, "account.too_many_attempts", env.ErrorKey)
		require.Equal(t, want, retryAfter(t, resp))
		if want > time.Second {
			f.clock.Add(time.Second)
			resp, _ = f.do(t, "POST", "/login/emailPasswordLogin", wrong, from(ownerIP)...)
			require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
			require.Equal(t, want-time.Second, retryAfter(t, resp), "Retry-After counts down")
			f.clock.Add(want - time.Second)
		} else {
			f.clock.Add(want)
		}
		_, env = f.do(t, "POST", "/login/emailPasswordLogin", wrong, from(ownerIP)...)
		require.Equal(t, "account.bad_credentials", env.ErrorKey)
	}
	// Eight failures: the next attempt waits 8 s; then the right password clears the failures.
	resp, _ := f.do(t, "POST", "/login/emailPasswordLogin", wrong, from(ownerIP)...)
	require.Equal(t, 8*time.Second, retryAfter(t, resp))
	f.clock.Add(8 * time.Second)
	f.ok(t, "POST", "/login/emailPasswordLogin", `{"email":"demo@jaka.example","password":"Jaka@2024"}`, from(ownerIP)...)
	_, env := f.do(t, "POST", "/login/emailPasswordLogin", wrong, from(ownerIP)...)
	assert.Equal(t, "account.bad_credentials", env.ErrorKey, "a success cleared the delays")
	_, env = f.do(t, "POST", "/login/emailPasswordLogin", wrong, from(ownerIP)...)
	assert.Equal(t, "account.bad_credentials", env.ErrorKey)
}

// TestTheAccountBrakeSlowsButNeverLocks: failures from many addresses engage the account's own
// throttle, whose waits are short and growing: the owner waits, never for long.
func TestTheAccountBrakeSlowsButNeverLocks(t *testing.T) {
	f := newAccountFixture(t, func(l *ratelimit.Limits) {
		behindProxy(l)
		l.FailuresPerAccount = ratelimit.Backoff{Free: 20, Base: time.Second, Max: time.Minute, Window: time.Hour}
	})
	for i := range 20 {
		f.fail(t, "/login/phonePasswordLogin", `{"phone":"13800138000","password":"guess-000"}`, "account.bad_credentials", from(fmt.Sprintf("192.0.2.%d", i+1))...)
	}
	resp, env := f.do(t, "POST", "/login/phonePasswordLogin", `{"phone":"13800138000","password":"Jaka@2024"}`, from(ownerIP)...)
	assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	assert.Equal(t, "account.too_many_attempts", env.ErrorKey)
	assert.Equal(t, "1", resp.Header.Get("Retry-After"))
	f.clock.Add(time.Second)
	f.ok(t, "POST", "/login/phonePasswordLogin", `{"phone":"13800138000","password":"Jaka@2024"}`, from(ownerIP)...)

	// A botnet that keeps failing makes every attempt wait longer, up to the cap of a minute.
	var wait time.Duration
	for i := range 12 {
		f.fail(t, "/login/phonePasswordLogin", `{"phone":"13800138000","password":"guess-000"}`, "account.bad_credentials", from(fmt.Sprintf("192.0.2.%d", 100+i))...)
		resp, _ := f.do(t, "POST", "/login/phonePasswordLogin", `{"phone":"13800138000","password":"Jaka@2024"}`, from(ownerIP)...)
		require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
		wait = retryAfter(t, resp)
	}
	assert.Equal(t, time.Minute, wait)
	f.clock.Add(wait)
	f.ok(t, "POST", "/login/phonePasswordLogin", `{"phone":"13800138000","password":"Jaka@2024"}`, from(ownerIP)...)
}

// TestFailedCodeChecksAreThrottledLikePasswords: registration, reset and deregistration codes
// count towards the same throttles as logins of the account.
func TestFailedCodeChecksAreThrottledLikePasswords(t *testing.T) {
	f := newAccountFixture(t, behindProxy)
	for range 5 {
		_, env := f.do(t, "POST", "/login/emailRegister", `{"email":"new@example.com","code":"123456","password":"secret-1","confirmPassword":"secret-1"}`, from(strangerIP)...)
		require.Equal(t, "account.code_required", env.ErrorKey)
	}
	resp, env := f.do(t, "POST", "/login/emailRegister", `{"email":"NEW@example.com","code":"123456","password":"secret-1","confirmPassword":"secret-1"}`, from(strangerIP)...)
	assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	assert.Equal(t, "account.too_many_attempts", env.ErrorKey)
	assert.Equal(t, "1", resp.Header.Get("Retry-After"))
	resp, env = f.do(t, "POST", "/login/emailResetPass", `{"email":"new@example.com","code":"123456","password":"secret-1","confirmPassword":"secret-1"}`, from(strangerIP)...)
	assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	assert.Equal(t, "account.too_many_attempts", env.ErrorKey)

	// The real owner of the address registers from their own address at once.
	code := f.emailCode(t, "new@example.com", "register")
	f.ok(t, "POST", "/login/emailRegister", `{"email":"new@example.com","code":"`+code+`","password":"secret-1","confirmPassword":"secret-1"}`, from(ownerIP)...)
}

// TestFailuresOfTheIdentityServiceDoNotCount: a 503 of the identity service is no failure of the
// visitor.
func TestFailuresOfTheIdentityServiceDoNotCount(t *testing.T) {
	f := newAccountFixture(t, func(l *ratelimit.Limits) {
		l.FailuresPerAccountIP = ratelimit.Backoff{Free: 2, Base: time.Hour, Max: time.Hour, Window: time.Hour}
		l.FailuresPerIP = l.FailuresPerAccountIP
		l.FailuresPerAccount = l.FailuresPerAccountIP
	})
	f.down.Store(true)
	for range 5 {
		_, env := f.do(t, "POST", "/login/phonePasswordLogin", `{"phone":"13800138000","password":"Jaka@2024"}`)
		require.Equal(t, "upstream.unavailable", env.ErrorKey)
	}
	f.down.Store(false)
	f.ok(t, "POST", "/login/phonePasswordLogin", `{"phone":"13800138000","password":"Jaka@2024"}`)
}
