// Package shared keeps the state that BFF replicas behind a load balancer must share in Redis,
// behind the interfaces the rest of the BFF already has: the rate limits and the growing delays
// after failed logins (ratelimit.Factory), the virtual trial's per-account locks
// (virtual.Locker), the used third-party login states (accounts.SpentStates) and the token
// checks (account.TokenStore); and it carries the CMS's published changes from the replica that
// took the CMS's webhook to the others (Broadcast, a publish.Fleet over pub/sub, and SeenEvents,
// the events taken).
//
// It uses github.com/redis/go-redis/v9, Redis's own client for Go: maintained by Redis, with a
// connection pool, context on every call, Lua scripts that fall back from EVALSHA to EVAL, and
// the same API for a single server, Sentinel and Cluster (redis.UniversalClient). Everything
// here relies on Redis's atomic primitives (SET NX PX, scripts), not on locks of its own.
//
// Keys are namespaced by a prefix (the site's, e.g. "jaka:"), and personal data (phone numbers,
// e-mail addresses) never reaches Redis as such: keys carry a hash of it.
package shared

import (
	"crypto/sha256"
	"encoding/base64"
)

// keyHash is the part of a key that stands for personal data: a hash of parts, which are joined
// unambiguously, in a domain of its own.
func keyHash(domain string, parts ...string) string {
	h := sha256.New()
	h.Write([]byte("jaka-shared\x00" + domain))
	for _, p := range parts {
		h.Write([]byte{0})
		h.Write([]byte(p))
	}
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))
}
