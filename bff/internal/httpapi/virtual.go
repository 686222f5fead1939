package httpapi

import (
	"net/http"
	"time"

	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/upstream/vm"
	"github.com/jakarobotics/website/bff/internal/virtual"
)

// The virtual robot trial's operations (the rules are package virtual's): a logged-in visitor
// applies for a simulated robot, follows its creation, switches model, synchronises its data.
// Applications and switches of one account take its lock (Deps.TrialLocks) so that a double
// click never reaches the pool as two applications at once.

// virtualRules are the trial's rules with the site's error keys (virtual_messages.go).
var virtualRules = virtual.Rules{Keys: virtual.Keys{
	TrialActive: VirtualTrialActive, NoTrial: VirtualNoTrial, Creating: VirtualCreating, Upgrading: VirtualUpgrading,
	TrialExpired: VirtualTrialExpired, NoChange: VirtualNoChange, UnknownModel: VirtualUnknownModel,
	UnknownCabinet: VirtualUnknownCabinet, Unsupported: VirtualUnsupported, NoIdentity: VirtualNoIdentity,
}}

// virtualUser returns the logged-in user's trial identity, or the failure to answer.
func (s *Server) virtualUser(r *http.Request) (vm.Owner, error) {
	u, err := s.currentUser(r)
	if err != nil {
		return vm.Owner{}, err
	}
	return virtualRules.Owner(u)
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
	unlock, err := s.TrialLocks.Lock(r.Context(), owner)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	t, err := s.VM.Apply(r.Context(), owner, vm.Choice{Model: in.RobotModel, Cabinet: in.CabinetVersion})
	unlock()
	if err != nil {
		writeError(w, r, s.Log, virtualRules.Error(err))
		return
	}
	writeData(w, r, virtualRules.View(t, requestLang(r)))
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
	unlock, err := s.TrialLocks.Lock(r.Context(), owner)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	defer unlock()
	cur, err := s.VM.Current(r.Context(), owner)
	if err != nil {
		writeError(w, r, s.Log, virtualRules.Error(err))
		return
	}
	if cur == nil {
		writeError(w, r, s.Log, virtualRules.NoTrial())
		return
	}
	// The pool decides whether the trial can switch (creating, upgrading, ended, no change).
	t, err := s.VM.Switch(r.Context(), cur.ID, vm.Choice{Model: in.RobotModel, Cabinet: in.CabinetVersion})
	if err != nil {
		writeError(w, r, s.Log, virtualRules.Error(err))
		return
	}
	writeData(w, r, virtualRules.View(t, requestLang(r)))
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
		writeError(w, r, s.Log, virtualRules.Error(err))
		return
	}
	if t == nil {
		writeData(w, r, nil)
		return
	}
	writeData(w, r, virtualRules.View(*t, requestLang(r)))
}

func (s *Server) systemRecovery(w http.ResponseWriter, r *http.Request) {
	owner, err := s.virtualUser(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	cur, err := s.VM.Current(r.Context(), owner)
	if err != nil {
		writeError(w, r, s.Log, virtualRules.Error(err))
		return
	}
	if cur == nil {
		writeError(w, r, s.Log, virtualRules.NoTrial())
		return
	}
	at, err := s.VM.Restore(r.Context(), cur.ID)
	if err != nil {
		writeError(w, r, s.Log, virtualRules.Error(err))
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

func (s *Server) virtualCatalogue(w http.ResponseWriter, r *http.Request) {
	models, err := s.VM.Catalogue(r.Context())
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeData(w, r, virtual.Catalogue(models))
}
