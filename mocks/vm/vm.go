// Package vm is a stand-in for the pool of cloud robot simulators behind the virtual robot
// trial. A visitor's account borrows one simulated robot (a model on a control cabinet version)
// for a few hours: the machine is created, runs until its time is up, can be rebuilt with another
// model without resetting its timer, and can have its data synchronised. See API.md for the API.
//
// Time is the pool's own clock, which tests move forward with POST /__admin/clock/advance, so
// that creation, switching and expiry can be tested without waiting. State lives in memory: a
// restarted pool has given every machine back, as a real pool of ephemeral machines would.
package vm

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// APIPrefix is where the pool serves its API.
const APIPrefix = "/pool/v1"

// ConsolePrefix is where the pool serves each machine's web console: the trial's experience link.
const ConsolePrefix = "/console/"

// Server is the pool's HTTP handler.
type Server struct {
	pool  *pool
	clock *Clock
	mux   *http.ServeMux
}

// NewHandler returns the pool's HTTP handler with cfg (zero fields take their defaults).
func NewHandler(cfg Config) *Server {
	clock := &Clock{}
	s := &Server{pool: newPool(cfg, clock), clock: clock, mux: http.NewServeMux()}
	s.mux.HandleFunc("GET "+APIPrefix+"/catalogue", s.catalogue)
	s.mux.HandleFunc("POST "+APIPrefix+"/trials", s.apply)
	s.mux.HandleFunc("GET "+APIPrefix+"/trials/current", s.current)
	s.mux.HandleFunc("GET "+APIPrefix+"/trials/{id}", s.get)
	s.mux.HandleFunc("POST "+APIPrefix+"/trials/{id}/switch", s.switchTrial)
	s.mux.HandleFunc("POST "+APIPrefix+"/trials/{id}/restore", s.restore)
	s.mux.HandleFunc("GET "+ConsolePrefix+"{code}", s.console)

	s.mux.HandleFunc("GET "+mockkit.AdminPrefix+"/clock", s.adminClock)
	s.mux.HandleFunc("POST "+mockkit.AdminPrefix+"/clock/advance", s.adminAdvance)
	s.mux.HandleFunc("GET "+mockkit.AdminPrefix+"/trials", s.adminList)
	s.mux.HandleFunc("POST "+mockkit.AdminPrefix+"/trials", s.adminPut)
	s.mux.HandleFunc("DELETE "+mockkit.AdminPrefix+"/trials", s.adminReset)
	s.mux.HandleFunc("GET "+mockkit.AdminPrefix+"/config", s.adminConfig)
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeRefusal(w, refuse(http.StatusNotFound, codeNotFound, "no such endpoint"))
	})
	return s
}

