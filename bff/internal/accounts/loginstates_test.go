package accounts_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

func TestABrowserKeepsTheHashesOfAFewStartedLogins(t *testing.T) {
	var l accounts.StartedLogins
	assert.False(t, l.Has("s1"))
	l = l.With("s1")
	assert.True(t, l.Has("s1"))
	assert.NotContains(t, l.String(), "s1", "the browser keeps a hash, not the state")
	assert.Equal(t, l, accounts.ParseStartedLogins(l.String()), "the list reads back as written")

	l = l.With("s2").With("s3").With("s2")
	assert.Equal(t, accounts.StartedLogins{accounts.LoginStateHash("s2"), accounts.LoginStateHash("s3"), accounts.LoginStateHash("s1")}, l,
		"newest first, once each")
	l = l.With("s4")
	assert.Len(t, l, accounts.MaxStartedLogins)
	assert.False(t, l.Has("s1"), "the oldest made room")

	l = l.Without("s3")
	assert.False(t, l.Has("s3"))
	assert.True(t, l.Has("s2") && l.Has("s4"))
	assert.Empty(t, l.Without("s2").Without("s4"))

	assert.Nil(t, accounts.ParseStartedLogins(""))
	assert.Len(t, accounts.ParseStartedLogins("a.b.c.d.e"), accounts.MaxStartedLogins, "a forged long list is cut")
	assert.False(t, accounts.ParseStartedLogins("forged").Has("forged"))
}

func TestAUsedStateIsRememberedForTheLoginsLifetime(t *testing.T) {
	c := newClock()
	spent := accounts.NewMemorySpentStates(c.Now)
	require.True(t, spent.Spend("h1"))
	assert.False(t, spent.Spend("h1"), "used once")
	c.Add(accounts.LoginStateTTL - time.Second)
	assert.False(t, spent.Spend("h1"), "still remembered just before the lifetime ends")
	require.True(t, spent.Spend("h2"))
	c.Add(time.Second)
	assert.True(t, spent.Spend("h1"), "forgotten once its lifetime is over, on the store's clock")
	assert.False(t, spent.Spend("h2"), "a later one is still remembered")

	spent.Release("h2")
	assert.True(t, spent.Spend("h2"), "a released state may be used again")
}

func TestTheUsedStatesAreBounded(t *testing.T) {
	spent := accounts.NewMemorySpentStates(newClock().Now)
	for i := range 100_000 {
		spent.Spend(fmt.Sprint(i))
	}
	require.Equal(t, 100_000, spent.Len())
	require.True(t, spent.Spend("one more"))
	assert.Equal(t, 100_000, spent.Len(), "the oldest made room")
	assert.True(t, spent.Spend("0"), "the oldest is forgotten")
}

// idp counts the code exchanges of FinishLogin and answers them with err.
type idp struct {
	exchanges int
	err       error
}

func (p *idp) exchange() error { p.exchanges++; return p.err }

func TestALoginIsFinishedOnlyByTheBrowserThatStartedItAndOnce(t *testing.T) {
	spent := accounts.NewMemorySpentStates(newClock().Now)
	started := accounts.StartedLogins{}.With("state")
	p := &idp{}

	for _, other := range []accounts.StartedLogins{nil, accounts.ParseStartedLogins("forged"), accounts.StartedLogins{}.With("mallory")} {
		forget, err := accounts.FinishLogin(spent, other, "state", p.exchange)
		assert.Equal(t, account.VerificationFailed, apierr.From(err).Key, "another browser: %v", other)
		assert.False(t, forget, "another browser's list is left alone")
	}
	assert.Zero(t, p.exchanges, "no other browser reached the identity service")

	forget, err := accounts.FinishLogin(spent, started, "state", p.exchange)
	require.NoError(t, err)
	assert.True(t, forget, "a finished login leaves the browser's list")
	assert.Equal(t, 1, p.exchanges)

	forget, err = accounts.FinishLogin(spent, started, "state", p.exchange)
	assert.Equal(t, account.VerificationFailed, apierr.From(err).Key, "a replay")
	assert.True(t, forget)
	assert.Equal(t, 1, p.exchanges, "a replay does not reach the identity service")
}

func TestAStateIsSpentOnTheFirstTryUnlessTheIdentityServiceFailed(t *testing.T) {
	spent := accounts.NewMemorySpentStates(newClock().Now)
	started := accounts.StartedLogins{}.With("guessed").With("unlucky")

	wrong := &idp{err: apierr.New(account.VerificationFailed, nil)}
	forget, err := accounts.FinishLogin(spent, started, "guessed", wrong.exchange)
	assert.Equal(t, account.VerificationFailed, apierr.From(err).Key)
	assert.True(t, forget, "a login whose code was refused can never be finished")
	right := &idp{}
	_, err = accounts.FinishLogin(spent, started, "guessed", right.exchange)
	assert.Error(t, err, "the state was spent on the first try")
	assert.Zero(t, right.exchanges)

	down := &idp{err: apierr.New(apierr.UpstreamUnavailable, nil)}
	forget, err = accounts.FinishLogin(spent, started, "unlucky", down.exchange)
	assert.Equal(t, apierr.UpstreamUnavailable, apierr.From(err).Key)
	assert.False(t, forget, "the browser may try again")
	forget, err = accounts.FinishLogin(spent, started, "unlucky", right.exchange)
	assert.NoError(t, err, "the identity service never took the code: the state was given back")
	assert.True(t, forget)
	assert.Equal(t, 1, right.exchanges)
}

func TestTheStateHashIsOfTheStateAlone(t *testing.T) {
	assert.Equal(t, accounts.LoginStateHash("s"), accounts.LoginStateHash("s"))
	assert.NotEqual(t, accounts.LoginStateHash("s"), accounts.LoginStateHash("t"))
	assert.False(t, strings.ContainsAny(accounts.LoginStateHash("s"), ".=+/"), "fits a cookie and a dotted list")
}
