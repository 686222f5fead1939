package httpapi

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

// WeChat QR login.

// wxScene is a QR login as the web polls it (WxScene in openapi.yaml).
type wxScene struct {
	SceneID   string       `json:"sceneId"`
	QRContent string       `json:"qrContent"`
	ExpiresIn int          `json:"expiresIn"`
	Status    string       `json:"status"`
	Login     *loginResult `json:"login"`
}

// wxCode creates a scene (no sceneId) or polls one. Only the browser that created a scene may
// poll it (its login cookie holds the scene), so a QR code shown in one browser never logs in
// another.
func (s *Server) wxCode(w http.ResponseWriter, r *http.Request) {
	var in struct {
		SceneID string `json:"sceneId"`
	}
	// The body is optional: a request without one creates a scene.
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		accountError(w, r, s, apierr.Invalid(apierr.FieldError{Field: "body", Message: "could not be read"}))
		return
	}
	if len(bytes.TrimSpace(raw)) > 0 {
		if err := json.Unmarshal(raw, &in); err != nil {
			accountError(w, r, s, apierr.Invalid(apierr.FieldError{Field: "body", Message: "is not valid JSON"}))
			return
		}
	}
	var sc account.WxScene
	if in.SceneID == "" {
		sc, err = s.Accounts.NewWxScene(r.Context())
		if err == nil {
			// Only this browser may poll the scene and so receive its session (see wxSceneState).
			rememberLogin(w, r, wxSceneState(sc.ID), isHTTPS(r))
		}
	} else {
		state := wxSceneState(in.SceneID)
		if !startedLogins(r).Has(state) {
			// Someone who scanned a QR code shown by another browser, or who learnt its scene id,
			// must not receive the session that the scan confirms. The identity service is not
			// asked: this browser learns nothing about the scene.
			accountError(w, r, s, apierr.New(account.QROtherBrowser, nil))
			return
		}
		sc, err = s.Accounts.WxScene(r.Context(), in.SceneID)
		if sc.Status == "confirmed" || sc.Status == "expired" || (err != nil && apierr.From(err).Key == account.QRExpired) {
			// The session is handed out once, and an expired scene never comes back.
			forgetLogin(w, r, state)
		}
	}
	if err != nil {
		accountError(w, r, s, err)
		return
	}
	out := wxScene{SceneID: sc.ID, QRContent: sc.QRContent, ExpiresIn: sc.ExpiresIn, Status: sc.Status}
	msg := messages.OK
	if sc.Status == "confirmed" && sc.Session != nil {
		login := newLoginResult(*sc.Session, "")
		out.Login = &login
		msg = msgLoginSuccess
	}
	writeAccount(w, r, msg, out)
}

// wxSceneState is what the browser's login cookie (login_state.go) keeps of a WeChat QR scene:
// the scene is bound to the browser that created it exactly as a third-party login is bound to
// the browser that started it, in the same list. The prefix keeps a scene id from ever passing
// for a third-party login's state.
func wxSceneState(sceneID string) string {
	return "wxScene\x00" + sceneID
}

// Third-party login.

type thirdPartyAuthorizeRequest struct {
	Provider    string `json:"provider"`
	RedirectURI string `json:"redirectUri"`
}

type thirdPartyAuthorization struct {
	AuthorizeURL string `json:"authorizeUrl"`
	State        string `json:"state"`
	ExpiresIn    int    `json:"expiresIn"`
}

// thirdPartyAuthorize starts a third-party login that comes back to a page of this site.
func (s *Server) thirdPartyAuthorize(w http.ResponseWriter, r *http.Request) {
	var in thirdPartyAuthorizeRequest
	if err := decodeJSON(r, &in); err != nil {
		accountError(w, r, s, err)
		return
	}
	if !s.sameSite(r, in.RedirectURI) {
		accountError(w, r, s, apierr.Invalid(apierr.FieldError{Field: "redirectUri", Message: "must be an address of this site"}))
		return
	}
	a, err := s.Accounts.Authorize(r.Context(), in.Provider, in.RedirectURI)
	if err != nil {
		accountError(w, r, s, err)
		return
	}
	// Only this browser may finish the login (accounts.FinishLogin).
	rememberLogin(w, r, a.State, isHTTPS(r) || strings.HasPrefix(strings.ToLower(in.RedirectURI), "https:"))
	writeAccount(w, r, messages.OK, thirdPartyAuthorization{AuthorizeURL: a.AuthorizeURL, State: a.State, ExpiresIn: a.ExpiresIn})
}

// sameSite reports whether raw is an absolute http(s) address of this site, where a login code
// may be sent: on one of Deps.SiteOrigins when they are configured, else on the host the request
// came to (its Host header, or the X-Forwarded-Host a trusted proxy set) when that host is this
// machine (localhost, a loopback address). The Host header is the caller's to choose, so it is
// never believed for another host: a developer machine needs nothing more, and a public site
// configures SITE_ORIGINS (config refuses a public listen address without it; the site
// registers the same addresses with its real providers, which check them too). User
// information that disguises a host, and fragments, are refused.
func (s *Server) sameSite(r *http.Request, raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil || u.Fragment != "" || u.Opaque != "" || u.Host == "" {
		return false
	}
	if len(s.SiteOrigins) > 0 {
		origin := strings.ToLower(u.Scheme + "://" + u.Host)
		for _, o := range s.SiteOrigins {
			if strings.EqualFold(o, origin) {
				return true
			}
		}
		return false
	}
	hosts := []string{r.Host}
	if peer := ratelimit.ClientIP(&http.Request{RemoteAddr: r.RemoteAddr}, nil); peer.IsValid() && trustedPeer(peer, s.guard.proxies) {
		if fwd := r.Header.Get("X-Forwarded-Host"); fwd != "" {
			hosts = append(hosts, strings.TrimSpace(strings.Split(fwd, ",")[0]))
		}
	}
	for _, h := range hosts {
		if h != "" && strings.EqualFold(u.Host, h) && loopbackHost(h) {
			return true
		}
	}
	return false
}

func trustedPeer(peer netip.Addr, proxies []netip.Prefix) bool {
	for _, p := range proxies {
		if p.Contains(peer) {
			return true
		}
	}
	return false
}

type thirdPartyLoginRequest struct {
	Provider string `json:"provider"`
	Code     string `json:"code"`
	State    string `json:"state"`
}

// thirdPartyLogin exchanges the provider's code and state for a session: only in the browser
// that started the login (its cookie holds the state's hash), and once.
func (s *Server) thirdPartyLogin(w http.ResponseWriter, r *http.Request) {
	var in thirdPartyLoginRequest
	if err := decodeJSON(r, &in); err != nil {
		accountError(w, r, s, err)
		return
	}
	var sess account.Session
	forget, err := accounts.FinishLogin(s.loginStates, startedLogins(r), in.State, func() (err error) {
		sess, err = s.Accounts.ThirdPartyLogin(r.Context(), in.Provider, in.Code, in.State)
		return err
	})
	if forget {
		forgetLogin(w, r, in.State)
	}
	if err != nil {
		accountError(w, r, s, err)
		return
	}
	writeAccount(w, r, msgLoginSuccess, newLoginResult(sess, sess.User.Email))
}