// ServeHTTP serves the pool's API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// trialJSON is a trial as the pool's API shows it. Machine details (access code, console URL,
// password) are null while the machine is being created and after it was released.
type trialJSON struct {
	ID            int64    `json:"id"`
	Owner         identity `json:"owner"`
	Model         string   `json:"model"`
	Cabinet       string   `json:"cabinet"`
	State         string   `json:"state"`
	RequestedAt   string   `json:"requestedAt"`
	ReadyAt       *string  `json:"readyAt"`       // when the machine became (or becomes) usable; null while provisioning
	ExpiresAt     *string  `json:"expiresAt"`     // null while provisioning: the timer starts when the machine is ready
	SwitchReadyAt *string  `json:"switchReadyAt"` // when a switch in progress ends
	LifetimeHours int      `json:"lifetimeHours"`
	SecondsLeft   int64    `json:"secondsLeft"`
	AccessCode    *string  `json:"accessCode"`
	ConsoleURL    *string  `json:"consoleUrl"`
	Password      *string  `json:"password"`
	RestoredAt    *string  `json:"restoredAt"`
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func stampPtr(t time.Time) *string {
	s := stamp(t)
	return &s
}

func ptr(s string) *string { return &s }

// view is t at now as the API shows it; base is the pool's URL as the caller reached it.
func (s *Server) view(t *trial, now time.Time, base string) trialJSON {
	state := t.state(now)
	out := trialJSON{
		ID: t.id, Owner: t.owner, Model: t.model, Cabinet: t.cabinet, State: state,
		RequestedAt: stamp(t.requestedAt), LifetimeHours: t.hours, SecondsLeft: t.secondsLeft(now),
	}
	if state != StateProvisioning {
		out.ReadyAt = stampPtr(t.readyAt)
		out.ExpiresAt = stampPtr(t.expiresAt)
	}
	if state == StateSwitching {
		out.SwitchReadyAt = stampPtr(t.switchedAt)
	}
	if state == StateRunning || state == StateSwitching {
		out.AccessCode = ptr(t.accessCode)
		out.ConsoleURL = ptr(base + ConsolePrefix + t.accessCode)
		out.Password = ptr(s.pool.cfg.TrialPassword)
	}
	if !t.restoredAt.IsZero() {
		out.RestoredAt = stampPtr(t.restoredAt)
	}
	return out
}

// baseURL is the pool's root as the caller reached it, for console links.
func baseURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// errorJSON is the body of a refusal.
type errorJSON struct {
	Error   string     `json:"error"`
	Message string     `json:"message"`
	Trial   *trialJSON `json:"trial,omitempty"`
}

func writeRefusal(w http.ResponseWriter, r *refusal) {
	mockkit.WriteJSON(w, r.status, errorJSON{Error: r.code, Message: r.detail})
}

// fail answers err, which is a *refusal from the pool.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error, now time.Time) {
	ref, ok := err.(*refusal)
	if !ok {
		mockkit.WriteJSON(w, http.StatusInternalServerError, errorJSON{Error: "internal", Message: err.Error()})
		return
	}
	body := errorJSON{Error: ref.code, Message: ref.detail}
	if ref.trial != nil {
		v := s.view(ref.trial, now, baseURL(r))
		body.Trial = &v
	}
	mockkit.WriteJSON(w, ref.status, body)
}

// choiceJSON is a model on a cabinet version, as requested.
type choiceJSON struct {
	Model   string `json:"model"`
	Cabinet string `json:"cabinet"`
}

// decode reads a JSON body into v, refusing unknown fields and trailing data.
func decode(r *http.Request, v any) *refusal {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 64<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return refuse(http.StatusBadRequest, codeBadRequest, "body: "+err.Error())
	}
	if dec.More() {
		return refuse(http.StatusBadRequest, codeBadRequest, "body: one JSON object expected")
	}
	return nil
}

func (s *Server) catalogue(w http.ResponseWriter, r *http.Request) {
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"models": models, "cabinets": cabinets})
}

// applyJSON is the body of POST /pool/v1/trials.
type applyJSON struct {
	Owner identity `json:"owner"`
	choiceJSON
}

func (s *Server) apply(w http.ResponseWriter, r *http.Request) {
	var in applyJSON
	if ref := decode(r, &in); ref != nil {
		writeRefusal(w, ref)
		return
	}
	t, now, err := s.pool.Apply(in.Owner, in.Model, in.Cabinet)
	if err != nil {
		s.fail(w, r, err, now)
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, s.view(t, now, baseURL(r)))
}

func (s *Server) current(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	t, now, err := s.pool.Current(identity{Phone: q.Get("phone"), Email: q.Get("email")})
	if err != nil {
		s.fail(w, r, err, now)
		return
	}
	mockkit.WriteJSON(w, http.StatusOK, s.view(t, now, baseURL(r)))
}

// trialID reads the {id} path value; ok is false (and the answer written) when it is not one.
func trialID(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		writeRefusal(w, refuse(http.StatusNotFound, codeNotFound, "no such trial"))
		return 0, false
	}
	return id, true
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	id, ok := trialID(w, r)
	if !ok {
		return
	}
	t, now, err := s.pool.Get(id)
	if err != nil {
		s.fail(w, r, err, now)
		return
	}
	mockkit.WriteJSON(w, http.StatusOK, s.view(t, now, baseURL(r)))
}

