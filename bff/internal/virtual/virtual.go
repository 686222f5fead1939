// Package virtual holds the rules of the virtual robot trial, apart from HTTP: a logged-in
// visitor borrows a simulated robot from the simulator pool for the pool's trial length (4 hours
// by default; the pool's one setting, shown in every language), waits while it is created, uses
// it, may switch model without resetting the timer, synchronise its data, and apply again after
// it ended. The pool owns the trials and enforces one per account; the BFF adds a per-account
// lock (Locker) so that a double click never reaches the pool as two applications at once.
//
// This package says how a trial is shown, which identity the pool knows a user by, and what the
// pool's refusals mean to the site, in the error keys the server gives it (Keys).
package virtual

import (
	"errors"
	"strings"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/vm"
)

// Keys are the site's error keys of the trial, which the server's message catalogue holds with
// their texts and statuses. Creating and Upgrading are also the keys of the notices of a trial
// being created or switched.
type Keys struct {
	TrialActive, NoTrial, Creating, Upgrading, TrialExpired, NoChange apierr.Key
	UnknownModel, UnknownCabinet, Unsupported, NoIdentity             apierr.Key
}

// Rules are the trial's rules, answering in Keys.
type Rules struct {
	Keys Keys
}

// Trial is a trial as the site shows it (VirtualTrial in openapi.yaml).
type Trial struct {
	ID               int64      `json:"id"`
	Status           string     `json:"status"`
	RobotModel       string     `json:"robotModel"`
	CabinetVersion   string     `json:"cabinetVersion"`
	TrialCode        *string    `json:"trialCode"`
	ExperienceLink   *string    `json:"experienceLink"`
	TrialPassword    *string    `json:"trialPassword"`
	DurationHours    int        `json:"durationHours"`
	RemainingSeconds int64      `json:"remainingSeconds"`
	CreatedAt        time.Time  `json:"createdAt"`
	ExpiresAt        *time.Time `json:"expiresAt"`
	Notice           *string    `json:"notice"`
}

// statuses maps the pool's machine states to the site's trial statuses.
var statuses = map[string]string{
	vm.StateProvisioning: "creating",
	vm.StateRunning:      "active",
	vm.StateSwitching:    "upgrading",
	vm.StateReleased:     "expired",
}

// View shows t in lang. The pool's answer was checked by the client, so every state is one of
// the four.
func (r Rules) View(t vm.Trial, lang messages.Lang) Trial {
	out := Trial{
		ID: t.ID, Status: statuses[t.State], RobotModel: t.Model, CabinetVersion: t.Cabinet,
		TrialCode: t.AccessCode, ExperienceLink: t.ConsoleURL, TrialPassword: t.Password,
		DurationHours: t.LifetimeHours, RemainingSeconds: t.SecondsLeft,
		CreatedAt: t.RequestedAt.UTC(), ExpiresAt: t.ExpiresAt,
	}
	var notice apierr.Key
	switch t.State {
	case vm.StateProvisioning:
		notice = r.Keys.Creating
	case vm.StateSwitching:
		notice = r.Keys.Upgrading
	}
	if notice != "" {
		text := messages.Text(string(notice), lang)
		out.Notice = &text
	}
	if t.State == vm.StateReleased {
		// A released machine is gone: nothing of it may be used any more.
		out.TrialCode, out.ExperienceLink, out.TrialPassword = nil, nil, nil
	}
	return out
}

// Error turns the pool's refusals into the site's keys; other errors pass unchanged.
func (r Rules) Error(err error) error {
	k := r.Keys
	for _, m := range []struct {
		err error
		key apierr.Key
	}{
		{vm.ErrHasTrial, k.TrialActive},
		{vm.ErrNoTrial, k.NoTrial},
		{vm.ErrProvisioning, k.Creating},
		{vm.ErrSwitching, k.Upgrading},
		{vm.ErrReleased, k.TrialExpired},
		{vm.ErrNoChange, k.NoChange},
		{vm.ErrUnknownModel, k.UnknownModel},
		{vm.ErrUnknownCabinet, k.UnknownCabinet},
		{vm.ErrUnsupported, k.Unsupported},
	} {
		if errors.Is(err, m.err) {
			return apierr.New(m.key, err)
		}
	}
	return err
}

// NoTrial is the error of an operation on the trial of a user who has none.
func (r Rules) NoTrial() error { return apierr.New(r.Keys.NoTrial, nil) }

// Owner is the identity the pool knows the user's trials by: the mobile number, or the e-mail
// address of an account without one. Every operation uses this one rule, so that
// phoneHasCreateEcs and emailHasCreateEcs both find the trial that applyVirtualMachine made. An
// account with neither cannot have a trial (Keys.NoIdentity).
func (r Rules) Owner(u account.User) (vm.Owner, error) {
	if p := strings.TrimSpace(u.Phone); p != "" {
		return vm.Owner{Phone: p}, nil
	}
	if e := strings.TrimSpace(u.Email); e != "" {
		return vm.Owner{Email: strings.ToLower(e)}, nil
	}
	return vm.Owner{}, apierr.New(r.Keys.NoIdentity, nil)
}

// Model is a model of the catalogue as the site shows it (VirtualModel in openapi.yaml).
type Model struct {
	RobotModel      string   `json:"robotModel"`
	Series          string   `json:"series"`
	PayloadKg       float64  `json:"payloadKg"`
	ReachMm         int      `json:"reachMm"`
	CabinetVersions []string `json:"cabinetVersions"`
}

// Catalogue shows the pool's models that can be chosen: a model that runs on no cabinet cannot.
func Catalogue(models []vm.Model) []Model {
	out := make([]Model, 0, len(models))
	for _, m := range models {
		if len(m.Cabinets) == 0 {
			continue
		}
		out = append(out, Model{RobotModel: m.Name, Series: m.Series, PayloadKg: m.PayloadKg, ReachMm: m.ReachMm, CabinetVersions: m.Cabinets})
	}
	return out
}
