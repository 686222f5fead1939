package httpapi

import (
	"net/http"
	"net/netip"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

// The account failures the BFF decides by itself, before or instead of asking the identity
// service.
const (
	PasswordMismatch apierr.Key = "account.password_mismatch" // 400: password and confirmPassword differ
	CodeTooFrequent  apierr.Key = "account.code_too_frequent" // 429: codes to one phone or e-mail
	TooManyRequests  apierr.Key = "account.too_many_requests" // 429: codes or lookups from one client address
	TooManyAttempts  apierr.Key = "account.too_many_attempts" // 429: wait after failed logins or code checks of an account
)

// The success texts of the account operations (the envelope's msg; spec section 8 "Successes").
const (
	msgCodeSent          = "account.code_sent"
	msgLoginSuccess      = "account.login_success"
	msgRegisterSuccess   = "account.register_success"
	msgPasswordReset     = "account.password_reset_success"
	msgLogoutSuccess     = "account.logout_success"
	msgDeregisterSuccess = "account.deregister_success"
)

// accountGuard is the account area's guard (accounts.Guard) at the HTTP edge, where the client
// address of a request is told through the trusted reverse proxies.
type accountGuard struct {
	*accounts.Guard
	proxies []netip.Prefix // trusted reverse proxies
}

// newAccountGuard returns the guard of limits (nil means ratelimit.DefaultLimits()) with the
// limiters of f.
func newAccountGuard(limits *ratelimit.Limits, f ratelimit.Factory) *accountGuard {
	l := ratelimit.DefaultLimits()
	if limits != nil {
		l = *limits
	}
	return &accountGuard{Guard: accounts.NewGuardOf(l, f), proxies: l.TrustedProxies}
}

// clientKey is the limiter key of the request's client address.
func (g *accountGuard) clientKey(r *http.Request) string {
	ip := ratelimit.ClientIP(r, g.proxies)
	if !ip.IsValid() {
		return "unknown"
	}
	return ratelimit.IPKey(ip)
}

// refusalKey is the error key of the guard's refusal of an account operation.
func refusalKey(reason accounts.Reason) apierr.Key {
	switch reason {
	case accounts.TargetTooFrequent:
		return CodeTooFrequent
	case accounts.AccountThrottled:
		return TooManyAttempts
	}
	return TooManyRequests
}

// tooMany answers 429 with the refusal's key and a Retry-After of its wait.
func tooMany(w http.ResponseWriter, r *http.Request, s *Server, refusal *accounts.Refusal) {
	w.Header().Set("Retry-After", ratelimit.RetryAfter(refusal.Wait))
	accountError(w, r, s, apierr.New(refusalKey(refusal.Reason), nil))
}
