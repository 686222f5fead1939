package httpapi

import (
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
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

// accountGuard holds the rate limiters of the account operations and of the lookups.
type accountGuard struct {
	codeTarget *ratelimit.Limiter // codes per phone or e-mail
	codeIP     *ratelimit.Limiter // codes per client address
	// Failed logins and code checks, throttled with growing delays (see ratelimit.Limits).
	failPair    *ratelimit.Limiter // per account and client address
	failIP      *ratelimit.Limiter // per client address, any account
	failAccount *ratelimit.Limiter // per account, any address
	lookupIP    *ratelimit.Limiter // account lookups per client address
	certIP      *ratelimit.Limiter // certificate lookups and pictures per client address
	certUser    *ratelimit.Limiter // … per logged-in user
	companyIP   *ratelimit.Limiter // company suggestions per client address
	companyUser *ratelimit.Limiter // … per logged-in user
	proxies     []netip.Prefix     // trusted reverse proxies
}

func newAccountGuard(limits *ratelimit.Limits) *accountGuard {
	l := ratelimit.DefaultLimits()
	if limits != nil {
		l = *limits
	}
	return &accountGuard{
		codeTarget:  ratelimit.New(l.Now, l.CodePerTarget...),
		codeIP:      ratelimit.New(l.Now, l.CodePerIP...),
		failPair:    ratelimit.NewBackoff(l.Now, l.FailuresPerAccountIP),
		failIP:      ratelimit.NewBackoff(l.Now, l.FailuresPerIP),
		failAccount: ratelimit.NewBackoff(l.Now, l.FailuresPerAccount),
		lookupIP:    ratelimit.New(l.Now, l.LookupPerIP...),
		certIP:      ratelimit.New(l.Now, l.CertificatePerIP...),
		certUser:    ratelimit.New(l.Now, l.CertificatePerUser...),
		companyIP:   ratelimit.New(l.Now, l.CompanyPerIP...),
		companyUser: ratelimit.New(l.Now, l.CompanyPerUser...),
		proxies:     l.TrustedProxies,
	}
}

// clientKey is the limiter key of the request's client address.
func (g *accountGuard) clientKey(r *http.Request) string {
	ip := ratelimit.ClientIP(r, g.proxies)
	if !ip.IsValid() {
		return "unknown"
	}
	return ratelimit.IPKey(ip)
}

// attempt is one login or code check on an account, counted as a failure in the three
// throttles until settled.
type attempt struct {
	account, ip, pair string
}

// begin starts an attempt on the account of key from the request's client address, when the
// delays its earlier failures earned have passed: those of this account from this address, of
// this address on any account, and of this account from anywhere. Otherwise ok is false, with
// the error key and the wait to answer. The owner at their own address has a pair of their
// own, so a stranger's failures elsewhere only reach them through the account's brake.
func (g *accountGuard) begin(r *http.Request, key string) (a attempt, ok bool, refusal apierr.Key, wait time.Duration) {
	a = attempt{account: key, ip: g.clientKey(r)}
	a.pair = a.account + " " + a.ip
	if ok, wait = g.failPair.Allow(a.pair); !ok {
		return a, false, TooManyAttempts, wait
	}
	if ok, wait = g.failIP.Allow(a.ip); !ok {
		g.failPair.Refund(a.pair)
		return a, false, TooManyRequests, wait
	}
	if ok, wait = g.failAccount.Allow(a.account); !ok {
		g.failPair.Refund(a.pair)
		g.failIP.Refund(a.ip)
		return a, false, TooManyAttempts, wait
	}
	return a, true, "", 0
}

// settle ends an attempt: failures the visitor caused (a wrong password or code, an unknown
// account) stay counted; a failure of the identity service itself is given back; a success is
// given back too and clears the failures of the account from this address. It does not clear
// the address's or the account's other failures: a guesser could otherwise wipe them by
// logging into an account of their own now and then.
func (g *accountGuard) settle(a attempt, err error) {
	switch {
	case err == nil:
		g.failPair.Reset(a.pair)
	case apierr.From(err).Status() >= 500:
		g.failPair.Refund(a.pair)
	default:
		return
	}
	g.failIP.Refund(a.ip)
	g.failAccount.Refund(a.account)
}

// tooMany answers 429 with key and a Retry-After of wait.
func tooMany(w http.ResponseWriter, r *http.Request, s *Server, key apierr.Key, wait time.Duration) {
	w.Header().Set("Retry-After", ratelimit.RetryAfter(wait))
	accountError(w, r, s, apierr.New(key, nil))
}

// phoneSeparators are dropped from phone numbers that key the limits.
var phoneSeparators = strings.NewReplacer(" ", "", ".", "", "-", "", "(", "", ")", "")

// accountKey is the limiter key of a phone number or e-mail address, normalized as the identity
// service does so that "138 0013 8000", "+86 13800138000" and "13800138000" share one limit.
func accountKey(ch account.Channel, address string) string {
	if ch == account.Email {
		return "email:" + strings.ToLower(strings.TrimSpace(address))
	}
	p := phoneSeparators.Replace(strings.TrimSpace(address))
	if rest, ok := strings.CutPrefix(p, "00"); ok {
		p = "+" + rest
	}
	if rest, ok := strings.CutPrefix(p, "+86"); ok {
		p = rest
	}
	return "phone:" + p
}

// channelOf tells a phone number from an e-mail address (the contract's PhoneOrEmail).
func channelOf(phoneOrEmail string) account.Channel {
	if strings.Contains(phoneOrEmail, "@") {
		return account.Email
	}
	return account.SMS
}
