package httpapi

import (
	"net/http"
	"strings"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

// Sessions: verification codes, logins, logout, deregistration and token checks.

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

// sendCode asks the identity service to send the code, within the code limits
// (accounts.Guard.SendCode).
func (s *Server) sendCode(w http.ResponseWriter, r *http.Request, ch account.Channel, to string, purpose account.Purpose) {
	refusal, err := s.guard.SendCode(accounts.AccountKey(ch, to), s.guard.clientKey(r), func() error {
		return s.Accounts.SendCode(r.Context(), ch, to, purpose)
	})
	if !s.succeeded(w, r, refusal, err) {
		return
	}
	writeAccount(w, r, msgCodeSent, nil)
}

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

// login is one attempt on an account, within the failure throttles (accounts.Guard.Attempt).
func (s *Server) login(w http.ResponseWriter, r *http.Request, ch account.Channel, address string, cred account.Credentials) {
	var sess account.Session
	refusal, err := s.attempt(r, ch, address, func() (err error) {
		sess, err = s.Accounts.Login(r.Context(), cred)
		return err
	})
	if !s.succeeded(w, r, refusal, err) {
		return
	}
	writeAccount(w, r, msgLoginSuccess, newLoginResult(sess, accounts.LoginName(ch, sess.User)))
}

// attempt makes try an attempt on the account of the phone or e-mail address from the request's
// client address, within the failure throttles.
func (s *Server) attempt(r *http.Request, ch account.Channel, address string, try func() error) (*accounts.Refusal, error) {
	return s.guard.Attempt(accounts.AccountKey(ch, address), s.guard.clientKey(r), try)
}

// succeeded answers a guarded call that did not succeed, refused by the limits (429 with the
// wait) or failed (its error), and reports whether the call succeeded, with nothing written.
func (s *Server) succeeded(w http.ResponseWriter, r *http.Request, refusal *accounts.Refusal, err error) bool {
	switch {
	case refusal != nil:
		tooMany(w, r, s, refusal)
	case err != nil:
		accountError(w, r, s, err)
	default:
		return true
	}
	return false
}

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
	refusal, err := s.attempt(r, accounts.ChannelOf(in.Account), in.Account, func() error {
		return s.Accounts.Deregister(r.Context(), requestToken(r), in.Account, in.Code)
	})
	if !s.succeeded(w, r, refusal, err) {
		return
	}
	writeAccount(w, r, msgDeregisterSuccess, nil)
}

// tokenCheck is the answer of validateToken (TokenCheck in openapi.yaml).
type tokenCheck struct {
	Valid  bool   `json:"valid"`
	UserID *int64 `json:"userId"`
}

// validateToken checks the token of the token header, as every other operation takes it, else
// that of the query, where the legacy site and the mini-program send it. The header wins: it is
// the form that stays out of access logs, and a client that sends both means it.
func (s *Server) validateToken(w http.ResponseWriter, r *http.Request) {
	token := requestToken(r)
	if token == "" {
		token = strings.TrimSpace(r.URL.Query().Get("token"))
	}
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
