// Package preview checks the preview tokens that the CMS hands to editors in its preview links
// (/preview/…?previewToken=…), so that drafts are shown only to someone the CMS vouched for.
//
// A token is
//
//	v1.<base64url(JSON {"sub": editor, "path": page, "exp": unix seconds})>.<base64url(HMAC-SHA256(secret, "v1."+payload))>
//
// with base64url unpadded and payload the encoded middle part, signed with PREVIEW_SECRET, a
// secret the CMS and the BFF share. A token names the editor (for rate limits and logs), the
// preview page it was issued for (path, e.g. /en/preview/newsDetail/38: what it opens, see
// Claims.Page) and expires; it is never valid for more than MaxLifetime from the moment it is
// checked, so that a CMS misconfigured with a far expiry cannot hand out links that work forever.
// A token without a preview page opens nothing.
package preview

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"time"

	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

// Version is the first part of every token, so that a later format can be told apart.
const Version = "v1"

// MaxLifetime bounds how far in the future a token may expire.
const MaxLifetime = 24 * time.Hour

// MaxTokenLength bounds a token; anything longer is refused before any decoding.
const MaxTokenLength = 1024

// maxSubject bounds the editor's name in a token, maxPath its page.
const (
	maxSubject = 200
	maxPath    = 512
)

// Why a token is refused.
var (
	ErrDisabled  = errors.New("preview: no secret configured, previews are off")
	ErrMalformed = errors.New("preview: malformed token")
	ErrSignature = errors.New("preview: bad signature")
	ErrExpired   = errors.New("preview: token expired")
	ErrLifetime  = errors.New("preview: token expires too far in the future")
)

// Claims are what a valid token says.
type Claims struct {
	// Subject is the editor the CMS minted the token for.
	Subject string
	// Path is the site page the token was issued for, as the CMS's link names it
	// (/en/preview/newsDetail/38); Mint writes it. Page is what Verify reads from it.
	Path string
	// Page is the preview page the token opens, without language prefix, /preview and query:
	// "newsDetail/38", "investment", "" for the home page.
	Page string
	// Expires is when the token stops working (whole seconds).
	Expires time.Time
}

// payload is the JSON form of Claims inside a token.
type payload struct {
	Sub  string `json:"sub"`
	Path string `json:"path"`
	Exp  int64  `json:"exp"`
}

var b64 = base64.RawURLEncoding

// Verifier checks tokens against one secret. It is safe for concurrent use.
type Verifier struct {
	secret []byte
	now    func() time.Time
}

// NewVerifier returns a verifier of tokens signed with secret, on the clock now (nil means
// time.Now). An empty secret refuses every token: previews are off.
func NewVerifier(secret []byte, now func() time.Time) *Verifier {
	if now == nil {
		now = time.Now
	}
	return &Verifier{secret: append([]byte(nil), secret...), now: now}
}

// Enabled reports whether the verifier has a secret, that is whether any token can be valid.
func (v *Verifier) Enabled() bool { return v != nil && len(v.secret) > 0 }

// Verify checks token and returns its claims. The signature is compared in constant time and
// checked before the payload is decoded, so that nothing an attacker wrote is parsed.
func (v *Verifier) Verify(token string) (Claims, error) {
	if !v.Enabled() {
		return Claims{}, ErrDisabled
	}
	if token == "" || len(token) > MaxTokenLength {
		return Claims{}, ErrMalformed
	}
	version, rest, ok := strings.Cut(token, ".")
	if !ok || version != Version {
		return Claims{}, ErrMalformed
	}
	encoded, sig, ok := strings.Cut(rest, ".")
	if !ok || encoded == "" || sig == "" {
		return Claims{}, ErrMalformed
	}
	got, err := b64.Strict().DecodeString(sig)
	if err != nil {
		return Claims{}, ErrMalformed
	}
	if !hmac.Equal(got, sign(v.secret, encoded)) {
		return Claims{}, ErrSignature
	}
	raw, err := b64.Strict().DecodeString(encoded)
	if err != nil {
		return Claims{}, ErrMalformed
	}
	var p payload
	if err := json.Unmarshal(raw, &p); err != nil || p.Sub == "" || len(p.Sub) > maxSubject || p.Exp <= 0 || len(p.Path) > maxPath {
		return Claims{}, ErrMalformed
	}
	page, ok := PageOf(p.Path)
	if !ok {
		return Claims{}, ErrMalformed
	}
	expires, now := time.Unix(p.Exp, 0), v.now()
	if !now.Before(expires) {
		return Claims{}, ErrExpired
	}
	if expires.Sub(now) > MaxLifetime {
		return Claims{}, ErrLifetime
	}
	return Claims{Subject: p.Sub, Path: p.Path, Page: page, Expires: expires}, nil
}

// PageOf is the preview page of a site path: /preview/{page} or /{lang}/preview/{page}, with
// the language prefix, /preview, the query and trailing slashes left out. ok is false for a path
// that is no preview page (a token for it opens nothing).
func PageOf(sitePath string) (page string, ok bool) {
	u, err := url.Parse(sitePath)
	if err != nil || u.Scheme != "" || u.Host != "" || !strings.HasPrefix(u.Path, "/") {
		return "", false
	}
	segments := strings.Split(strings.Trim(u.Path, "/"), "/")
	switch {
	case len(segments) >= 1 && segments[0] == "preview":
		segments = segments[1:]
	case len(segments) >= 2 && segments[1] == "preview":
		segments = segments[2:]
	default:
		return "", false
	}
	for _, s := range segments {
		if s == "" || s == "." || s == ".." {
			return "", false
		}
	}
	return strings.Join(segments, "/"), true
}

// Mint returns the token of c signed with secret, as the CMS makes them. The BFF never mints
// tokens; tests do.
func Mint(secret []byte, c Claims) string {
	raw, _ := json.Marshal(payload{Sub: c.Subject, Path: c.Path, Exp: c.Expires.Unix()})
	encoded := b64.EncodeToString(raw)
	return Version + "." + encoded + "." + b64.EncodeToString(sign(secret, encoded))
}

// sign is the signature of an encoded payload: HMAC-SHA256 over "v1." and the payload.
func sign(secret []byte, encoded string) []byte {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(Version + "."))
	mac.Write([]byte(encoded))
	return mac.Sum(nil)
}

// Limits bound the preview reads, which the cache never answers, so that a preview token is not
// a free way to load the CMS: per client address and per editor (the token's subject), so that
// neither one machine with many tokens nor one leaked token used from many machines goes far.
type Limits struct {
	PerIP     []ratelimit.Rule
	PerEditor []ratelimit.Rule
}

// DefaultLimits are the limits of a BFF without configuration. A preview page makes about a
// dozen content reads, so an editor clicking briskly through pages stays well below them.
func DefaultLimits() Limits {
	return Limits{
		PerIP:     []ratelimit.Rule{{Limit: 300, Window: time.Minute}},
		PerEditor: []ratelimit.Rule{{Limit: 300, Window: time.Minute}},
	}
}

// String lists the limits for the start-up log.
func (l Limits) String() string {
	return "preview_per_ip=" + ratelimit.FormatRules(l.PerIP) + " preview_per_editor=" + ratelimit.FormatRules(l.PerEditor)
}
