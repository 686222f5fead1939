package accounts_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

// clock is a clock the tests move by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)} }

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

// The errors an attempt ends with: the visitor's, and the identity service's own.
var (
	wrongPassword = apierr.New(account.BadCredentials, nil)
	serviceDown   = apierr.New(apierr.UpstreamUnavailable, nil)
)

func fails(err error) func() error { return func() error { return err } }

func TestAccountKeysNameOneAccountHoweverItIsWritten(t *testing.T) {
	for _, phone := range []string{"13800138000", "138 0013 8000", "+86 13800138000", "0086-138-0013-8000", " (138) 0013.8000 "} {
		assert.Equal(t, "phone:13800138000", accounts.AccountKey(account.SMS, phone), phone)
	}
	assert.Equal(t, "phone:+4930123456", accounts.AccountKey(account.SMS, "0049 30 123456"), "another country keeps its code")
	assert.Equal(t, "email:anna.weber@example.com", accounts.AccountKey(account.Email, " Anna.Weber@Example.com "))
	assert.NotEqual(t, accounts.AccountKey(account.SMS, "x@y.z"), accounts.AccountKey(account.Email, "x@y.z"))

	assert.Equal(t, account.Email, accounts.ChannelOf("anna@example.com"))
	assert.Equal(t, account.SMS, accounts.ChannelOf("13800138000"))
}

func TestCodesAreLimitedPerTargetThenPerClient(t *testing.T) {
	c := newClock()
	g := accounts.NewGuard(ratelimit.Limits{
		CodePerTarget: []ratelimit.Rule{{Limit: 1, Window: time.Minute}},
		CodePerIP:     []ratelimit.Rule{{Limit: 2, Window: time.Hour}},
	}, c.Now)
	sent := 0
	send := func() error { sent++; return nil }

	refusal, err := g.SendCode("phone:1", "10.0.0.1", send)
	require.Nil(t, refusal)
	require.NoError(t, err)
	refusal, _ = g.SendCode("phone:1", "10.0.0.1", send)
	require.NotNil(t, refusal, "the same phone again within the minute")
	assert.Equal(t, accounts.TargetTooFrequent, refusal.Reason)
	assert.Equal(t, time.Minute, refusal.Wait)
	assert.Equal(t, 1, sent, "a refused code is not sent")

	refusal, _ = g.SendCode("phone:2", "10.0.0.1", send)
	require.Nil(t, refusal, "the refusal above did not spend the client's budget")
	refusal, _ = g.SendCode("phone:3", "10.0.0.1", send)
	require.NotNil(t, refusal, "the client's third code in the hour")
	assert.Equal(t, accounts.ClientTooBusy, refusal.Reason)
	refusal, _ = g.SendCode("phone:3", "10.0.0.2", send)
	assert.Nil(t, refusal, "the client's refusal gave the phone's budget back")

	c.Add(time.Minute)
	refusal, _ = g.SendCode("phone:1", "10.0.0.3", send)
	assert.Nil(t, refusal, "the phone's minute has passed on the guard's clock")
}

func TestACodeThatWasNotSentKeepsTheTargetsBudgetButNotTheClients(t *testing.T) {
	g := accounts.NewGuard(ratelimit.Limits{
		CodePerTarget: []ratelimit.Rule{{Limit: 1, Window: time.Minute}},
		CodePerIP:     []ratelimit.Rule{{Limit: 2, Window: time.Hour}},
	}, newClock().Now)
	refusal, err := g.SendCode("phone:1", "10.0.0.1", fails(apierr.New(account.NotRegistered, nil)))
	require.Nil(t, refusal)
	assert.Equal(t, account.NotRegistered, apierr.From(err).Key, "the service's refusal is passed on")
	refusal, err = g.SendCode("phone:1", "10.0.0.1", fails(nil))
	assert.Nil(t, refusal, "the phone may be sent a code at once")
	assert.NoError(t, err)
	refusal, _ = g.SendCode("phone:2", "10.0.0.1", fails(nil))
	require.NotNil(t, refusal, "both requests counted for the client: refused codes do not probe for free")
	assert.Equal(t, accounts.ClientTooBusy, refusal.Reason)
}

// throttled is a guard whose failure throttles all give 2 free failures, then waits of 1 s
// doubling up to a minute.
func throttled(c *clock) *accounts.Guard {
	b := ratelimit.Backoff{Free: 2, Base: time.Second, Max: time.Minute, Window: time.Hour}
	return accounts.NewGuard(ratelimit.Limits{FailuresPerAccountIP: b, FailuresPerIP: b, FailuresPerAccount: b}, c.Now)
}

