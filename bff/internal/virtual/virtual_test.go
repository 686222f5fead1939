package virtual_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/vm"
	"github.com/jakarobotics/website/bff/internal/virtual"
)

var rules = virtual.Rules{Keys: virtual.Keys{
	TrialActive: "k.active", NoTrial: "k.none", Creating: "k.creating", Upgrading: "k.upgrading", TrialExpired: "k.expired",
	NoChange: "k.no_change", UnknownModel: "k.model", UnknownCabinet: "k.cabinet", Unsupported: "k.unsupported", NoIdentity: "k.identity",
}}

func TestView(t *testing.T) {
	code, link, pw := "T-1", "https://console/1", "secret"
	exp := time.Date(2026, 1, 1, 16, 0, 0, 0, time.UTC)
	trial := vm.Trial{ID: 1, Model: "JAKA Zu 7", Cabinet: "CAB3", RequestedAt: time.Date(2026, 1, 1, 20, 0, 0, 0, time.FixedZone("CST", 8*3600)),
		ExpiresAt: &exp, LifetimeHours: 4, SecondsLeft: 3600, AccessCode: &code, ConsoleURL: &link, Password: &pw}
	for state, want := range map[string]struct {
		status string
		notice *string
	}{
		vm.StateProvisioning: {"creating", ptr("k.creating")}, // the key is its own text without a catalogue
		vm.StateRunning:      {"active", nil},
		vm.StateSwitching:    {"upgrading", ptr("k.upgrading")},
		vm.StateReleased:     {"expired", nil},
	} {
		trial.State = state
		v := rules.View(trial, "en")
		assert.Equal(t, want.status, v.Status, state)
		assert.Equal(t, want.notice, v.Notice, state)
		assert.Equal(t, time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC), v.CreatedAt, "in UTC")
		assert.Equal(t, 4, v.DurationHours)
		if state == vm.StateReleased {
			assert.Nil(t, v.TrialCode, "nothing of a released machine can be used")
			assert.Nil(t, v.ExperienceLink)
			assert.Nil(t, v.TrialPassword)
		} else {
			assert.Equal(t, &code, v.TrialCode)
		}
	}
}

func ptr(s string) *string { return &s }

func TestError(t *testing.T) {
	for err, key := range map[error]apierr.Key{
		vm.ErrHasTrial: "k.active", vm.ErrNoTrial: "k.none", vm.ErrProvisioning: "k.creating", vm.ErrSwitching: "k.upgrading",
		vm.ErrReleased: "k.expired", vm.ErrNoChange: "k.no_change", vm.ErrUnknownModel: "k.model",
		vm.ErrUnknownCabinet: "k.cabinet", vm.ErrUnsupported: "k.unsupported",
		fmt.Errorf("pool: %w", vm.ErrHasTrial): "k.active",
	} {
		assert.Equal(t, key, apierr.From(rules.Error(err)).Key, "%v", err)
	}
	other := apierr.New(apierr.UpstreamTimeout, nil)
	assert.Same(t, other, rules.Error(other), "other errors pass unchanged")
	assert.Equal(t, apierr.Key("k.none"), apierr.From(rules.NoTrial()).Key)
}

func TestOwner(t *testing.T) {
	o, err := rules.Owner(account.User{Phone: " 13800000001 ", Email: "li@example.com"})
	require.NoError(t, err)
	assert.Equal(t, vm.Owner{Phone: "13800000001"}, o, "the phone first")
	o, err = rules.Owner(account.User{Email: " Anna.Weber@Example.com"})
	require.NoError(t, err)
	assert.Equal(t, vm.Owner{Email: "anna.weber@example.com"}, o, "else the e-mail, in one case")
	_, err = rules.Owner(account.User{UserName: "微信用户", Phone: " "})
	assert.Equal(t, apierr.Key("k.identity"), apierr.From(err).Key)
}

func TestCatalogue(t *testing.T) {
	got := virtual.Catalogue([]vm.Model{
		{Name: "JAKA Zu 7", Series: "Zu", PayloadKg: 7, ReachMm: 819, Cabinets: []string{"CAB3"}},
		{Name: "Nowhere", Cabinets: nil},
	})
	assert.Equal(t, []virtual.Model{{RobotModel: "JAKA Zu 7", Series: "Zu", PayloadKg: 7, ReachMm: 819, CabinetVersions: []string{"CAB3"}}}, got)
	assert.Equal(t, []virtual.Model{}, virtual.Catalogue(nil), "an empty list, never null")
}

func TestLocalLocksSerialiseAnOwner(t *testing.T) {
	locks := virtual.NewLocalLocks()
	ctx := context.Background()
	anna, ben := vm.Owner{Phone: "1"}, vm.Owner{Email: "ben@example.com"}

	unlock, err := locks.Lock(ctx, anna)
	require.NoError(t, err)
	other, err := locks.Lock(ctx, ben)
	require.NoError(t, err, "another owner does not wait")
	other()

	second := make(chan func())
	go func() {
		u, err := locks.Lock(ctx, anna)
		if err == nil {
			second <- u
		}
	}()
	// The second holder waits for the first: a lock with a deadline meanwhile fails on it.
	short, cancel := context.WithCancel(ctx)
	cancel()
	_, err = locks.Lock(short, anna)
	assert.Equal(t, apierr.UpstreamTimeout, apierr.From(err).Key)
	assert.True(t, errors.Is(err, context.Canceled))
	select {
	case <-second:
		t.Fatal("the second holder took a held lock")
	default:
	}
	unlock()
	unlock() // a second release is harmless
	(<-second)()
}
