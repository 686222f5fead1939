package vm

import (
	"crypto/rand"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"time"
)

// The states of a trial machine. A trial's state follows from its times and the pool's clock,
// so that advancing the clock moves every trial on without background work.
const (
	StateProvisioning = "provisioning" // the machine is booting; not usable yet
	StateRunning      = "running"      // usable; the trial's timer runs
	StateSwitching    = "switching"    // being rebuilt with another model or cabinet; the timer runs on
	StateReleased     = "released"     // the trial ended and the machine was given back
)

// The error codes of the pool's API, in the "error" field of a refusal.
const (
	codeBadRequest             = "bad_request"
	codeUnknownModel           = "unknown_model"
	codeUnknownCabinet         = "unknown_cabinet"
	codeUnsupportedCombination = "unsupported_combination"
	codeOwnerHasTrial          = "owner_has_trial"
	codeNoTrial                = "no_trial"
	codeNotFound               = "not_found"
	codeStillProvisioning      = "still_provisioning"
	codeSwitching              = "switching"
	codeReleased               = "released"
	codeNoChange               = "no_change"
)

// identity is the account a trial belongs to: exactly one of a mobile number and an e-mail address,
// whichever identity the website passes.
type identity struct {
	Phone string `json:"phone,omitempty"`
	Email string `json:"email,omitempty"`
}

// key is the owner's identity in the pool's index; e-mail addresses compare case-insensitively.
func (o identity) key() string {
	if o.Phone != "" {
		return "phone:" + o.Phone
	}
	return "email:" + strings.ToLower(o.Email)
}

func (o identity) valid() bool { return (o.Phone == "") != (o.Email == "") }

// trial is one machine lent to one owner.
type trial struct {
	id          int64
	owner       identity
	model       string
	cabinet     string
	requestedAt time.Time
	readyAt     time.Time // provisioning ends; the timer starts
	expiresAt   time.Time // readyAt plus the trial's length; a switch does not move it
	switchedAt  time.Time // a switch ends (zero when never switched)
	accessCode  string
	restoredAt  time.Time // the last data synchronisation (zero when none)
	hours       int       // the trial's length, fixed when it was created
}

// state is the trial's state at now.
func (t *trial) state(now time.Time) string {
	switch {
	case !now.Before(t.expiresAt):
		return StateReleased
	case now.Before(t.readyAt):
		return StateProvisioning
	case now.Before(t.switchedAt):
		return StateSwitching
	default:
		return StateRunning
	}
}

// Clock is the pool's time: the real time plus an offset that tests move forward.
type Clock struct {
	mu     sync.Mutex
	offset time.Duration
}

// Now is the pool's current time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.offset)
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) time.Time {
	c.mu.Lock()
	c.offset += d
	c.mu.Unlock()
	return c.Now()
}

// pool holds the trials. Every method is safe for concurrent use; one mutex makes "one trial
// per owner" atomic.
type pool struct {
	cfg   Config
	clock *Clock

	mu      sync.Mutex
	nextID  int64
	trials  map[int64]*trial
	byOwner map[string]int64 // owner key → the owner's latest trial
	codes   map[string]int64 // access code → trial
}

// newPool returns an empty pool.
func newPool(cfg Config, clock *Clock) *pool {
	return &pool{
		cfg: cfg.withDefaults(), clock: clock, nextID: 1,
		trials: map[int64]*trial{}, byOwner: map[string]int64{}, codes: map[string]int64{},
	}
}

// refusal is a request the pool turns down, with its HTTP status and error code.
type refusal struct {
	status int
	code   string
	detail string
	trial  *trial // the trial in the way, for owner_has_trial
}

func (r *refusal) Error() string { return r.code + ": " + r.detail }

func refuse(status int, code, detail string) *refusal {
	return &refusal{status: status, code: code, detail: detail}
}

