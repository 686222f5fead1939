package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

// The account operations: verification codes, login by password or code, registration (which
// logs in), password reset, logout, deregistration, token checks, profiles, WeChat QR login and
// third-party login. The identity service owns accounts, codes and sessions; the BFF checks what
// the contract cannot express (matching passwords, same-site redirects), applies the abuse limits
// (account_guard.go), maps the service's answers to the site's error keys, and keeps its token
// cache honest. No account answer is ever cached by the BFF or a browser.

// loginResult is a new session as the web stores it (LoginResult in openapi.yaml).
type loginResult struct {
	Token    string  `json:"token"`
	UserID   int64   `json:"userId"`
	UserName string  `json:"userName"`
	Account  string  `json:"account"`
	Email    *string `json:"email"`
}

// newLoginResult shows a session; account is the login name used, or the account's phone, else
// e-mail, for logins without one (WeChat).
func newLoginResult(s account.Session, accountName string) loginResult {
	u := s.User
	if accountName == "" {
		accountName = u.Phone
		if accountName == "" {
			accountName = u.Email
		}
	}
	return loginResult{Token: s.Token, UserID: u.ID, UserName: u.UserName, Account: accountName, Email: optional(u.Email)}
}

// optional is nil for an empty string, so that the contract's nullable fields read null.
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// writeAccount answers success with data and the operation's own success text.
func writeAccount(w http.ResponseWriter, r *http.Request, msgKey string, data any) {
	w.Header().Set("Cache-Control", "no-store")
	writeEnvelope(w, http.StatusOK, envelope{
		Success: true,
		Code:    http.StatusOK,
		Msg:     messages.Text(msgKey, requestLang(r)),
		Data:    data,
	})
}

// accountError answers a failure of an account operation.
func accountError(w http.ResponseWriter, r *http.Request, s *Server, err error) {
	w.Header().Set("Cache-Control", "no-store")
	writeError(w, r, s.Log, err)
}

// passwordsMatch refuses a confirmation that differs from the password.
func passwordsMatch(password, confirm string) error {
	if password != confirm {
		return &apierr.Error{Key: PasswordMismatch, Fields: []apierr.FieldError{{Field: "confirmPassword", Message: "must equal password"}}}
	}
	return nil
}

// Verification codes.

type phoneCodeRequest struct {
	Phone   string          `json:"phone"`
	Purpose account.Purpose `json:"purpose"`
}

type emailCodeRequest struct {
	Email   string          `json:"email"`
	Purpose account.Purpose `json:"purpose"`
}

func (s *Server) phoneVerificationCode(w http.ResponseWriter, r *http.Request) {
	var in phoneCodeRequest
	if err := decodeJSON(r, &in); err != nil {
		accountError(w, r, s, err)
		return
	}
	s.sendCode(w, r, account.SMS, in.Phone, in.Purpose)
}

func (s *Server) emailVerificationCode(w http.ResponseWriter, r *http.Request) {
	var in emailCodeRequest
	if err := decodeJSON(r, &in); err != nil {
		accountError(w, r, s, err)
		return
	}
	s.sendCode(w, r, account.Email, in.Email, in.Purpose)
}

// sendCode applies the code limits, then asks the identity service to send the code. The
// phone's or address's limit is checked first: a visitor who asks again too soon is told so
// without spending the client address's budget.
func (s *Server) sendCode(w http.ResponseWriter, r *http.Request, ch account.Channel, to string, purpose account.Purpose) {
	target := accountKey(ch, to)
	if ok, wait := s.guard.codeTarget.Allow(target); !ok {
		tooMany(w, r, s, CodeTooFrequent, wait)
		return
	}
	if ok, wait := s.guard.codeIP.Allow(s.guard.clientKey(r)); !ok {
		s.guard.codeTarget.Refund(target)
		tooMany(w, r, s, TooManyRequests, wait)
		return
	}
	if err := s.Accounts.SendCode(r.Context(), ch, to, purpose); err != nil {
		// No code went out (or none is known to have): the phone or address keeps its budget.
		// The client address's request stays counted, so refused codes cannot be used to probe
		// for accounts without limit.
		s.guard.codeTarget.Refund(target)
		accountError(w, r, s, err)
		return
	}
	writeAccount(w, r, msgCodeSent, nil)
}