func (s *Server) switchTrial(w http.ResponseWriter, r *http.Request) {
	id, ok := trialID(w, r)
	if !ok {
		return
	}
	var in choiceJSON
	if ref := decode(r, &in); ref != nil {
		writeRefusal(w, ref)
		return
	}
	t, now, err := s.pool.Switch(id, in.Model, in.Cabinet)
	if err != nil {
		s.fail(w, r, err, now)
		return
	}
	// 202: the switch goes on in the background; the trial shows state switching until it ends.
	mockkit.WriteJSON(w, http.StatusAccepted, s.view(t, now, baseURL(r)))
}

func (s *Server) restore(w http.ResponseWriter, r *http.Request) {
	id, ok := trialID(w, r)
	if !ok {
		return
	}
	at, err := s.pool.Restore(id)
	if err != nil {
		s.fail(w, r, err, at)
		return
	}
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"trialId": id, "restoredAt": stamp(at)})
}

// console is the machine's web interface that the experience link opens: a plain page naming
// the simulated robot, or a page saying the machine is not there.
func (s *Server) console(w http.ResponseWriter, r *http.Request) {
	t, now, ok := s.pool.ByCode(r.PathValue("code"))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if !ok || t.state(now) == StateReleased || t.state(now) == StateProvisioning {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, "<!doctype html><title>JAKA virtual robot</title><h1>This virtual robot is not available.</h1>")
		return
	}
	status := "Ready"
	if t.state(now) == StateSwitching {
		status = "Upgrading to the chosen model; please wait a few minutes."
	}
	fmt.Fprintf(w, "<!doctype html><title>JAKA virtual robot %s</title><h1>%s on %s</h1><p>%s</p><p>Time left: %d min</p>",
		html.EscapeString(t.accessCode), html.EscapeString(t.model), html.EscapeString(t.cabinet), status, t.secondsLeft(now)/60)
}

// adminClock shows the pool's time.
func (s *Server) adminClock(w http.ResponseWriter, r *http.Request) {
	mockkit.WriteJSON(w, http.StatusOK, map[string]string{"now": s.clock.Now().UTC().Format(time.RFC3339Nano)})
}

// adminAdvance moves the pool's clock forward: POST /__admin/clock/advance?by=4h (a Go duration).
func (s *Server) adminAdvance(w http.ResponseWriter, r *http.Request) {
	by, err := time.ParseDuration(strings.TrimSpace(r.URL.Query().Get("by")))
	if err != nil || by < 0 {
		writeRefusal(w, refuse(http.StatusBadRequest, codeBadRequest, "by: want a non-negative duration such as 90s or 4h"))
		return
	}
	now := s.clock.Advance(by)
	mockkit.WriteJSON(w, http.StatusOK, map[string]string{"now": now.UTC().Format(time.RFC3339Nano)})
}

// adminList shows every trial with its owner and state.
func (s *Server) adminList(w http.ResponseWriter, r *http.Request) {
	all, now := s.pool.All()
	out := make([]trialJSON, 0, len(all))
	for _, t := range all {
		out = append(out, s.view(t, now, baseURL(r)))
	}
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"trials": out})
}

// adminPut sets a trial up in a given state (see Seed), replacing the owner's trial.
func (s *Server) adminPut(w http.ResponseWriter, r *http.Request) {
	var in Seed
	if ref := decode(r, &in); ref != nil {
		writeRefusal(w, ref)
		return
	}
	t, now, err := s.pool.Put(in)
	if err != nil {
		s.fail(w, r, err, now)
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, s.view(t, now, baseURL(r)))
}

// adminReset gives every machine back and forgets every trial.
func (s *Server) adminReset(w http.ResponseWriter, r *http.Request) {
	s.pool.Reset()
	w.WriteHeader(http.StatusNoContent)
}

// adminConfig shows the pool's settings.
func (s *Server) adminConfig(w http.ResponseWriter, r *http.Request) {
	c := s.pool.cfg
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{
		"trialHours": c.TrialHours, "createDelay": c.CreateDelay.String(), "switchDelay": c.SwitchDelay.String(),
	})
}
