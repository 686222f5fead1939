package accounts

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

// A third-party login is bound to the browser that started it. The identity service hands out
// the login's state; the browser that asked for it keeps the state's hash (httpapi keeps it in
// a cookie), and the login is finished only by a browser that shows it, once. Someone who slips
// their own login link (and so their state and code) to another browser, or learns a victim's
// code and state, cannot finish the login there: that browser has no hash of the state. It
// keeps a hash, not the state itself.
//
// The binding needs nothing shared between BFF replicas: the browser's list is all there is.
// That a state is used once is remembered in a SpentStates, in the process by default (the
// identity service's code is one-time anyway); a shared store can take its place.

// LoginStateTTL is how long a started login may take, from its authorization to the exchange
// of its code: the consent page and the code's exchange. A browser keeps its list as long, and
// a used state is remembered as long.
const LoginStateTTL = 30 * time.Minute

// MaxStartedLogins bounds the logins one browser may have started at once (a login in another
// tab, a second try).
const MaxStartedLogins = 3

// maxSpentLoginStates bounds the used states a MemorySpentStates remembers.
const maxSpentLoginStates = 100_000

// LoginStateHash is the form of a state a browser keeps.
func LoginStateHash(state string) string {
	sum := sha256.Sum256([]byte("jaka-login-state\x00" + state))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// StartedLogins are the hashes of the states of the third-party logins a browser has started,
// newest first, at most MaxStartedLogins.
type StartedLogins []string

// ParseStartedLogins reads a browser's list as String wrote it.
func ParseStartedLogins(s string) StartedLogins {
	if s == "" {
		return nil
	}
	hashes := strings.Split(s, ".")
	if len(hashes) > MaxStartedLogins {
		hashes = hashes[:MaxStartedLogins]
	}
	return hashes
}

// String is the list as the browser keeps it: the hashes joined by dots.
func (l StartedLogins) String() string { return strings.Join(l, ".") }

// Has reports whether the browser started the login of state.
func (l StartedLogins) Has(state string) bool {
	want := LoginStateHash(state)
	for _, h := range l {
		if subtle.ConstantTimeCompare([]byte(h), []byte(want)) == 1 {
			return true
		}
	}
	return false
}

// With is the list with the login of state added first; the oldest make room.
func (l StartedLogins) With(state string) StartedLogins {
	out := StartedLogins{LoginStateHash(state)}
	for _, h := range l {
		if len(out) < MaxStartedLogins && h != out[0] {
			out = append(out, h)
		}
	}
	return out
}

// Without is the list without the login of state.
func (l StartedLogins) Without(state string) StartedLogins {
	gone := LoginStateHash(state)
	var out StartedLogins
	for _, h := range l {
		if h != gone {
			out = append(out, h)
		}
	}
	return out
}

// SpentStates remembers the login states that were used (finished or tried), by their hashes,
// for LoginStateTTL at least. In one process by default (MemorySpentStates); a store shared by
// the replicas can take its place.
type SpentStates interface {
	// Spend marks the state of hash used and reports whether it was unused.
	Spend(hash string) bool
	// Release makes a spent state usable again: its login never reached the identity service.
	Release(hash string)
}

// MemorySpentStates is a SpentStates of one process. Entries expire after LoginStateTTL, in the
// order they came, and the oldest make room when there are maxSpentLoginStates.
type MemorySpentStates struct {
	mu    sync.Mutex
	now   func() time.Time
	spent map[string]time.Time
	order []string // hashes in the order they were spent; expiry follows the same order
}

// NewMemorySpentStates returns an empty store on the clock now (nil means time.Now).
func NewMemorySpentStates(now func() time.Time) *MemorySpentStates {
	if now == nil {
		now = time.Now
	}
	return &MemorySpentStates{now: now, spent: map[string]time.Time{}}
}

// Spend marks the state of hash used and reports whether it was unused.
func (m *MemorySpentStates) Spend(hash string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	for len(m.order) > 0 && (len(m.order) >= maxSpentLoginStates || !now.Before(m.spent[m.order[0]])) {
		delete(m.spent, m.order[0])
		m.order = m.order[1:]
	}
	if _, used := m.spent[hash]; used {
		return false
	}
	m.spent[hash] = now.Add(LoginStateTTL)
	m.order = append(m.order, hash)
	return true
}

// Release makes a spent state usable again.
func (m *MemorySpentStates) Release(hash string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	// Its place in order stays (finding it would cost a search): the loop in Spend drops it
	// when it comes first.
	delete(m.spent, hash)
}

// Len is the number of states remembered as used.
func (m *MemorySpentStates) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.spent)
}

// FinishLogin finishes the third-party login of state in a browser that has started the logins
// of started, with exchange (the exchange of the provider's code at the identity service), once.
// A browser that did not start it, or a state used before, is account.verification_failed
// without calling exchange. A state is spent before exchange runs, so that guessing codes for
// one state gets one try; an exchange that failed in the identity service (a status of 500 or
// more) gives it back, since the code was never taken. forget says whether the browser should
// drop the login from its list: it is finished, or can never be.
func FinishLogin(spent SpentStates, started StartedLogins, state string, exchange func() error) (forget bool, err error) {
	if !started.Has(state) {
		return false, apierr.New(account.VerificationFailed, errors.New("the login was not started in this browser"))
	}
	hash := LoginStateHash(state)
	if !spent.Spend(hash) {
		return true, apierr.New(account.VerificationFailed, errors.New("the login's state was used before"))
	}
	if err := exchange(); err != nil {
		if apierr.From(err).Status() >= 500 {
			// The identity service did not take the code: the visitor may try again.
			spent.Release(hash)
			return false, err
		}
		return true, err
	}
	return true, nil
}
