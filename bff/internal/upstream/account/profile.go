package account

import (
	"context"
	"net/http"
	"strconv"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// Profile reads the token's own account.
func (c *HTTPClient) Profile(ctx context.Context, token string, id int64) (Profile, error) {
	a, err := c.call(ctx, http.MethodGet, "/users/"+strconv.FormatInt(id, 10), token, nil)
	if err != nil {
		return Profile{}, err
	}
	switch a.status {
	case http.StatusOK:
		var u userJSON
		if err := c.decode(a, "profile", &u); err != nil {
			return Profile{}, err
		}
		return u.profile(), nil
	case http.StatusNotFound:
		return Profile{}, apierr.New(NotRegistered, nil)
	case http.StatusUnauthorized:
		return Profile{}, apierr.New(TokenExpired, nil)
	}
	return Profile{}, c.unexpected(a, "profile")
}