// Apply lends a new machine to owner, or refuses when the owner has a trial that has not ended.
func (p *pool) Apply(owner identity, model, cabinet string) (*trial, time.Time, error) {
	if !owner.valid() {
		return nil, time.Time{}, refuse(400, codeBadRequest, "owner needs exactly one of phone and email")
	}
	if code := checkChoice(model, cabinet); code != "" {
		return nil, time.Time{}, refuse(422, code, fmt.Sprintf("cannot simulate %q on %q", model, cabinet))
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock.Now()
	if id, ok := p.byOwner[owner.key()]; ok {
		if t := p.trials[id]; t.state(now) != StateReleased {
			return nil, now, &refusal{status: 409, code: codeOwnerHasTrial, detail: "the owner's trial has not ended", trial: t}
		}
	}
	return p.add(0, owner, model, cabinet, now, 0), now, nil
}

// add creates a trial requested at requestedAt that becomes ready CreateDelay later, optionally
// with a switch that ends switchDelay after it became ready (for set-up by admin). An id of 0
// takes the next free one. p.mu is held.
func (p *pool) add(id int64, owner identity, model, cabinet string, requestedAt time.Time, switchDelay time.Duration) *trial {
	if id == 0 {
		id = p.nextID
	}
	t := &trial{
		id: id, owner: owner, model: model, cabinet: cabinet, hours: p.cfg.TrialHours,
		requestedAt: requestedAt.Truncate(time.Second),
		accessCode:  p.newCode(),
	}
	t.readyAt = t.requestedAt.Add(p.cfg.CreateDelay)
	t.expiresAt = t.readyAt.Add(time.Duration(t.hours) * time.Hour)
	if switchDelay > 0 {
		t.switchedAt = t.readyAt.Add(switchDelay)
	}
	p.nextID = max(p.nextID, id+1)
	p.trials[t.id] = t
	p.byOwner[owner.key()] = t.id
	p.codes[t.accessCode] = t.id
	return t
}

// codeAlphabet leaves out letters and digits that read alike (0/O, 1/I/L).
const codeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// newCode returns an unused access code such as JK-7Q2M9X. p.mu is held.
func (p *pool) newCode() string {
	for {
		var raw [6]byte
		_, _ = rand.Read(raw[:])
		b := []byte("JK-")
		for _, r := range raw {
			b = append(b, codeAlphabet[int(r)%len(codeAlphabet)])
		}
		if _, taken := p.codes[string(b)]; !taken {
			return string(b)
		}
	}
}

// Current returns the owner's latest trial, ended or not.
func (p *pool) Current(owner identity) (*trial, time.Time, error) {
	if !owner.valid() {
		return nil, time.Time{}, refuse(400, codeBadRequest, "give exactly one of phone and email")
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock.Now()
	id, ok := p.byOwner[owner.key()]
	if !ok {
		return nil, now, refuse(404, codeNoTrial, "the owner has never had a trial")
	}
	return p.trials[id], now, nil
}

// Get returns trial id.
func (p *pool) Get(id int64) (*trial, time.Time, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock.Now()
	t, ok := p.trials[id]
	if !ok {
		return nil, now, refuse(404, codeNotFound, "no such trial")
	}
	return t, now, nil
}

// usable refuses a trial that cannot take a command now. p.mu is held.
func usable(t *trial, now time.Time) error {
	switch t.state(now) {
	case StateProvisioning:
		return refuse(409, codeStillProvisioning, "the machine is still being created")
	case StateSwitching:
		return refuse(409, codeSwitching, "the machine is being rebuilt with another model or cabinet")
	case StateReleased:
		return refuse(409, codeReleased, "the trial has ended")
	}
	return nil
}

// Switch rebuilds trial id with another model or cabinet version. The trial keeps its timer and
// access code; the machine is unusable for SwitchDelay.
func (p *pool) Switch(id int64, model, cabinet string) (*trial, time.Time, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock.Now()
	t, ok := p.trials[id]
	if !ok {
		return nil, now, refuse(404, codeNotFound, "no such trial")
	}
	if err := usable(t, now); err != nil {
		return nil, now, err
	}
	if model == t.model && cabinet == t.cabinet {
		return nil, now, refuse(422, codeNoChange, "the trial already runs this model and cabinet")
	}
	if code := checkChoice(model, cabinet); code != "" {
		return nil, now, refuse(422, code, fmt.Sprintf("cannot simulate %q on %q", model, cabinet))
	}
	t.model, t.cabinet = model, cabinet
	t.switchedAt = now.Add(p.cfg.SwitchDelay)
	return t, now, nil
}

// Restore synchronises trial id's data (programs, variables, settings) back into the machine.
func (p *pool) Restore(id int64) (time.Time, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock.Now()
	t, ok := p.trials[id]
	if !ok {
		return now, refuse(404, codeNotFound, "no such trial")
	}
	if err := usable(t, now); err != nil {
		return now, err
	}
	t.restoredAt = now.Truncate(time.Second)
	return t.restoredAt, nil
}

// Seed is a trial put into the pool by an admin, in a given state at the pool's now.
type Seed struct {
	ID       int64  `json:"id"` // 0 picks the next free id
	identity        // phone or email
	Model    string `json:"model"`
	Cabinet  string `json:"cabinet"`
	State    string `json:"state"` // provisioning, running, switching or released
}

// Put adds a trial in the seed's state, replacing the owner's trial and any trial with its id.
func (p *pool) Put(s Seed) (*trial, time.Time, error) {
	if !s.identity.valid() || s.ID < 0 {
		return nil, time.Time{}, refuse(400, codeBadRequest, "want a non-negative id and exactly one of phone and email")
	}
	if code := checkChoice(s.Model, s.Cabinet); code != "" {
		return nil, time.Time{}, refuse(422, code, fmt.Sprintf("cannot simulate %q on %q", s.Model, s.Cabinet))
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock.Now().Truncate(time.Second)
	life := time.Duration(p.cfg.TrialHours) * time.Hour
	// Each state is reached by placing the request in the past: a running trial became ready an
	// hour ago (or a tenth of its life for short trials), a released one ended a minute ago.
	into := min(time.Hour, life/10)
	var requested time.Time
	var switchDelay time.Duration
	switch s.State {
	case StateProvisioning:
		requested = now
	case StateRunning:
		requested = now.Add(-p.cfg.CreateDelay - into)
	case StateSwitching:
		requested = now.Add(-p.cfg.CreateDelay - into)
		switchDelay = into + p.cfg.SwitchDelay
	case StateReleased:
		requested = now.Add(-p.cfg.CreateDelay - life - time.Minute)
	default:
		return nil, now, refuse(400, codeBadRequest, "state must be provisioning, running, switching or released")
	}
	if old, ok := p.trials[s.ID]; ok {
		p.remove(old)
	}
	return p.add(s.ID, s.identity, s.Model, s.Cabinet, requested, switchDelay), now, nil
}

// remove forgets t. p.mu is held.
func (p *pool) remove(t *trial) {
	delete(p.trials, t.id)
	delete(p.codes, t.accessCode)
	if p.byOwner[t.owner.key()] == t.id {
		delete(p.byOwner, t.owner.key())
	}
}

// All returns every trial, oldest first.
func (p *pool) All() ([]*trial, time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]*trial, 0, len(p.trials))
	for _, t := range p.trials {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out, p.clock.Now()
}

// Reset forgets every trial.
func (p *pool) Reset() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.nextID = 1
	p.trials, p.byOwner, p.codes = map[int64]*trial{}, map[string]int64{}, map[string]int64{}
}

// ByCode returns the trial with access code, for its console page.
func (p *pool) ByCode(code string) (*trial, time.Time, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock.Now()
	id, ok := p.codes[code]
	if !ok {
		return nil, now, false
	}
	return p.trials[id], now, true
}

// secondsLeft is the time left on t's timer at now, rounded up: a trial not yet running has its
// whole length left.
func (t *trial) secondsLeft(now time.Time) int64 {
	if now.Before(t.readyAt) {
		return int64(t.hours) * 3600
	}
	left := t.expiresAt.Sub(now)
	if left <= 0 {
		return 0
	}
	return int64(math.Ceil(left.Seconds()))
}