func TestFailedAttemptsEarnGrowingWaitsOnTheGuardsClock(t *testing.T) {
	c := newClock()
	g := throttled(c)
	for range 2 {
		refusal, err := g.Attempt("phone:1", "10.0.0.1", fails(wrongPassword))
		require.Nil(t, refusal)
		require.ErrorIs(t, err, wrongPassword)
	}
	tried := false
	refusal, err := g.Attempt("phone:1", "10.0.0.1", func() error { tried = true; return nil })
	require.NotNil(t, refusal, "the third try at once")
	assert.NoError(t, err)
	assert.False(t, tried, "a refused attempt does not reach the identity service")
	assert.Equal(t, accounts.AccountThrottled, refusal.Reason)
	assert.Equal(t, time.Second, refusal.Wait)

	c.Add(time.Second)
	refusal, _ = g.Attempt("phone:1", "10.0.0.1", fails(wrongPassword))
	require.Nil(t, refusal, "the wait has passed")
	refusal, _ = g.Attempt("phone:1", "10.0.0.1", fails(wrongPassword))
	require.NotNil(t, refusal)
	assert.Equal(t, 2*time.Second, refusal.Wait, "the next wait is twice as long")
}

func TestASuccessClearsOnlyTheAccountFromThisClient(t *testing.T) {
	c := newClock()
	pair := ratelimit.Backoff{Free: 2, Base: time.Second, Max: time.Minute, Window: time.Hour}
	client := ratelimit.Backoff{Free: 3, Base: time.Second, Max: time.Minute, Window: time.Hour}
	g := accounts.NewGuard(ratelimit.Limits{FailuresPerAccountIP: pair, FailuresPerIP: client}, c.Now)
	// The client sprays two accounts, logs into its own, and sprays on.
	g.Attempt("phone:victim", "10.0.0.1", fails(wrongPassword))
	g.Attempt("phone:other", "10.0.0.1", fails(wrongPassword))
	refusal, err := g.Attempt("phone:own", "10.0.0.1", fails(nil))
	require.Nil(t, refusal)
	require.NoError(t, err)
	refusal, _ = g.Attempt("phone:third", "10.0.0.1", fails(wrongPassword))
	require.Nil(t, refusal, "the success itself was not counted as a failure")
	refusal, _ = g.Attempt("phone:fourth", "10.0.0.1", fails(wrongPassword))
	require.NotNil(t, refusal, "the client's failures elsewhere were not wiped by its own login")
	assert.Equal(t, accounts.ClientTooBusy, refusal.Reason)

	// The owner's own failures from their address are cleared by their success.
	g2 := accounts.NewGuard(ratelimit.Limits{FailuresPerAccountIP: pair}, c.Now)
	g2.Attempt("phone:1", "10.0.0.9", fails(wrongPassword))
	g2.Attempt("phone:1", "10.0.0.9", fails(nil))
	g2.Attempt("phone:1", "10.0.0.9", fails(wrongPassword))
	refusal, _ = g2.Attempt("phone:1", "10.0.0.9", fails(wrongPassword))
	assert.Nil(t, refusal, "one failure before the success no longer counts")
}

func TestFailuresOfTheIdentityServiceAreGivenBack(t *testing.T) {
	g := throttled(newClock())
	for range 5 {
		refusal, err := g.Attempt("phone:1", "10.0.0.1", fails(serviceDown))
		require.Nil(t, refusal)
		require.ErrorIs(t, err, serviceDown)
	}
	refusal, _ := g.Attempt("phone:1", "10.0.0.1", fails(wrongPassword))
	assert.Nil(t, refusal, "the service's failures did not count against the visitor")
}

func TestAStrangerElsewhereReachesTheOwnerOnlyThroughTheAccountsBrake(t *testing.T) {
	c := newClock()
	pair := ratelimit.Backoff{Free: 2, Base: time.Second, Max: time.Minute, Window: time.Hour}
	brake := ratelimit.Backoff{Free: 4, Base: time.Second, Max: time.Minute, Window: time.Hour}
	g := accounts.NewGuard(ratelimit.Limits{FailuresPerAccountIP: pair, FailuresPerAccount: brake}, c.Now)
	for range 2 {
		g.Attempt("phone:1", "10.0.0.66", fails(wrongPassword))
	}
	refusal, _ := g.Attempt("phone:1", "10.0.0.66", fails(wrongPassword))
	require.NotNil(t, refusal, "the stranger is throttled")
	refusal, _ = g.Attempt("phone:1", "10.0.0.1", fails(nil))
	require.Nil(t, refusal, "the owner at their own address is not")

	for _, ip := range []string{"10.0.1.1", "10.0.1.2"} {
		refusal, _ = g.Attempt("phone:1", ip, fails(wrongPassword))
		require.Nil(t, refusal, ip)
	}
	refusal, _ = g.Attempt("phone:1", "10.0.0.1", fails(nil))
	require.NotNil(t, refusal, "failures from many addresses brake the account")
	assert.Equal(t, accounts.AccountThrottled, refusal.Reason)
	assert.Equal(t, time.Second, refusal.Wait, "a brake, never a lock")
	c.Add(time.Second)
	refusal, _ = g.Attempt("phone:1", "10.0.0.1", fails(nil))
	assert.Nil(t, refusal, "the owner gets in after the brake's wait")
}

