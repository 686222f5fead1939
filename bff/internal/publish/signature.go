package publish

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"time"
)

// SignatureHeader is the header of the CMS's webhook that signs its body:
//
//	X-CMS-Signature: t=1764400000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
//
// t is the time of sending in Unix seconds; v1 is hex of HMAC-SHA256(CMS_WEBHOOK_SECRET,
// t + "." + body). While the secret is rotated, the CMS sends one v1 per secret (the old and the
// new), so that the BFF accepts the event whichever of them it holds.
const SignatureHeader = "X-CMS-Signature"

// Tolerance is how far a signature's time may be from the BFF's clock, either way. A captured
// request replayed later than that is refused as stale; within it, as a replay (Seen).
const Tolerance = 5 * time.Minute

// maxSignatures bounds the v1 values of one header: two during a rotation, a few more at most.
const maxSignatures = 8

// The failures of Verify.
var (
	ErrBadSignature = errors.New("the signature is missing, malformed or made with another secret")
	ErrStale        = errors.New("the signature's time is more than 5 minutes from the BFF's clock")
)

// Sign returns the signature header's value of body sent at t.
func Sign(secret []byte, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	return "t=" + ts + ",v1=" + hex.EncodeToString(mac(secret, ts, body))
}

// Verify checks header (the value of SignatureHeader) against body and secret at now:
// ErrBadSignature unless one of its v1 values is body's signature with secret (compared in
// constant time), then ErrStale when its time is off by more than Tolerance. The signature is
// checked first, so that only the holder of the secret learns about the clock.
func Verify(secret []byte, header string, body []byte, now time.Time) error {
	var ts string
	var sigs [][]byte
	for _, part := range strings.Split(header, ",") {
		key, value, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return ErrBadSignature
		}
		switch key {
		case "t":
			if ts != "" {
				return ErrBadSignature
			}
			ts = value
		case "v1":
			sig, err := hex.DecodeString(value)
			if err != nil || len(sig) != sha256.Size || len(sigs) == maxSignatures {
				return ErrBadSignature
			}
			sigs = append(sigs, sig)
		}
		// Other schemes (v0, a future v2) are not this BFF's: left alone.
	}
	sent, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || len(sigs) == 0 || len(secret) == 0 {
		return ErrBadSignature
	}
	want := mac(secret, ts, body)
	matched := false
	for _, sig := range sigs {
		// Every value is compared, so that the time taken does not say which one matched.
		if hmac.Equal(sig, want) {
			matched = true
		}
	}
	if !matched {
		return ErrBadSignature
	}
	if d := now.Sub(time.Unix(sent, 0)); d > Tolerance || d < -Tolerance {
		return ErrStale
	}
	return nil
}

// mac is HMAC-SHA256(secret, ts + "." + body).
func mac(secret []byte, ts string, body []byte) []byte {
	h := hmac.New(sha256.New, secret)
	h.Write([]byte(ts))
	h.Write([]byte{'.'})
	h.Write(body)
	return h.Sum(nil)
}
