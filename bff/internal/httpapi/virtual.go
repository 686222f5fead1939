package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/vm"
)

// The virtual robot trial: a logged-in visitor borrows a simulated robot from the simulator pool
// for the pool's trial length (4 hours by default; the pool's one setting, shown in every
// language), waits while it is created, uses it, may switch model without resetting the timer,
// synchronise its data, and apply again after it ended. The pool owns the trials and enforces one
// per account; the BFF adds a per-account lock so that a double click never reaches the pool as
// two applications at once.

// virtualTrial is a trial as the site shows it (VirtualTrial in openapi.yaml).
type virtualTrial struct {
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

// trialStatus maps the pool's machine states to the site's trial statuses.
var trialStatus = map[string]string{
	vm.StateProvisioning: "creating",
	vm.StateRunning:      "active",
	vm.StateSwitching:    "upgrading",
	vm.StateReleased:     "expired",
}

// newVirtualTrial shows t in lang. The pool's answer was checked by the client, so every state
// is one of the four.
func newVirtualTrial(t vm.Trial, lang messages.Lang) virtualTrial {
	out := virtualTrial{
		ID: t.ID, Status: trialStatus[t.State], RobotModel: t.Model, CabinetVersion: t.Cabinet,
		TrialCode: t.AccessCode, ExperienceLink: t.ConsoleURL, TrialPassword: t.Password,
		DurationHours: t.LifetimeHours, RemainingSeconds: t.SecondsLeft,
		CreatedAt: t.RequestedAt.UTC(), ExpiresAt: t.ExpiresAt,
	}
	var notice apierr.Key
	switch t.State {
	case vm.StateProvisioning:
		notice = VirtualCreating
	case vm.StateSwitching:
		notice = VirtualUpgrading
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

// virtualError turns the pool's refusals into the site's keys; other errors pass unchanged.
func virtualError(err error) error {
	for _, m := range []struct {
		err error
		key apierr.Key
	}{
		{vm.ErrHasTrial, VirtualTrialActive},
		{vm.ErrNoTrial, VirtualNoTrial},
		{vm.ErrProvisioning, VirtualCreating},
		{vm.ErrSwitching, VirtualUpgrading},
		{vm.ErrReleased, VirtualTrialExpired},
		{vm.ErrNoChange, VirtualNoChange},
		{vm.ErrUnknownModel, VirtualUnknownModel},
		{vm.ErrUnknownCabinet, VirtualUnknownCabinet},
		{vm.ErrUnsupported, VirtualUnsupported},
	} {
		if errors.Is(err, m.err) {
			return apierr.New(m.key, err)
		}
	}
	return err
}

// trialOwner is the identity the pool knows the user's trials by: the mobile number, or the
// e-mail address of an account without one. Every operation uses this one rule, so that
// phoneHasCreateEcs and emailHasCreateEcs both find the trial that applyVirtualMachine made.
func trialOwner(u account.User) (vm.Owner, error) {
	if p := strings.TrimSpace(u.Phone); p != "" {
		return vm.Owner{Phone: p}, nil
	}
	if e := strings.TrimSpace(u.Email); e != "" {
		return vm.Owner{Email: strings.ToLower(e)}, nil
	}
	return vm.Owner{}, apierr.New(VirtualNoIdentity, nil)
}

// ownerLocks serialises an account's applications and switches within this process, so that a
// double click reaches the pool one request after the other and the second one meets the pool's
// one-trial check instead of racing it. BFF instances behind a load balancer rely on the pool's
// own check, which the pool makes atomically.
var ownerLocks = keyLocks{held: map[vm.Owner]*keyLock{}}

// keyLocks holds one lock per key while anyone holds or waits for it.
type keyLocks struct {
	mu   sync.Mutex
	held map[vm.Owner]*keyLock
}

type keyLock struct {
	token chan struct{} // holds a value while the lock is taken
	refs  int           // holders and waiters
}

// lock takes key's lock, waiting at most until ctx ends, and returns its release.
func (l *keyLocks) lock(ctx context.Context, key vm.Owner) (func(), error) {
	l.mu.Lock()
	k := l.held[key]
	if k == nil {
		k = &keyLock{token: make(chan struct{}, 1)}
		l.held[key] = k
	}
	k.refs++
	l.mu.Unlock()

	done := func() {
		l.mu.Lock()
		if k.refs--; k.refs == 0 {
			delete(l.held, key)
		}
		l.mu.Unlock()
	}
	select {
	case k.token <- struct{}{}:
		return func() { <-k.token; done() }, nil
	case <-ctx.Done():
		done()
		return nil, apierr.New(apierr.UpstreamTimeout, ctx.Err())
	}
}

// virtualUser returns the logged-in user's trial identity, or the failure to answer.
func (s *Server) virtualUser(r *http.Request) (vm.Owner, error) {
	u, err := s.currentUser(r)
	if err != nil {
		return vm.Owner{}, err
	}
	return trialOwner(u)
}

// virtualChoice is the body of applyVirtualMachine and switchVersion.
type virtualChoice struct {
	RobotModel     string `json:"robotModel"`
	CabinetVersion string `json:"cabinetVersion"`
}

func (s *Server) applyVirtualMachine(w http.ResponseWriter, r *http.Request) {
	owner, err := s.virtualUser(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	var in virtualChoice
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	unlock, err := ownerLocks.lock(r.Context(), owner)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	t, err := s.VM.Apply(r.Context(), owner, vm.Choice{Model: in.RobotModel, Cabinet: in.CabinetVersion})
	unlock()
	if err != nil {
		writeError(w, r, s.Log, virtualError(err))
		return
	}
	writeData(w, r, newVirtualTrial(t, requestLang(r)))
}

func (s *Server) switchVersion(w http.ResponseWriter, r *http.Request) {
	owner, err := s.virtualUser(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	var in virtualChoice
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	unlock, err := ownerLocks.lock(r.Context(), owner)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	defer unlock()
	cur, err := s.VM.Current(r.Context(), owner)
	if err != nil {
		writeError(w, r, s.Log, virtualError(err))
		return
	}
	if cur == nil {
		writeError(w, r, s.Log, apierr.New(VirtualNoTrial, nil))
		return
	}
	// The pool decides whether the trial can switch (creating, upgrading, ended, no change).
	t, err := s.VM.Switch(r.Context(), cur.ID, vm.Choice{Model: in.RobotModel, Cabinet: in.CabinetVersion})
	if err != nil {
		writeError(w, r, s.Log, virtualError(err))
		return
	}
	writeData(w, r, newVirtualTrial(t, requestLang(r)))
}

// currentTrial answers phoneHasCreateEcs and emailHasCreateEcs: the user's latest trial, or null.
func (s *Server) currentTrial(w http.ResponseWriter, r *http.Request) {
	owner, err := s.virtualUser(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	t, err := s.VM.Current(r.Context(), owner)
	if err != nil {
		writeError(w, r, s.Log, virtualError(err))
		return
	}
	if t == nil {
		writeData(w, r, nil)
		return
	}
	writeData(w, r, newVirtualTrial(*t, requestLang(r)))
}

func (s *Server) systemRecovery(w http.ResponseWriter, r *http.Request) {
	owner, err := s.virtualUser(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	cur, err := s.VM.Current(r.Context(), owner)
	if err != nil {
		writeError(w, r, s.Log, virtualError(err))
		return
	}
	if cur == nil {
		writeError(w, r, s.Log, apierr.New(VirtualNoTrial, nil))
		return
	}
	at, err := s.VM.Restore(r.Context(), cur.ID)
	if err != nil {
		writeError(w, r, s.Log, virtualError(err))
		return
	}
	lang := requestLang(r)
	writeEnvelope(w, http.StatusOK, envelope{
		Success: true,
		Code:    http.StatusOK,
		Msg:     messages.Text(VirtualDataSynchronized, lang),
		Data:    map[string]time.Time{"synchronizedAt": at.UTC()},
	})
}

// virtualModel is a model of the catalogue as the site shows it (VirtualModel in openapi.yaml).
type virtualModel struct {
	RobotModel      string   `json:"robotModel"`
	Series          string   `json:"series"`
	PayloadKg       float64  `json:"payloadKg"`
	ReachMm         int      `json:"reachMm"`
	CabinetVersions []string `json:"cabinetVersions"`
}

func (s *Server) virtualCatalogue(w http.ResponseWriter, r *http.Request) {
	models, err := s.VM.Catalogue(r.Context())
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	out := make([]virtualModel, 0, len(models))
	for _, m := range models {
		if len(m.Cabinets) == 0 {
			continue // a model that runs on nothing cannot be chosen
		}
		out = append(out, virtualModel{RobotModel: m.Name, Series: m.Series, PayloadKg: m.PayloadKg, ReachMm: m.ReachMm, CabinetVersions: m.Cabinets})
	}
	writeData(w, r, out)
}
