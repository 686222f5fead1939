package account

import (
	"context"
	"net/http"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// Third-party login: an authorization at a provider, then the exchange of its code.

// Authorize starts a third-party login.
func (c *HTTPClient) Authorize(ctx context.Context, provider, redirectURI string) (Authorization, error) {
	a, err := c.call(ctx, http.MethodPost, "/oauth/authorizations", "", map[string]string{"provider": provider, "redirectUri": redirectURI})
	if err != nil {
		return Authorization{}, err
	}
	switch {
	case a.status == http.StatusCreated:
		var out struct {
			State            string `json:"state"`
			AuthorizeURL     string `json:"authorizeUrl"`
			ExpiresInSeconds int    `json:"expiresInSeconds"`
		}
		if err := c.decode(a, "authorize", &out); err != nil {
			return Authorization{}, err
		}
		if out.State == "" || out.AuthorizeURL == "" {
			return Authorization{}, c.BadAnswer("authorize: no state or address")
		}
		return Authorization{AuthorizeURL: out.AuthorizeURL, State: out.State, ExpiresIn: out.ExpiresInSeconds}, nil
	case a.status == http.StatusBadRequest && a.reason == "unknown_provider":
		return Authorization{}, apierr.Invalid(apierr.FieldError{Field: "provider", Message: "is not offered by the identity service"})
	case a.status == http.StatusBadRequest && a.reason == "invalid_redirect_uri":
		return Authorization{}, apierr.Invalid(apierr.FieldError{Field: "redirectUri", Message: "was refused by the identity service"})
	}
	return Authorization{}, c.unexpected(a, "authorize")
}

// ThirdPartyLogin exchanges a provider's code for a session.
func (c *HTTPClient) ThirdPartyLogin(ctx context.Context, provider, code, state string) (Session, error) {
	a, err := c.call(ctx, http.MethodPost, "/oauth/sessions", "", map[string]string{"provider": provider, "code": code, "state": state})
	if err != nil {
		return Session{}, err
	}
	switch {
	case a.status == http.StatusCreated:
		return c.session(a, "third-party login")
	case a.status == http.StatusBadRequest && a.reason == "invalid_grant":
		return Session{}, apierr.New(VerificationFailed, nil)
	}
	return Session{}, c.unexpected(a, "third-party login")
}