// Logins.

type phoneLoginRequest struct {
	Phone    string `json:"phone"`
	Code     string `json:"code"`
	Password string `json:"password"`
}

type emailLoginRequest struct {
	Email    string `json:"email"`
	Code     string `json:"code"`
	Password string `json:"password"`
}

// phoneLogin serves phoneCodeLogin and phonePasswordLogin: the contract lets each through with
// only its own credential.
func (s *Server) phoneLogin(w http.ResponseWriter, r *http.Request) {
	var in phoneLoginRequest
	if err := decodeJSON(r, &in); err != nil {
		accountError(w, r, s, err)
		return
	}
	s.login(w, r, account.SMS, in.Phone, account.Credentials{Phone: in.Phone, Code: in.Code, Password: in.Password})
}

// emailLogin serves emailCodeLogin and emailPasswordLogin.
func (s *Server) emailLogin(w http.ResponseWriter, r *http.Request) {
	var in emailLoginRequest
	if err := decodeJSON(r, &in); err != nil {
		accountError(w, r, s, err)
		return
	}
	s.login(w, r, account.Email, in.Email, account.Credentials{Email: in.Email, Code: in.Code, Password: in.Password})
}

// login is one attempt on an account, within the failure throttles (account_guard.go).
func (s *Server) login(w http.ResponseWriter, r *http.Request, ch account.Channel, address string, cred account.Credentials) {
	key := accountKey(ch, address)
	try, ok, refusal, wait := s.guard.begin(r, key)
	if !ok {
		tooMany(w, r, s, refusal, wait)
		return
	}
	sess, err := s.Accounts.Login(r.Context(), cred)
	s.guard.settle(try, err)
	if err != nil {
		accountError(w, r, s, err)
		return
	}
	writeAccount(w, r, msgLoginSuccess, newLoginResult(sess, loginName(ch, sess)))
}

// loginName is the account's login name on the channel used.
func loginName(ch account.Channel, sess account.Session) string {
	if ch == account.SMS {
		return sess.User.Phone
	}
	return sess.User.Email
}

// Registration.

