package ratelimit

import (
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"time"
)

// Limits are the BFF's abuse limits: of the account operations, of the lookups that could
// otherwise be used to list what the legacy systems know (certificates, customer companies), and
// of the field measurements that browsers report.
// Each is a list of rules that all apply, or a Backoff; an empty list or a Backoff that is off
// turns that limit off.
type Limits struct {
	// CodePerTarget limits the verification codes sent to one phone number or e-mail address,
	// whatever their purpose: it stops a visitor from flooding someone's phone or mailbox.
	CodePerTarget []Rule
	// CodePerIP limits the verification codes requested from one client address, so that one
	// machine cannot pump SMS to many numbers.
	CodePerIP []Rule

	// Failed logins and failed code checks (login, registration, password reset,
	// deregistration) are throttled with growing delays, never by a hard lock: a lock that
	// anyone can trigger by typing wrong passwords lets a stranger keep the owner out (OWASP,
	// Authentication Cheat Sheet). Three throttles apply together:
	//
	// FailuresPerAccountIP throttles one account from one client address: the guesser slows
	// down quickly, and the owner at another address is not affected. A success clears it.
	FailuresPerAccountIP Backoff
	// FailuresPerIP throttles one client address across all accounts, so that one machine
	// trying a password or two on each of many accounts (password spraying) stops quickly.
	FailuresPerIP Backoff
	// FailuresPerAccount is a brake on one account across all addresses, against guessing
	// spread over many addresses. Its free failures are far more than one address (or a few)
	// can reach through FailuresPerAccountIP, so a stranger alone cannot slow the owner down;
	// a large botnet can, and then the owner waits at most its longest delay per attempt —
	// the price of bounding the guesses a botnet can make on one account.
	FailuresPerAccount Backoff

	// LookupPerIP limits the "does this account exist" questions from one client address, which
	// would otherwise tell a scraper which phone numbers have accounts.
	LookupPerIP []Rule
	// CertificatePerIP and CertificatePerUser limit the certificate lookups (and certificate
	// pictures) from one client address and by one logged-in user: each answer names a holder,
	// so guessing phone or certificate numbers must stay slow.
	CertificatePerIP   []Rule
	CertificatePerUser []Rule
	// CompanyPerIP and CompanyPerUser limit the customer-company suggestions of the repair
	// form, which would otherwise list the whole customer register keyword by keyword.
	CompanyPerIP   []Rule
	CompanyPerUser []Rule

	// VitalsPerIP limits the field measurements (Core Web Vitals reports) from one client
	// address: far above what visitors send (one report for a sample of their page views), so
	// that only a flood, which would skew the figures, is refused.
	VitalsPerIP []Rule

	// TrustedProxies are the reverse proxies in front of the BFF whose X-Forwarded-For header is
	// believed. Empty means the connection's peer is the client (nothing is trusted).
	TrustedProxies []netip.Prefix
}

// DefaultLimits are the limits of a BFF without configuration.
//
// The failure throttles: one address gets 5 free failures on one account, then waits 1 s, 2 s,
// 4 s … up to 15 minutes (≈ 18 guesses in the first hour, then 4 an hour); 10 free failures
// an hour across accounts, then the same growing waits; and an account as a whole gets 100
// free failures an hour from everywhere — more than five such addresses reach — then waits of
// 1 s doubling up to a minute.
func DefaultLimits() Limits {
	return Limits{
		CodePerTarget:        []Rule{{1, 60 * time.Second}, {10, 24 * time.Hour}},
		CodePerIP:            []Rule{{20, time.Hour}},
		FailuresPerAccountIP: Backoff{Free: 5, Base: time.Second, Max: 15 * time.Minute, Window: 24 * time.Hour},
		FailuresPerIP:        Backoff{Free: 10, Base: time.Second, Max: 15 * time.Minute, Window: time.Hour},
		FailuresPerAccount:   Backoff{Free: 100, Base: time.Second, Max: time.Minute, Window: time.Hour},
		LookupPerIP:          []Rule{{100, time.Hour}},
		CertificatePerIP:     []Rule{{30, time.Hour}, {100, 24 * time.Hour}},
		CertificatePerUser:   []Rule{{10, time.Hour}, {30, 24 * time.Hour}},
		CompanyPerIP:         []Rule{{60, time.Hour}, {300, 24 * time.Hour}},
		CompanyPerUser:       []Rule{{30, time.Hour}, {100, 24 * time.Hour}},
		VitalsPerIP:          []Rule{{60, time.Minute}},
	}
}

// String lists the limits for the start-up log.
func (l Limits) String() string {
	proxies := make([]string, len(l.TrustedProxies))
	for i, p := range l.TrustedProxies {
		proxies[i] = p.String()
	}
	return fmt.Sprintf("code_per_target=%s code_per_ip=%s failures_per_account_ip=%s failures_per_ip=%s failures_per_account=%s "+
		"lookup_per_ip=%s certificate_per_ip=%s certificate_per_user=%s company_per_ip=%s company_per_user=%s vitals_per_ip=%s trusted_proxies=%q",
		FormatRules(l.CodePerTarget), FormatRules(l.CodePerIP), l.FailuresPerAccountIP, l.FailuresPerIP, l.FailuresPerAccount,
		FormatRules(l.LookupPerIP), FormatRules(l.CertificatePerIP), FormatRules(l.CertificatePerUser),
		FormatRules(l.CompanyPerIP), FormatRules(l.CompanyPerUser), FormatRules(l.VitalsPerIP), strings.Join(proxies, ","))
}

// ParsePrefixes reads comma-separated IP addresses and CIDR prefixes, e.g. "10.0.0.0/8, ::1".
func ParsePrefixes(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if strings.Contains(part, "/") {
			p, err := netip.ParsePrefix(part)
			if err != nil {
				return nil, fmt.Errorf("%q: want an IP address or CIDR prefix", part)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(part)
		if err != nil {
			return nil, fmt.Errorf("%q: want an IP address or CIDR prefix", part)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

func contains(prefixes []netip.Prefix, a netip.Addr) bool {
	for _, p := range prefixes {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// ClientIP is the address of the visitor behind r: the connection's peer, unless the peer is a
// trusted proxy, in which case X-Forwarded-For is read from the right, skipping trusted proxies,
// and the first address that is not one is the client. Addresses left of it were written by the
// client itself and are never believed. An unparsable peer gives the zero Addr.
func ClientIP(r *http.Request, trusted []netip.Prefix) netip.Addr {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	var peer netip.Addr
	if err == nil {
		peer = ap.Addr().Unmap()
	} else if a, err := netip.ParseAddr(r.RemoteAddr); err == nil {
		peer = a.Unmap()
	}
	if len(trusted) == 0 || !peer.IsValid() || !contains(trusted, peer) {
		return peer
	}
	var hops []string
	for _, line := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(line, ",")...)
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // garbage: stop at the last address a trusted proxy vouched for
		}
		client = a.Unmap()
		if !contains(trusted, client) {
			break
		}
	}
	return client
}

// IPKey is the limiter key of a client address: the address itself for IPv4, its /64 network
// for IPv6, since one IPv6 customer usually holds a whole /64 and could otherwise step around a
// limit by changing addresses.
func IPKey(a netip.Addr) string {
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}
