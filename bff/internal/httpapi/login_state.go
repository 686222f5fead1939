package httpapi

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/oapi"
)

// A third-party login is bound to the browser that started it (accounts.FinishLogin): the BFF
// gives the browser that asked for the login a cookie holding its state's hash (HttpOnly,
// SameSite=Lax, Secure on https), sent only to the login operations, and finishes the login only
// for a browser that shows it, once. A WeChat QR scene is bound the same way, in the same cookie
// (wxSceneState): only the browser that created it may poll it and receive its session.

// loginStateCookie is the cookie of the third-party logins a browser has started.
const loginStateCookie = "jaka_login_state"

// loginStatePath limits the cookie to the login operations (thirdPartyAuthorize and wxCode set
// it, thirdPartyLogin and wxCode read it).
const loginStatePath = oapi.BasePath + "/login/"

// startedLogins returns the logins the request's browser has started.
func startedLogins(r *http.Request) accounts.StartedLogins {
	c, err := r.Cookie(loginStateCookie)
	if err != nil {
		return nil
	}
	return accounts.ParseStartedLogins(c.Value)
}

// setStartedLogins writes the cookie of logins, or removes it when there are none. secure marks
// it Secure: a site served over https. It lasts as long as a login may take.
func setStartedLogins(w http.ResponseWriter, logins accounts.StartedLogins, secure bool) {
	c := &http.Cookie{
		Name:     loginStateCookie,
		Value:    logins.String(),
		Path:     loginStatePath,
		MaxAge:   int(accounts.LoginStateTTL / time.Second),
		HttpOnly: true,
		Secure:   secure,
		SameSite: http.SameSiteLaxMode,
	}
	if len(logins) == 0 {
		c.MaxAge = -1
	}
	http.SetCookie(w, c)
}

// rememberLogin adds the login of state to the browser's cookie, newest first.
func rememberLogin(w http.ResponseWriter, r *http.Request, state string, secure bool) {
	setStartedLogins(w, startedLogins(r).With(state), secure)
}

// forgetLogin removes the login of state from the browser's cookie.
func forgetLogin(w http.ResponseWriter, r *http.Request, state string) {
	setStartedLogins(w, startedLogins(r).Without(state), isHTTPS(r))
}

// isHTTPS reports whether the request reached the site over https: directly, or through a
// proxy that says so (X-Forwarded-Proto). A cookie marked Secure by mistake on a plain-http
// developer site would be dropped by the browser; one not marked on an https site is only
// less protected, so the forwarded header is believed here whoever sent it.
func isHTTPS(r *http.Request) bool {
	return r.TLS != nil || strings.EqualFold(strings.TrimSpace(strings.Split(r.Header.Get("X-Forwarded-Proto"), ",")[0]), "https")
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
