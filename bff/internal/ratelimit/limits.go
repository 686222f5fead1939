package ratelimit

import (
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"time"
)

// Limits are the abuse limits of the account operations. Each is a list of rules that all
// apply; an empty list turns that limit off.
type Limits struct {
	// CodePerTarget limits the verification codes sent to one phone number or e-mail address,
	// whatever their purpose: it stops a visitor from flooding someone's phone or mailbox.
	CodePerTarget []Rule
	// CodePerIP limits the verification codes requested from one client address, so that one
	// machine cannot pump SMS to many numbers.
	CodePerIP []Rule
	// AttemptsPerAccount limits failed logins and failed code checks (login, registration,
	// password reset, deregistration) of one phone number or e-mail address.
	AttemptsPerAccount []Rule
	// LookupPerIP limits the "does this account exist" questions from one client address, which
	// would otherwise tell a scraper which phone numbers have accounts.
	LookupPerIP []Rule
	// TrustedProxies are the reverse proxies in front of the BFF whose X-Forwarded-For header is
	// believed. Empty means the connection's peer is the client (nothing is trusted).
	TrustedProxies []netip.Prefix
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// DefaultLimits are the limits of a BFF without configuration.
func DefaultLimits() Limits {
	return Limits{
		CodePerTarget:      []Rule{{1, 60 * time.Second}, {10, 24 * time.Hour}},
		CodePerIP:          []Rule{{20, time.Hour}},
		AttemptsPerAccount: []Rule{{10, 15 * time.Minute}},
		LookupPerIP:        []Rule{{100, time.Hour}},
	}
}

// String lists the limits for the start-up log.
func (l Limits) String() string {
	proxies := make([]string, len(l.TrustedProxies))
	for i, p := range l.TrustedProxies {
		proxies[i] = p.String()
	}
	return fmt.Sprintf("code_per_target=%s code_per_ip=%s attempts_per_account=%s lookup_per_ip=%s trusted_proxies=%q",
		FormatRules(l.CodePerTarget), FormatRules(l.CodePerIP), FormatRules(l.AttemptsPerAccount),
		FormatRules(l.LookupPerIP), strings.Join(proxies, ","))
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
