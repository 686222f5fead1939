package httpapi

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/jakarobotics/website/bff/internal/oapi"
)

// A third-party login is bound to the browser that started it. The identity service hands out
// the login's state; the BFF gives the browser that asked for it a cookie holding the state's
// hash (HttpOnly, SameSite=Lax, Secure on https), and the login is finished only by a browser
// that shows it, once. Someone who slips their own login link (and so their state and code) to
// another browser, or learns a victim's code and state, cannot finish the login there: that
// browser has no cookie for the state. The cookie holds a hash, not the state itself, and is
// sent only to the login operations.
//
// The check needs nothing shared between BFF replicas: the cookie is all the binding there is.
// That a state is used once is remembered by the replica that saw it (loginStates), and the
// identity service's code is one-time anyway.

// loginStateCookie is the cookie of the third-party logins a browser has started.
const loginStateCookie = "jaka_login_state"

// loginStatePath limits the cookie to the login operations (thirdPartyAuthorize sets it,
// thirdPartyLogin reads it).
const loginStatePath = oapi.BasePath + "/login/"

// loginStateTTL is how long a started login may take, from thirdPartyAuthorize to
// thirdPartyLogin: the consent page and the code's exchange. The cookie lasts as long, and a
// used state is remembered as long.
const loginStateTTL = 30 * time.Minute

// maxLoginStatesPerBrowser bounds the logins one browser may have started at once (a login in
// another tab, a second try).
const maxLoginStatesPerBrowser = 3

// maxSpentLoginStates bounds the used states a replica remembers.
const maxSpentLoginStates = 100_000

// loginStateHash is the cookie's form of a state.
func loginStateHash(state string) string {
	sum := sha256.Sum256([]byte("jaka-login-state\x00" + state))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// startedLogins returns the state hashes of the logins the request's browser has started.
func startedLogins(r *http.Request) []string {
	c, err := r.Cookie(loginStateCookie)
	if err != nil || c.Value == "" {
		return nil
	}
	hashes := strings.Split(c.Value, ".")
	if len(hashes) > maxLoginStatesPerBrowser {
		hashes = hashes[:maxLoginStatesPerBrowser]
	}
	return hashes
}

// startedHere reports whether the request's browser started the login of state.
func startedHere(r *http.Request, state string) bool {
	want := loginStateHash(state)
	for _, h := range startedLogins(r) {
		if subtle.ConstantTimeCompare([]byte(h), []byte(want)) == 1 {
			return true
		}
	}
	return false
}

// setStartedLogins writes the cookie with hashes, or removes it when there are none. secure
// marks it Secure: a site served over https.
func setStartedLogins(w http.ResponseWriter, hashes []string, secure bool) {
	c := &http.Cookie{
		Name:     loginStateCookie,
		Value:    strings.Join(hashes, "."),
		Path:     loginStatePath,
		MaxAge:   int(loginStateTTL / time.Second),
		HttpOnly: true,
		Secure:   secure,
		SameSite: http.SameSiteLaxMode,
	}
	if len(hashes) == 0 {
		c.MaxAge = -1
	}
	http.SetCookie(w, c)
}

// rememberLogin adds the login of state to the browser's cookie, newest first.
func rememberLogin(w http.ResponseWriter, r *http.Request, state string, secure bool) {
	hashes := []string{loginStateHash(state)}
	for _, h := range startedLogins(r) {
		if len(hashes) < maxLoginStatesPerBrowser && h != hashes[0] {
			hashes = append(hashes, h)
		}
	}
	setStartedLogins(w, hashes, secure)
}

// forgetLogin removes the login of state from the browser's cookie.
func forgetLogin(w http.ResponseWriter, r *http.Request, state string) {
	gone := loginStateHash(state)
	var kept []string
	for _, h := range startedLogins(r) {
		if h != gone {
			kept = append(kept, h)
		}
	}
	setStartedLogins(w, kept, isHTTPS(r))
}

// isHTTPS reports whether the request reached the site over https: directly, or through a
// proxy that says so (X-Forwarded-Proto). A cookie marked Secure by mistake on a plain-http
// developer site would be dropped by the browser; one not marked on an https site is only
// less protected, so the forwarded header is believed here whoever sent it.
func isHTTPS(r *http.Request) bool {
	return r.TLS != nil || strings.EqualFold(strings.TrimSpace(strings.Split(r.Header.Get("X-Forwarded-Proto"), ",")[0]), "https")
}

// loginStates remembers the states whose logins were finished (or tried), so that each is used
// once. Entries expire after loginStateTTL, in the order they came, and the oldest make room
// when there are maxSpentLoginStates.
type loginStates struct {
	mu    sync.Mutex
	now   func() time.Time
	spent map[string]time.Time
	order []string // hashes in the order they were spent; expiry follows the same order
}

func newLoginStates(now func() time.Time) *loginStates {
	if now == nil {
		now = time.Now
	}
	return &loginStates{now: now, spent: map[string]time.Time{}}
}

// spend marks the state of hash used and reports whether it was unused.
func (l *loginStates) spend(hash string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	for len(l.order) > 0 && (len(l.order) >= maxSpentLoginStates || !now.Before(l.spent[l.order[0]])) {
		delete(l.spent, l.order[0])
		l.order = l.order[1:]
	}
	if _, used := l.spent[hash]; used {
		return false
	}
	l.spent[hash] = now.Add(loginStateTTL)
	l.order = append(l.order, hash)
	return true
}

// release makes a spent state usable again: its login never reached the identity service.
func (l *loginStates) release(hash string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	// Its place in order stays (finding it would cost a search): the loop in spend drops it
	// when it comes first.
	delete(l.spent, hash)
}

// loopbackHost reports whether hostport (a Host header: host or host:port) names this machine:
// localhost or a loopback address. Without SITE_ORIGINS, only such a host is trusted as the
// site's own (config refuses a public listen address without SITE_ORIGINS).
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}