type registerRequest struct {
	Phone           string `json:"phone"`
	Email           string `json:"email"`
	Code            string `json:"code"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
	UserName        string `json:"userName"`
	CompanyName     string `json:"companyName"`
	// Enterprise registration of the non-Chinese sites.
	Country     string `json:"country"`
	Industry    string `json:"industry"`
	PhoneNumber string `json:"phoneNumber"`
	PhoneCode   string `json:"phoneCode"`
}

func (s *Server) phoneRegister(w http.ResponseWriter, r *http.Request) {
	s.register(w, r, account.RegisterPhone)
}

func (s *Server) emailRegister(w http.ResponseWriter, r *http.Request) {
	s.register(w, r, account.RegisterEmail)
}

func (s *Server) overseasEmailRegister(w http.ResponseWriter, r *http.Request) {
	s.register(w, r, account.RegisterOverseas)
}

// register creates an account of kind and logs it in. The contract has checked which fields
// each kind has.
func (s *Server) register(w http.ResponseWriter, r *http.Request, kind string) {
	var in registerRequest
	if err := decodeJSON(r, &in); err != nil {
		accountError(w, r, s, err)
		return
	}
	if err := passwordsMatch(in.Password, in.ConfirmPassword); err != nil {
		accountError(w, r, s, err)
		return
	}
	reg := account.Registration{
		Kind: kind, Phone: in.Phone, Email: in.Email, Code: in.Code, Password: in.Password,
		UserName: strings.TrimSpace(in.UserName), CompanyName: strings.TrimSpace(in.CompanyName),
	}
	ch, address := account.Email, in.Email
	if kind == account.RegisterPhone {
		ch, address = account.SMS, in.Phone
	}
	if kind == account.RegisterOverseas {
		reg.Country, reg.Industry = in.Country, strings.TrimSpace(in.Industry)
		reg.ContactPhone = "+" + strings.TrimPrefix(in.PhoneCode, "+") + " " + strings.TrimSpace(in.PhoneNumber)
	}
	key := accountKey(ch, address)
	try, ok, refusal, wait := s.guard.begin(r, key)
	if !ok {
		tooMany(w, r, s, refusal, wait)
		return
	}
	sess, err := s.Accounts.Register(r.Context(), reg)
	s.guard.settle(try, err)
	if err != nil {
		accountError(w, r, s, err)
		return
	}
	writeAccount(w, r, msgRegisterSuccess, newLoginResult(sess, loginName(ch, sess)))
}

// Password reset.

func (s *Server) phoneResetPass(w http.ResponseWriter, r *http.Request) {
	s.resetPassword(w, r, account.SMS)
}

func (s *Server) emailResetPass(w http.ResponseWriter, r *http.Request) {
	s.resetPassword(w, r, account.Email)
}

func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request, ch account.Channel) {
	var in registerRequest // phone or email, code, password, confirmPassword
	if err := decodeJSON(r, &in); err != nil {
		accountError(w, r, s, err)
		return
	}
	if err := passwordsMatch(in.Password, in.ConfirmPassword); err != nil {
		accountError(w, r, s, err)
		return
	}
	address := in.Email
	if ch == account.SMS {
		address = in.Phone
	}
	key := accountKey(ch, address)
	try, ok, refusal, wait := s.guard.begin(r, key)
	if !ok {
		tooMany(w, r, s, refusal, wait)
		return
	}
	_, err := s.Accounts.ResetPassword(r.Context(), account.PasswordReset{Phone: in.Phone, Email: in.Email, Code: in.Code, Password: in.Password})
	s.guard.settle(try, err)
	if err != nil {
		accountError(w, r, s, err)
		return
	}
	writeAccount(w, r, msgPasswordReset, nil)
}

// Sessions.

// logout ends the token's session; the cache forgets the token at once (account.CachedClient).
func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if err := s.Accounts.Logout(r.Context(), requestToken(r)); err != nil {
		accountError(w, r, s, err)
		return
	}
	writeAccount(w, r, msgLogoutSuccess, nil)
}

type logOffRequest struct {
	Account string `json:"account"`
	Code    string `json:"code"`
}

// logOff deregisters the logged-in account with a logOff code sent to its phone or e-mail.
func (s *Server) logOff(w http.ResponseWriter, r *http.Request) {
	if _, err := s.currentUser(r); err != nil {
		accountError(w, r, s, err)
		return
	}
	var in logOffRequest
	if err := decodeJSON(r, &in); err != nil {
		accountError(w, r, s, err)
		return
	}
	key := accountKey(channelOf(in.Account), in.Account)
	try, ok, refusal, wait := s.guard.begin(r, key)
	if !ok {
		tooMany(w, r, s, refusal, wait)
		return
	}
	err := s.Accounts.Deregister(r.Context(), requestToken(r), in.Account, in.Code)
	s.guard.settle(try, err)
	if err != nil {
		accountError(w, r, s, err)
		return
	}
	writeAccount(w, r, msgDeregisterSuccess, nil)
}

// tokenCheck is the answer of validateToken (TokenCheck in openapi.yaml).
type tokenCheck struct {
	Valid  bool   `json:"valid"`
	UserID *int64 `json:"userId"`
}

// validateToken checks the token of the query (the legacy site's place for it).
func (s *Server) validateToken(w http.ResponseWriter, r *http.Request) {
	token := strings.TrimSpace(r.URL.Query().Get("token"))
	if token == "" {
		accountError(w, r, s, apierr.New(NotLoggedIn, nil))
		return
	}
	u, err := s.Accounts.ValidateToken(r.Context(), token)
	if err != nil {
		accountError(w, r, s, err)
		return
	}
	writeAccount(w, r, messages.OK, tokenCheck{Valid: true, UserID: &u.ID})
}

// Accounts.

type accountQuery struct {
	Account string `json:"account"`
}

// inspectUserIsExit says whether an account has the phone or e-mail, within the lookup limit
// of the client address.
func (s *Server) inspectUserIsExit(w http.ResponseWriter, r *http.Request) {
	var in accountQuery
	if err := decodeJSON(r, &in); err != nil {
		accountError(w, r, s, err)
		return
	}
	if ok, wait := s.guard.lookupIP.Allow(s.guard.clientKey(r)); !ok {
		tooMany(w, r, s, TooManyRequests, wait)
		return
	}
	exists, err := s.Accounts.Exists(r.Context(), channelOf(in.Account), in.Account)
	if err != nil {
		accountError(w, r, s, err)
		return
	}
	writeAccount(w, r, messages.OK, map[string]bool{"exists": exists})
}

// userInfo is a profile as the site shows it (UserInfo in openapi.yaml).
type userInfo struct {
	ID          int64   `json:"id"`
	UserName    string  `json:"userName"`
	Phone       *string `json:"phone"`
	Email       *string `json:"email"`
	CompanyName *string `json:"companyName"`
	Country     *string `json:"country"`
	Industry    *string `json:"industry"`
	CreateTime  string  `json:"createTime"`
}

// userInfo serves findUserInfo and getUserInfo: the token's own profile. Another user's id is
// answered 404 without asking the identity service.
func (s *Server) userInfo(w http.ResponseWriter, r *http.Request) {
	u, err := s.currentUser(r)
	if err != nil {
		accountError(w, r, s, err)
		return
	}
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id != u.ID {
		accountError(w, r, s, apierr.New(account.NotRegistered, nil))
		return
	}
	p, err := s.Accounts.Profile(r.Context(), requestToken(r), id)
	if err != nil {
		accountError(w, r, s, err)
		return
	}
	phone := p.Phone
	if phone == "" {
		phone = p.ContactPhone
	}
	writeAccount(w, r, messages.OK, userInfo{
		ID: p.ID, UserName: p.UserName, Phone: optional(phone), Email: optional(p.Email),
		CompanyName: optional(p.CompanyName), Country: optional(p.Country), Industry: optional(p.Industry),
		CreateTime: p.CreatedAt.UTC().Format(time.RFC3339),
	})
}

// WeChat QR login.

// wxScene is a QR login as the web polls it (WxScene in openapi.yaml).
type wxScene struct {
	SceneID   string       `json:"sceneId"`
	QRContent string       `json:"qrContent"`
	ExpiresIn int          `json:"expiresIn"`
	Status    string       `json:"status"`
	Login     *loginResult `json:"login"`
}

// wxCode creates a scene (no sceneId) or polls one.
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
	} else {
		sc, err = s.Accounts.WxScene(r.Context(), in.SceneID)
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
	// Only this browser may finish the login (login_state.go).
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
	if !startedHere(r, in.State) {
		accountError(w, r, s, apierr.New(account.VerificationFailed, errors.New("the login was not started in this browser")))
		return
	}
	hash := loginStateHash(in.State)
	if !s.loginStates.spend(hash) {
		forgetLogin(w, r, in.State)
		accountError(w, r, s, apierr.New(account.VerificationFailed, errors.New("the login's state was used before")))
		return
	}
	sess, err := s.Accounts.ThirdPartyLogin(r.Context(), in.Provider, in.Code, in.State)
	if err != nil {
		if apierr.From(err).Status() >= 500 {
			// The identity service did not take the code: the visitor may try again.
			s.loginStates.release(hash)
		} else {
			forgetLogin(w, r, in.State)
		}
		accountError(w, r, s, err)
		return
	}
	forgetLogin(w, r, in.State)
	writeAccount(w, r, msgLoginSuccess, newLoginResult(sess, sess.User.Email))
}
