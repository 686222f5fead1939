// Package account is the BFF's client of the identity service: users, passwords, verification
// codes sent by SMS and mail, and session tokens.
package account

import (
	"context"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream"
)

// User is the account a session token belongs to.
type User struct {
	ID       int64
	UserName string
	Phone    string // empty for an e-mail account
	Email    string // empty for a phone account without e-mail
}

// Client calls the identity service.
type Client interface {
	// ValidateToken returns the user of a session token, or an *apierr.Error with key
	// account.token_expired when the token is unknown, expired or revoked.
	ValidateToken(ctx context.Context, token string) (User, error)
}

// HTTPClient is the Client over the identity service's HTTP API.
type HTTPClient struct {
	upstream.Client
}

// New returns a client of the identity service at base.
func New(base upstream.Client) *HTTPClient { return &HTTPClient{Client: base} }

// ValidateToken is not wired to the identity service yet.
func (c *HTTPClient) ValidateToken(ctx context.Context, token string) (User, error) {
	return User{}, apierr.New(apierr.NotImplemented, nil)
}
