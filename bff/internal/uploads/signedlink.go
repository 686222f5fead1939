package uploads

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"time"
)

// Signer signs the site's links to personal files: the preview links of repair uploads and the
// links to documents that need login. Such links are opened by elements and new tabs, which
// cannot send the token header, so the link itself is the credential: its token names the user
// it was handed to and when it stops working, and is signed with a key only the BFF knows. A
// purpose separates the kinds of links, so that a token of one kind opens nothing of another.
//
// A token is 32 bytes in unpadded base64url: the owner and the expiry (Unix seconds), 8 bytes
// each, big-endian, then the first 16 bytes of HMAC-SHA256(key, purpose 0 id 0 owner expiry).
type Signer struct {
	key []byte
	now func() time.Time
}

// NewSigner signs with key and checks expiries against the time now tells (time.Now when nil).
func NewSigner(key []byte, now func() time.Time) Signer {
	if now == nil {
		now = time.Now
	}
	return Signer{key: key, now: now}
}

// Sign returns the token of a link of purpose to file id, handed to owner and working until exp.
func (s Signer) Sign(purpose, id string, owner int64, exp time.Time) string {
	var tok [32]byte
	binary.BigEndian.PutUint64(tok[0:8], uint64(owner))
	binary.BigEndian.PutUint64(tok[8:16], uint64(exp.Unix()))
	copy(tok[16:], s.mac(purpose, id, tok[:16]))
	return base64.RawURLEncoding.EncodeToString(tok[:])
}

// SignFor returns the token of a link of purpose to file id, handed to owner and working for ttl
// from now.
func (s Signer) SignFor(purpose, id string, owner int64, ttl time.Duration) string {
	return s.Sign(purpose, id, owner, s.now().Add(ttl))
}

// Check verifies a token of a link of purpose to file id now, and returns the owner it names. A
// forged, altered, truncated or expired token, or one of another purpose or file, is refused.
func (s Signer) Check(purpose, id, token string) (owner int64, ok bool) {
	tok, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(tok) != 32 || !hmac.Equal(tok[16:], s.mac(purpose, id, tok[:16])) {
		return 0, false
	}
	owner = int64(binary.BigEndian.Uint64(tok[0:8]))
	exp := int64(binary.BigEndian.Uint64(tok[8:16]))
	return owner, owner > 0 && s.now().Unix() <= exp
}

// Now is the time of the signer's clock, for links whose expiry depends on more than a TTL.
func (s Signer) Now() time.Time { return s.now() }

// mac signs the file id for purpose with the token's owner and expiry.
func (s Signer) mac(purpose, id string, ownerAndExpiry []byte) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(purpose + "\x00" + id + "\x00"))
	m.Write(ownerAndExpiry)
	return m.Sum(nil)[:16]
}
