package account

import (
	"html/template"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// The third-party login is simulated as an OAuth 2.0 authorization-code flow with a fake
// provider served by this mock: the BFF asks for an authorization (provider and the site page to
// come back to), the browser opens the consent page, the visitor allows, the page sends the
// browser back with a one-time code and the state, and the BFF exchanges code and state for a
// session. The fake provider vouches for the e-mail it reports, so an account with that e-mail is
// logged in (and linked to the outside identity); otherwise a new account is created.

// Providers lists the third parties the fake provider stands in for.
var Providers = []string{"google", "linkedin", "qq", "weibo"}

func knownProvider(p string) bool {
	for _, q := range Providers {
		if p == q {
			return true
		}
	}
	return false
}

// authorization is a login started at the BFF and not yet answered on the consent page.
type authorization struct {
	Provider    string
	RedirectURI string
	ExpiresAt   time.Time
}

// grant is a one-time code issued by the consent page.
type grant struct {
	Provider  string
	State     string
	Name      string
	Email     string
	ExpiresAt time.Time
}

type authorizationRequest struct {
	Provider    string `json:"provider"`
	RedirectURI string `json:"redirectUri"`
}

// startAuthorization registers a login attempt and returns the consent page's address. The
// address uses the host the caller reached this service on; the caller is responsible for
// redirectUri being its own page.
func (s *Service) startAuthorization(w http.ResponseWriter, r *http.Request) {
	var in authorizationRequest
	if !decode(w, r, &in) {
		return
	}
	if !knownProvider(in.Provider) {
		fail(w, http.StatusBadRequest, "unknown_provider")
		return
	}
	u, err := url.Parse(in.RedirectURI)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.Fragment != "" {
		fail(w, http.StatusBadRequest, "invalid_redirect_uri")
		return
	}
	state := randomString(16)
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	for k, a := range s.auths {
		if !now.Before(a.ExpiresAt) {
			delete(s.auths, k)
		}
	}
	s.auths[state] = &authorization{Provider: in.Provider, RedirectURI: in.RedirectURI, ExpiresAt: now.Add(AuthorizationTTL)}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	page := url.URL{Scheme: scheme, Host: r.Host, Path: "/oauth/" + in.Provider + "/authorize", RawQuery: url.Values{"state": {state}}.Encode()}
	mockkit.WriteJSON(w, http.StatusCreated, map[string]any{
		"state": state, "authorizeUrl": page.String(), "expiresInSeconds": int(AuthorizationTTL / time.Second),
	})
}

var consentTemplate = template.Must(template.New("consent").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in with {{.Provider}} (simulated)</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
label{display:block;margin:.75rem 0}input{width:100%;padding:.4rem;font:inherit}
button{padding:.5rem 1.25rem;margin-right:.5rem;font:inherit}</style></head>
<body><h1>{{.Provider}} (simulated)</h1>
<p>The JAKA website asks to use your name and e-mail address. This page stands in for the
provider's own sign-in and consent screen.</p>
<form method="post" action="/oauth/{{.Provider}}/authorize">
<input type="hidden" name="state" value="{{.State}}">
<label>Name <input name="name" value="Alex Example" required></label>
<label>E-mail <input name="email" type="email" value="alex@{{.Provider}}.example" required></label>
<button name="decision" value="allow" type="submit">Allow</button>
<button name="decision" value="deny" type="submit">Deny</button>
</form></body></html>`))

// consentPage is the fake provider's sign-in and consent screen.
func (s *Service) consentPage(w http.ResponseWriter, r *http.Request) {
	state := r.URL.Query().Get("state")
	s.mu.Lock()
	a := s.auths[state]
	live := a != nil && a.Provider == r.PathValue("provider") && s.now().Before(a.ExpiresAt)
	s.mu.Unlock()
	if !live {
		http.Error(w, "This sign-in request is unknown or has expired. Start again from the website.", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_ = consentTemplate.Execute(w, map[string]string{"Provider": a.Provider, "State": state})
}

// consent handles the consent form: the browser goes back to the site with a code, or with
// error=access_denied.
func (s *Service) consent(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	target, status, reason := s.answerAuthorization(r.PathValue("provider"), r.PostForm.Get("state"),
		r.PostForm.Get("decision") == "allow", r.PostForm.Get("name"), r.PostForm.Get("email"))
	if target == "" {
		http.Error(w, reason, status)
		return
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
}

// answerAuthorization spends the authorization of state and returns where the browser goes:
// redirectUri with code and state, or with error=access_denied. On failure target is empty and
// status and reason say why.
func (s *Service) answerAuthorization(provider, state string, allow bool, name, email string) (target string, status int, reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.auths[state]
	if a == nil || a.Provider != provider || !s.now().Before(a.ExpiresAt) {
		return "", http.StatusBadRequest, "unknown_or_expired_state"
	}
	back, _ := url.Parse(a.RedirectURI)
	q := back.Query()
	q.Set("state", state)
	if !allow {
		delete(s.auths, state)
		q.Set("error", "access_denied")
		back.RawQuery = q.Encode()
		return back.String(), 0, ""
	}
	addr, ok := normalizeEmail(email)
	if !ok || strings.TrimSpace(name) == "" {
		return "", http.StatusBadRequest, "name and a valid e-mail are required"
	}
	delete(s.auths, state)
	code := randomString(24)
	s.grants[code] = &grant{Provider: provider, State: state, Name: strings.TrimSpace(name), Email: addr, ExpiresAt: s.now().Add(CodeTTL)}
	q.Set("code", code)
	back.RawQuery = q.Encode()
	return back.String(), 0, ""
}

type oauthExchange struct {
	Provider string `json:"provider"`
	Code     string `json:"code"`
	State    string `json:"state"`
}

// oauthLogin exchanges a one-time code and its state for a session.
func (s *Service) oauthLogin(w http.ResponseWriter, r *http.Request) {
	var in oauthExchange
	if !decode(w, r, &in) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.grants[in.Code]
	if g == nil || g.Provider != in.Provider || g.State != in.State || !s.now().Before(g.ExpiresAt) {
		fail(w, http.StatusBadRequest, "invalid_grant")
		return
	}
	delete(s.grants, in.Code)
	identity := g.Provider + ":" + g.Email
	u := s.st.userByEmail(g.Email)
	if u != nil {
		s.st.Links[identity] = u.ID
	} else {
		u = s.linkedUser(identity, func() *user { return &user{Kind: "oauth", Name: g.Name, Email: g.Email} })
	}
	sess := s.startSession(u)
	if err := s.persist(); err != nil {
		failStore(w, err)
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, sess)
}
