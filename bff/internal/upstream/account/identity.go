package account

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// The identity operations: token checks, codes, logins, registration, password reset, logout,
// deregistration and account lookups.

// ValidateToken asks the service whose session token is.
func (c *HTTPClient) ValidateToken(ctx context.Context, token string) (User, error) {
	a, err := c.call(ctx, http.MethodGet, "/session", token, nil)
	if err != nil {
		if apierr.From(err).Key == apierr.InvalidRequest {
			// A token that cannot even be sent (control characters) is no session.
			return User{}, apierr.New(TokenExpired, err)
		}
		return User{}, err
	}
	switch a.status {
	case http.StatusOK:
		var out struct {
			User userJSON `json:"user"`
		}
		if err := c.decode(a, "validate token", &out); err != nil {
			return User{}, err
		}
		if out.User.ID < 1 {
			return User{}, c.BadAnswer("validate token: no user")
		}
		return out.User.profile().User, nil
	case http.StatusUnauthorized, http.StatusBadRequest:
		// A token the service finds malformed is no session either.
		return User{}, apierr.New(TokenExpired, nil)
	}
	return User{}, c.unexpected(a, "validate token")
}

// SendCode asks the service to send a code.
func (c *HTTPClient) SendCode(ctx context.Context, ch Channel, to string, purpose Purpose) error {
	p, ok := servicePurposes[purpose]
	if !ok {
		return apierr.Invalid(apierr.FieldError{Field: "purpose", Message: "is not a known purpose"})
	}
	a, err := c.call(ctx, http.MethodPost, "/codes", "", map[string]string{"channel": string(ch), "to": to, "purpose": p})
	if err != nil {
		return err
	}
	switch {
	case a.status == http.StatusCreated:
		return nil
	case a.status == http.StatusConflict:
		return apierr.New(registered(ch), nil)
	case a.status == http.StatusNotFound:
		return apierr.New(NotRegistered, nil)
	}
	if err := failure(a, ch); err != nil {
		return err
	}
	return c.unexpected(a, "send code")
}

// Login starts a session.
func (c *HTTPClient) Login(ctx context.Context, cr Credentials) (Session, error) {
	body := map[string]string{}
	if cr.Phone != "" {
		body["phone"] = cr.Phone
	} else {
		body["email"] = cr.Email
	}
	if cr.Password != "" {
		body["password"] = cr.Password
	} else {
		body["code"] = cr.Code
	}
	a, err := c.call(ctx, http.MethodPost, "/sessions", "", body)
	if err != nil {
		return Session{}, err
	}
	switch {
	case a.status == http.StatusCreated:
		return c.session(a, "login")
	case a.status == http.StatusUnauthorized && a.reason == "bad_credentials":
		return Session{}, apierr.New(BadCredentials, nil)
	case a.status == http.StatusNotFound:
		return Session{}, apierr.New(NotRegistered, nil)
	}
	if err := failure(a, cr.channel()); err != nil {
		return Session{}, err
	}
	return Session{}, c.unexpected(a, "login")
}

// Register creates an account.
func (c *HTTPClient) Register(ctx context.Context, r Registration) (Session, error) {
	body := map[string]string{"kind": r.Kind, "code": r.Code, "password": r.Password}
	for k, v := range map[string]string{
		"phone": r.Phone, "email": r.Email, "name": r.UserName, "company": r.CompanyName,
		"country": r.Country, "industry": r.Industry, "contactPhone": r.ContactPhone,
	} {
		if v != "" {
			body[k] = v
		}
	}
	ch := Email
	if r.Kind == RegisterPhone {
		ch = SMS
	}
	a, err := c.call(ctx, http.MethodPost, "/users", "", body)
	if err != nil {
		return Session{}, err
	}
	switch {
	case a.status == http.StatusCreated:
		return c.session(a, "register")
	case a.status == http.StatusConflict:
		return Session{}, apierr.New(registered(ch), nil)
	}
	if err := failure(a, ch); err != nil {
		return Session{}, err
	}
	if a.status == http.StatusBadRequest {
		// The service refused what the contract let through: tell the visitor registration
		// failed, and keep the reason for the log.
		return Session{}, apierr.New(RegistrationFailed, fmt.Errorf("identity service: %s", a.body))
	}
	return Session{}, c.unexpected(a, "register")
}

// ResetPassword sets a new password.
func (c *HTTPClient) ResetPassword(ctx context.Context, r PasswordReset) (int64, error) {
	body := map[string]string{"code": r.Code, "password": r.Password}
	ch := Email
	if r.Phone != "" {
		body["phone"], ch = r.Phone, SMS
	} else {
		body["email"] = r.Email
	}
	a, err := c.call(ctx, http.MethodPost, "/password-resets", "", body)
	if err != nil {
		return 0, err
	}
	switch a.status {
	case http.StatusOK:
		var out struct {
			UserID int64 `json:"userId"`
		}
		if err := c.decode(a, "reset password", &out); err != nil {
			return 0, err
		}
		return out.UserID, nil
	case http.StatusNotFound:
		return 0, apierr.New(NotRegistered, nil)
	}
	if err := failure(a, ch); err != nil {
		return 0, err
	}
	return 0, c.unexpected(a, "reset password")
}

// Logout ends a session.
func (c *HTTPClient) Logout(ctx context.Context, token string) error {
	a, err := c.call(ctx, http.MethodDelete, "/session", token, nil)
	if err != nil {
		return err
	}
	if a.status == http.StatusNoContent || a.status == http.StatusOK {
		return nil
	}
	if a.status == http.StatusUnauthorized {
		return nil // no session to end
	}
	return c.unexpected(a, "logout")
}

// Deregister deletes the token's account.
func (c *HTTPClient) Deregister(ctx context.Context, token, account, code string) error {
	ch := SMS
	if strings.Contains(account, "@") {
		ch = Email
	}
	a, err := c.call(ctx, http.MethodPost, "/users/me/deletion", token, map[string]string{"account": account, "code": code})
	if err != nil {
		return err
	}
	switch {
	case a.status == http.StatusNoContent || a.status == http.StatusOK:
		return nil
	case a.status == http.StatusForbidden && a.reason == "not_owner":
		return apierr.New(NotOwner, nil)
	}
	if err := failure(a, ch); err != nil {
		return err
	}
	return c.unexpected(a, "deregister")
}

// Exists asks whether an account has the address.
func (c *HTTPClient) Exists(ctx context.Context, ch Channel, address string) (bool, error) {
	field := "phone"
	if ch == Email {
		field = "email"
	}
	a, err := c.call(ctx, http.MethodPost, "/accounts/lookup", "", map[string]string{field: address})
	if err != nil {
		return false, err
	}
	if a.status == http.StatusOK {
		var out struct {
			Exists *bool `json:"exists"`
		}
		if err := c.decode(a, "lookup", &out); err != nil {
			return false, err
		}
		if out.Exists == nil {
			return false, c.BadAnswer("lookup: no exists field")
		}
		return *out.Exists, nil
	}
	if err := failure(a, ch); err != nil {
		return false, err
	}
	return false, c.unexpected(a, "lookup")
}
