package account

import (
	"context"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// Unimplemented is a Service that only checks tokens (through Client, when set) and answers
// every other call not_implemented (501). The account operations use it when Deps.Accounts is a
// bare Client, such as the token fakes of other areas' tests; a fake Service can embed it and
// override what it needs.
type Unimplemented struct {
	Client
}

func notImplemented() error { return apierr.New(apierr.NotImplemented, nil) }

// ValidateToken asks Client, or answers not_implemented without one.
func (u Unimplemented) ValidateToken(ctx context.Context, token string) (User, error) {
	if u.Client == nil {
		return User{}, notImplemented()
	}
	return u.Client.ValidateToken(ctx, token)
}

// SendCode answers not_implemented.
func (Unimplemented) SendCode(context.Context, Channel, string, Purpose) error {
	return notImplemented()
}

// Login answers not_implemented.
func (Unimplemented) Login(context.Context, Credentials) (Session, error) {
	return Session{}, notImplemented()
}

// Register answers not_implemented.
func (Unimplemented) Register(context.Context, Registration) (Session, error) {
	return Session{}, notImplemented()
}

// ResetPassword answers not_implemented.
func (Unimplemented) ResetPassword(context.Context, PasswordReset) (int64, error) {
	return 0, notImplemented()
}

// Logout answers not_implemented.
func (Unimplemented) Logout(context.Context, string) error { return notImplemented() }

// Deregister answers not_implemented.
func (Unimplemented) Deregister(context.Context, string, string, string) error {
	return notImplemented()
}

// Exists answers not_implemented.
func (Unimplemented) Exists(context.Context, Channel, string) (bool, error) {
	return false, notImplemented()
}

// Profile answers not_implemented.
func (Unimplemented) Profile(context.Context, string, int64) (Profile, error) {
	return Profile{}, notImplemented()
}

// NewWxScene answers not_implemented.
func (Unimplemented) NewWxScene(context.Context) (WxScene, error) { return WxScene{}, notImplemented() }

// WxScene answers not_implemented.
func (Unimplemented) WxScene(context.Context, string) (WxScene, error) {
	return WxScene{}, notImplemented()
}

// Authorize answers not_implemented.
func (Unimplemented) Authorize(context.Context, string, string) (Authorization, error) {
	return Authorization{}, notImplemented()
}

// ThirdPartyLogin answers not_implemented.
func (Unimplemented) ThirdPartyLogin(context.Context, string, string, string) (Session, error) {
	return Session{}, notImplemented()
}
