package publish_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/jakarobotics/website/bff/internal/publish"
)

// The signature is what the header's documentation says, so that the CMS can be written from it.
func TestTheSignatureIsHMACSHA256OfTimeDotBody(t *testing.T) {
	body := []byte(`{"id":"evt-1","changes":[{"kind":"news","id":"41"}]}`)
	h := hmac.New(sha256.New, secret)
	h.Write([]byte("1764400000." + string(body)))
	assert.Equal(t, "t=1764400000,v1="+hex.EncodeToString(h.Sum(nil)), publish.Sign(secret, time.Unix(1_764_400_000, 0), body))
}

func TestVerify(t *testing.T) {
	now := time.Unix(1_764_400_000, 0)
	body := []byte(`{"id":"evt-1","changes":[{"kind":"news","id":"41"}]}`)
	good := publish.Sign(secret, now, body)
	ts, v1, _ := strings.Cut(good, ",")
	other := publish.Sign([]byte("the next secret, while it is rotated"), now, body)
	_, otherV1, _ := strings.Cut(other, ",")
	for _, tc := range []struct {
		name   string
		header string
		want   error
	}{
		{"good", good, nil},
		{"spaces after commas", ts + ", " + v1, nil},
		// During a rotation the CMS signs with both secrets; the BFF holds one of them.
		{"one of two signatures (rotation)", ts + "," + otherV1 + "," + v1, nil},
		{"an unknown scheme beside", ts + ",v0=abc," + v1, nil},
		{"only another secret's", other, publish.ErrBadSignature},
		{"empty", "", publish.ErrBadSignature},
		{"no time", v1, publish.ErrBadSignature},
		{"no signature", ts, publish.ErrBadSignature},
		{"two times", ts + "," + ts + "," + v1, publish.ErrBadSignature},
		{"a time that is not a number", "t=soon," + v1, publish.ErrBadSignature},
		{"a signature that is not hex", ts + ",v1=zz", publish.ErrBadSignature},
		{"a short signature", ts + ",v1=abcd", publish.ErrBadSignature},
		{"a part without =", ts + ",v1", publish.ErrBadSignature},
		{"too many signatures", ts + strings.Repeat(","+otherV1, 8) + "," + v1, publish.ErrBadSignature},
		{"the time changed", fmt.Sprintf("t=%d,", now.Unix()+1) + v1, publish.ErrBadSignature},
		{"five minutes old", publish.Sign(secret, now.Add(-publish.Tolerance), body), nil},
		{"five minutes and a second old", publish.Sign(secret, now.Add(-publish.Tolerance-time.Second), body), publish.ErrStale},
		{"five minutes and a second ahead", publish.Sign(secret, now.Add(publish.Tolerance+time.Second), body), publish.ErrStale},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, publish.Verify(secret, tc.header, body, now))
		})
	}
}

// A stale request signed with another secret is a bad signature: only the secret's holder learns
// that the clocks disagree.
func TestABadSignatureIsToldBeforeStaleness(t *testing.T) {
	now := time.Unix(1_764_400_000, 0)
	body := []byte(`{}`)
	assert.Equal(t, publish.ErrBadSignature, publish.Verify(secret, publish.Sign([]byte("another"), now.Add(-time.Hour), body), body, now))
}
