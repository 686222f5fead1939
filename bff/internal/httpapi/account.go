package httpapi

import (
	"errors"
	"net/http"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

// The account operations: verification codes, login by password or code, registration (which
// logs in), password reset, logout, deregistration, token checks, profiles, WeChat QR login and
// third-party login. The identity service owns accounts, codes and sessions; the rules the BFF
// adds (matching passwords, the abuse limits, a third-party login finished once by the browser
// that started it) are package accounts'. Here they meet HTTP: the request is decoded, the rules
// and the identity service are called, and the answers (the service's mapped to the site's error
// keys) are written. The files: account_session.go (codes, logins, logout, deregistration,
// token checks), account_registration.go (registration, password reset), account_profile.go
// (account lookups, profiles), account_thirdparty.go (WeChat QR login, third-party login). No
// account answer is ever cached by the BFF or a browser.

// loginResult is a new session as the web stores it (LoginResult in openapi.yaml).
type loginResult struct {
	Token    string  `json:"token"`
	UserID   int64   `json:"userId"`
	UserName string  `json:"userName"`
	Account  string  `json:"account"`
	Email    *string `json:"email"`
}

// newLoginResult shows a session; loginName is the login name used, empty for logins without
// one (WeChat): see accounts.SessionAccount.
func newLoginResult(s account.Session, loginName string) loginResult {
	u := s.User
	return loginResult{Token: s.Token, UserID: u.ID, UserName: u.UserName, Account: accounts.SessionAccount(u, loginName), Email: optional(u.Email)}
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
	writeEnvelope(w, http.StatusOK, envelope{
		Success: true,
		Code:    http.StatusOK,
		Msg:     messages.Text(msgKey, requestLang(r)),
		Data:    data,
	})
}

// accountError answers a failure of an account operation.
func accountError(w http.ResponseWriter, r *http.Request, s *Server, err error) {
	writeError(w, r, s.Log, err)
}

// formError is the answer to a form the account rules refused: a confirmation that differs from
// the password is account.password_mismatch on confirmPassword.
func formError(err error) error {
	if errors.Is(err, accounts.ErrPasswordMismatch) {
		return &apierr.Error{Key: PasswordMismatch, Fields: []apierr.FieldError{{Field: "confirmPassword", Message: "must equal password"}}}
	}
	return err
}
