package httpapi

import (
	"net/http"
	"strings"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

// The failures of operations that need a logged-in visitor. Their statuses and texts are
// registered with the other account keys in package account.
const (
	NotLoggedIn  = account.NotLoggedIn  // 401: no token header
	TokenExpired = account.TokenExpired // 401: a token the identity service does not accept
)

// currentUser returns the visitor that the request's token header belongs to: 401
// account.not_logged_in without a token, 401 account.token_expired for a token the identity
// service does not accept. Operations that need a login call it first.
//
// The check goes through Deps.Accounts, which app.Run wraps in account.NewCachedIn: a token's
// check is remembered for TOKEN_CACHE_TTL (30 s by default) by the token's SHA-256 (in Redis,
// for every replica, with REDIS_URL), and forgotten at once when the visitor logs out,
// deregisters or resets the password through the BFF.
func (s *Server) currentUser(r *http.Request) (account.User, error) {
	token := requestToken(r)
	if token == "" {
		return account.User{}, apierr.New(NotLoggedIn, nil)
	}
	return s.Accounts.ValidateToken(r.Context(), token)
}

// requestToken is the session token of the request's token header.
func requestToken(r *http.Request) string {
	return strings.TrimSpace(r.Header.Get("token"))
}
