package httpapi

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"time"
)

// linkSigner signs the site's links to personal files: the preview links of repair uploads and
// the links to documents that need login. Such links are opened by elements and new tabs, which
// cannot send the token header, so the link itself is the credential: its token names the user
// it was handed to and when it stops working, and is signed with a key only the BFF knows. A
// purpose separates the kinds of links, so that a token of one kind opens nothing of another.
//
// A token is 32 bytes in unpadded base64url: the owner and the expiry (Unix seconds), 8 bytes
// each, big-endian, then the first 16 bytes of HMAC-SHA256(key, purpose 0 id 0 owner expiry).
type linkSigner struct {
	key []byte
}

// sign returns the token of a link of purpose to file id, handed to owner and working until exp.
func (s linkSigner) sign(purpose, id string, owner int64, exp time.Time) string {
	var tok [32]byte
	binary.BigEndian.PutUint64(tok[0:8], uint64(owner))
	binary.BigEndian.PutUint64(tok[8:16], uint64(exp.Unix()))
	copy(tok[16:], s.mac(purpose, id, tok[:16]))
	return base64.RawURLEncoding.EncodeToString(tok[:])
}

// check verifies a token of a link of purpose to file id at time now, and returns the owner it
// names. A forged, altered, truncated or expired token, or one of another purpose or file, is
// refused.
func (s linkSigner) check(purpose, id, token string, now time.Time) (owner int64, ok bool) {
	tok, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(tok) != 32 || !hmac.Equal(tok[16:], s.mac(purpose, id, tok[:16])) {
		return 0, false
	}
	owner = int64(binary.BigEndian.Uint64(tok[0:8]))
	exp := int64(binary.BigEndian.Uint64(tok[8:16]))
	return owner, owner > 0 && now.Unix() <= exp
}

// mac signs the file id for purpose with the token's owner and expiry.
func (s linkSigner) mac(purpose, id string, ownerAndExpiry []byte) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(purpose + "\x00" + id + "\x00"))
	m.Write(ownerAndExpiry)
	return m.Sum(nil)[:16]
}
