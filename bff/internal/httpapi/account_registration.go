package httpapi

import (
	"net/http"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

// Registration and password reset.

// registerRequest is the body of the registration and password-reset forms (accounts.Form).
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

// register creates an account of kind and logs it in, within the failure throttles. The
// contract has checked which fields each kind has.
func (s *Server) register(w http.ResponseWriter, r *http.Request, kind string) {
	var in registerRequest
	if err := decodeJSON(r, &in); err != nil {
		accountError(w, r, s, err)
		return
	}
	reg, ch, address, err := accounts.Form(in).Registration(kind)
	if err != nil {
		accountError(w, r, s, formError(err))
		return
	}
	var sess account.Session
	refusal, err := s.attempt(r, ch, address, func() (err error) {
		sess, err = s.Accounts.Register(r.Context(), reg)
		return err
	})
	if !s.succeeded(w, r, refusal, err) {
		return
	}
	writeAccount(w, r, msgRegisterSuccess, newLoginResult(sess, accounts.LoginName(ch, sess.User)))
}

func (s *Server) phoneResetPass(w http.ResponseWriter, r *http.Request) {
	s.resetPassword(w, r, account.SMS)
}

func (s *Server) emailResetPass(w http.ResponseWriter, r *http.Request) {
	s.resetPassword(w, r, account.Email)
}

// resetPassword sets a new password with a code sent on ch, within the failure throttles.
func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request, ch account.Channel) {
	var in registerRequest // phone or email, code, password, confirmPassword
	if err := decodeJSON(r, &in); err != nil {
		accountError(w, r, s, err)
		return
	}
	reset, address, err := accounts.Form(in).PasswordReset(ch)
	if err != nil {
		accountError(w, r, s, formError(err))
		return
	}
	refusal, err := s.attempt(r, ch, address, func() error {
		_, err := s.Accounts.ResetPassword(r.Context(), reset)
		return err
	})
	if !s.succeeded(w, r, refusal, err) {
		return
	}
	writeAccount(w, r, msgPasswordReset, nil)
}