func TestLookupsAreLimitedPerClientAndPerUser(t *testing.T) {
	c := newClock()
	g := accounts.NewGuard(ratelimit.Limits{
		LookupPerIP:        []ratelimit.Rule{{Limit: 1, Window: time.Hour}},
		CertificatePerIP:   []ratelimit.Rule{{Limit: 3, Window: time.Hour}},
		CertificatePerUser: []ratelimit.Rule{{Limit: 1, Window: time.Hour}},
		CompanyPerIP:       []ratelimit.Rule{{Limit: 1, Window: time.Hour}},
		CompanyPerUser:     []ratelimit.Rule{{Limit: 5, Window: time.Hour}},
	}, c.Now)

	assert.Nil(t, g.LookupAccount("10.0.0.1"))
	refusal := g.LookupAccount("10.0.0.1")
	require.NotNil(t, refusal)
	assert.Equal(t, accounts.ClientTooBusy, refusal.Reason)
	assert.Equal(t, time.Hour, refusal.Wait)
	assert.Nil(t, g.LookupAccount("10.0.0.2"), "another client")

	assert.Nil(t, g.LookupCertificates("10.0.0.1", 7))
	refusal = g.LookupCertificates("10.0.0.1", 7)
	require.NotNil(t, refusal)
	assert.Equal(t, accounts.UserTooBusy, refusal.Reason)
	assert.Nil(t, g.LookupCertificates("10.0.0.1", 8), "the user's refusal did not spend the client's budget")
	assert.Nil(t, g.LookupCertificates("10.0.0.1", 9))
	refusal = g.LookupCertificates("10.0.0.1", 10)
	require.NotNil(t, refusal)
	assert.Equal(t, accounts.ClientTooBusy, refusal.Reason)

	assert.Nil(t, g.LookupCompanies("10.0.0.1", 7), "companies have limits of their own")
	assert.NotNil(t, g.LookupCompanies("10.0.0.1", 8))
	c.Add(time.Hour)
	assert.Nil(t, g.LookupCompanies("10.0.0.1", 8), "an hour later on the guard's clock")
}

func TestAGuardWithoutLimitsAllowsEverything(t *testing.T) {
	g := accounts.NewGuard(ratelimit.Limits{}, nil)
	for range 50 {
		refusal, _ := g.SendCode("phone:1", "10.0.0.1", fails(nil))
		require.Nil(t, refusal)
		refusal, _ = g.Attempt("phone:1", "10.0.0.1", fails(errors.New("wrong")))
		require.Nil(t, refusal)
	}
}

// namingFactory is a ratelimit.Factory of local limiters that records the names asked for.
type namingFactory struct {
	local ratelimit.Factory
	names []string
}

func (f *namingFactory) Rules(name string, rules ...ratelimit.Rule) ratelimit.KeyLimiter {
	f.names = append(f.names, name)
	return f.local.Rules(name, rules...)
}

func (f *namingFactory) Backoff(name string, b ratelimit.Backoff) ratelimit.KeyLimiter {
	f.names = append(f.names, name)
	return f.local.Backoff(name, b)
}

// Every limit of the guard has a limiter of its own name, so that shared limiters (one count per
// name and key) never mix two limits; and the guard limits with what the factory made.
func TestTheGuardTakesItsLimitersFromTheFactoryUnderNamesOfTheirOwn(t *testing.T) {
	f := &namingFactory{local: ratelimit.Local(nil)}
	g := accounts.NewGuardOf(ratelimit.Limits{CodePerTarget: []ratelimit.Rule{{Limit: 1, Window: time.Hour}}}, f)
	assert.Len(t, f.names, 10)
	seen := map[string]bool{}
	for _, n := range f.names {
		assert.False(t, seen[n], "%s named twice", n)
		seen[n] = true
	}
	refusal, err := g.SendCode("phone", "ip", func() error { return nil })
	require.NoError(t, err)
	require.Nil(t, refusal)
	refusal, _ = g.SendCode("phone", "ip", func() error { return nil })
	require.NotNil(t, refusal)
	assert.Equal(t, accounts.TargetTooFrequent, refusal.Reason)
}
