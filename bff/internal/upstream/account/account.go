// Package account is the BFF's client of the identity service: users, passwords, verification
// codes sent by SMS and mail, session tokens, WeChat QR login and third-party login.
package account

import (
	"context"

	"github.com/jakarobotics/website/bff/internal/upstream"
)

// Service is the identity service's whole API as the BFF uses it: the server takes it whole, so
// that a missing operation is a compile error rather than a failure in production. Every method
// returns *apierr.Error failures with the keys of keys.go, or the upstream keys when the service
// is unreachable or answers badly. HTTPClient and CachedClient implement it.
type Service interface {
	// ValidateToken returns the user of a session token, or account.token_expired when the
	// token is unknown, expired or revoked: all that operations needing a login use.
	ValidateToken(ctx context.Context, token string) (User, error)
	// SendCode sends a code for purpose to a phone (SMS) or e-mail address.
	SendCode(ctx context.Context, ch Channel, to string, purpose Purpose) error
	// Login starts a session by password or login code.
	Login(ctx context.Context, c Credentials) (Session, error)
	// Register creates an account and starts its session.
	Register(ctx context.Context, r Registration) (Session, error)
	// ResetPassword sets a new password and ends every session of the account; it returns the
	// account's user id.
	ResetPassword(ctx context.Context, r PasswordReset) (int64, error)
	// Logout ends a session; ending one that has already ended is not an error.
	Logout(ctx context.Context, token string) error
	// Deregister deletes the token's account, given a logOff code sent to account, its phone or
	// e-mail.
	Deregister(ctx context.Context, token, account, code string) error
	// Exists says whether an account has the phone or e-mail address.
	Exists(ctx context.Context, ch Channel, address string) (bool, error)
	// Profile returns the token's own account; any other id is account.not_registered.
	Profile(ctx context.Context, token string, id int64) (Profile, error)
	// NewWxScene starts a WeChat QR login; WxScene polls it.
	NewWxScene(ctx context.Context) (WxScene, error)
	WxScene(ctx context.Context, id string) (WxScene, error)
	// Authorize starts a third-party login that comes back to redirectURI.
	Authorize(ctx context.Context, provider, redirectURI string) (Authorization, error)
	// ThirdPartyLogin exchanges the code and state the provider sent back for a session.
	ThirdPartyLogin(ctx context.Context, provider, code, state string) (Session, error)
}

// APIPrefix is where the identity service serves its API.
const APIPrefix = "/idp/v1"

// HTTPClient is the Service over the identity service's HTTP API.
type HTTPClient struct {
	upstream.Client
}

// New returns a client of the identity service at base.
func New(base upstream.Client) *HTTPClient { return &HTTPClient{Client: base} }

var (
	_ Service = (*HTTPClient)(nil)
	_ Service = (*CachedClient)(nil)
)
