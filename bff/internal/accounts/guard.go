package accounts

import (
	"strconv"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

// Reason says why the guard turned a request away.
type Reason int

// The reasons of refusals.
const (
	// TargetTooFrequent: verification codes to this phone or e-mail address come too often.
	TargetTooFrequent Reason = iota + 1
	// ClientTooBusy: too many codes, lookups or failed attempts from this client address.
	ClientTooBusy
	// AccountThrottled: too many failed attempts on this account, from this client address or
	// from anywhere.
	AccountThrottled
	// UserTooBusy: too many lookups by this logged-in user.
	UserTooBusy
)

// Refusal is a request the guard turned away: why, and how long until one may be allowed.
type Refusal struct {
	Reason Reason
	Wait   time.Duration
}

// Guard applies the abuse limits (ratelimit.Limits) of the account operations and of the
// lookups of other people's records. Clients are named by their limiter keys (ratelimit.IPKey
// of the client address), accounts by AccountKey. It is safe for concurrent use.
type Guard struct {
	codeTarget ratelimit.KeyLimiter // codes per phone or e-mail
	codeIP     ratelimit.KeyLimiter // codes per client address
	// Failed logins and code checks, throttled with growing delays (see ratelimit.Limits).
	failPair    ratelimit.KeyLimiter // per account and client address
	failIP      ratelimit.KeyLimiter // per client address, any account
	failAccount ratelimit.KeyLimiter // per account, any address
	lookupIP    ratelimit.KeyLimiter // account lookups per client address
	certIP      ratelimit.KeyLimiter // certificate lookups and pictures per client address
	certUser    ratelimit.KeyLimiter // … per logged-in user
	companyIP   ratelimit.KeyLimiter // company suggestions per client address
	companyUser ratelimit.KeyLimiter // … per logged-in user
}

// NewGuard returns a guard of limits kept in this process, on the clock now (nil means
// time.Now).
func NewGuard(l ratelimit.Limits, now func() time.Time) *Guard {
	return NewGuardOf(l, ratelimit.Local(now))
}

// NewGuardOf returns a guard of limits whose limiters come from f: the replica's own
// (ratelimit.Local) or limiters shared by the replicas.
func NewGuardOf(l ratelimit.Limits, f ratelimit.Factory) *Guard {
	return &Guard{
		codeTarget:  f.Rules("code-target", l.CodePerTarget...),
		codeIP:      f.Rules("code-ip", l.CodePerIP...),
		failPair:    f.Backoff("failures-account-ip", l.FailuresPerAccountIP),
		failIP:      f.Backoff("failures-ip", l.FailuresPerIP),
		failAccount: f.Backoff("failures-account", l.FailuresPerAccount),
		lookupIP:    f.Rules("lookup-ip", l.LookupPerIP...),
		certIP:      f.Rules("certificate-ip", l.CertificatePerIP...),
		certUser:    f.Rules("certificate-user", l.CertificatePerUser...),
		companyIP:   f.Rules("company-ip", l.CompanyPerIP...),
		companyUser: f.Rules("company-user", l.CompanyPerUser...),
	}
}

// SendCode sends a verification code to the phone or e-mail address of target (an AccountKey)
// for client, with send, within the code limits; a refusal means send was not called. The
// target's limit is checked first: a visitor who asks again too soon is told so without
// spending the client address's budget. When send fails no code went out (or none is known to
// have): the target keeps its budget, while the client's request stays counted, so that refused
// codes cannot be used to probe for accounts without limit.
func (g *Guard) SendCode(target, client string, send func() error) (*Refusal, error) {
	if ok, wait := g.codeTarget.Allow(target); !ok {
		return &Refusal{TargetTooFrequent, wait}, nil
	}
	if ok, wait := g.codeIP.Allow(client); !ok {
		g.codeTarget.Refund(target)
		return &Refusal{ClientTooBusy, wait}, nil
	}
	err := send()
	if err != nil {
		g.codeTarget.Refund(target)
	}
	return nil, err
}

// Attempt makes one login or code check on the account of key (an AccountKey) from client with
// try, when the delays its earlier failures earned have passed: those of this account from this
// client, of this client on any account, and of this account from anywhere. Otherwise try is
// not called and the refusal says which. The owner at their own address has a pair of their
// own, so a stranger's failures elsewhere only reach them through the account's brake.
//
// try's failures the visitor caused (a wrong password or code, an unknown account) stay
// counted; a failure of the identity service itself (a status of 500 or more) is given back; a
// success is given back too and clears the failures of the account from this client. It does
// not clear the client's or the account's other failures: a guesser could otherwise wipe them
// by logging into an account of their own now and then.
func (g *Guard) Attempt(key, client string, try func() error) (*Refusal, error) {
	pair := key + " " + client
	if ok, wait := g.failPair.Allow(pair); !ok {
		return &Refusal{AccountThrottled, wait}, nil
	}
	if ok, wait := g.failIP.Allow(client); !ok {
		g.failPair.Refund(pair)
		return &Refusal{ClientTooBusy, wait}, nil
	}
	if ok, wait := g.failAccount.Allow(key); !ok {
		g.failPair.Refund(pair)
		g.failIP.Refund(client)
		return &Refusal{AccountThrottled, wait}, nil
	}
	err := try()
	switch {
	case err == nil:
		g.failPair.Reset(pair)
	case apierr.From(err).Status() >= 500:
		g.failPair.Refund(pair)
	default:
		return nil, err
	}
	g.failIP.Refund(client)
	g.failAccount.Refund(key)
	return nil, err
}

// LookupAccount counts a "does this account exist" question from client.
func (g *Guard) LookupAccount(client string) *Refusal {
	if ok, wait := g.lookupIP.Allow(client); !ok {
		return &Refusal{ClientTooBusy, wait}
	}
	return nil
}

// LookupCertificates counts a certificate lookup (or certificate picture) by the logged-in user
// from client.
func (g *Guard) LookupCertificates(client string, user int64) *Refusal {
	return lookup(g.certIP, client, g.certUser, user)
}

// LookupCompanies counts a customer-company suggestion for the logged-in user from client.
func (g *Guard) LookupCompanies(client string, user int64) *Refusal {
	return lookup(g.companyIP, client, g.companyUser, user)
}

// lookup counts a lookup against the client's and the user's limits. The client is checked
// first: a refused user does not spend it, and a refused client does not spend the user's.
func lookup(byClient ratelimit.KeyLimiter, client string, byUser ratelimit.KeyLimiter, user int64) *Refusal {
	if ok, wait := byClient.Allow(client); !ok {
		return &Refusal{ClientTooBusy, wait}
	}
	if ok, wait := byUser.Allow(strconv.FormatInt(user, 10)); !ok {
		byClient.Refund(client)
		return &Refusal{UserTooBusy, wait}
	}
	return nil
}
