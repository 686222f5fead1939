package preview_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/preview"
)

var (
	secret = []byte("a shared secret of the CMS and the BFF, 32+ bytes")
	now    = time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
)

func clock() time.Time { return now }

func TestAValidTokenNamesItsEditor(t *testing.T) {
	v := preview.NewVerifier(secret, clock)
	token := preview.Mint(secret, preview.Claims{Subject: "li.na@jaka.com", Path: "/en/preview/investment", Expires: now.Add(time.Hour)})
	assert.True(t, strings.HasPrefix(token, "v1."), token)

	c, err := v.Verify(token)
	require.NoError(t, err)
	assert.Equal(t, "li.na@jaka.com", c.Subject)
	assert.True(t, c.Expires.Equal(now.Add(time.Hour)))
}

// signed builds a token of any payload with a correct signature, as a CMS with a bug would.
func signed(key []byte, json string) string {
	encoded := base64.RawURLEncoding.EncodeToString([]byte(json))
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("v1." + encoded))
	return "v1." + encoded + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

func TestTheFormatIsTheDocumentedOne(t *testing.T) {
	// What another implementation (the CMS) computes from the description must verify here.
	c, err := preview.NewVerifier(secret, clock).Verify(signed(secret, `{"sub":"editor","path":"/en/preview/newsDetail/38?x=1","exp":`+itoa(now.Add(time.Minute).Unix())+`}`))
	require.NoError(t, err)
	assert.Equal(t, "editor", c.Subject)
	assert.Equal(t, "newsDetail/38", c.Page, "what the token opens: the page, without language, /preview and query")
}

// A token opens the page it was issued for: one that names no preview page opens nothing.
func TestATokenMustNameThePreviewPageItOpens(t *testing.T) {
	v := preview.NewVerifier(secret, clock)
	exp := itoa(now.Add(time.Minute).Unix())
	for _, path := range []string{"", "/en/newsDetail/38", "https://evil.example/preview/x", "/preview/../login", "//evil.example/preview/x"} {
		_, err := v.Verify(signed(secret, `{"sub":"editor","path":"`+path+`","exp":`+exp+`}`))
		assert.ErrorIs(t, err, preview.ErrMalformed, path)
	}
	_, err := v.Verify(signed(secret, `{"sub":"editor","exp":`+exp+`}`))
	assert.ErrorIs(t, err, preview.ErrMalformed, "a token of the old format, bound to nothing")
	for path, page := range map[string]string{"/preview/newsDetail/38": "newsDetail/38", "/jp/preview/investment/": "investment", "/en/preview": ""} {
		c, err := v.Verify(signed(secret, `{"sub":"editor","path":"`+path+`","exp":`+exp+`}`))
		require.NoError(t, err, path)
		assert.Equal(t, page, c.Page, path)
	}
}

func TestRefusedTokens(t *testing.T) {
	v := preview.NewVerifier(secret, clock)
	valid := preview.Mint(secret, preview.Claims{Subject: "editor", Path: "/en/preview/investment", Expires: now.Add(time.Hour)})
	parts := strings.Split(valid, ".")
	require.Len(t, parts, 3)
	// The same signature over another payload: a visitor who edited the editor or the expiry.
	otherPayload := base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"editor","exp":` + itoa(now.Add(20*time.Hour).Unix()) + `}`))
	flipped := []byte(parts[2]) // still base64, another signature
	if flipped[0] == 'A' {
		flipped[0] = 'B'
	} else {
		flipped[0] = 'A'
	}

	for _, c := range []struct {
		name  string
		token string
		want  error
	}{
		{"empty", "", preview.ErrMalformed},
		{"the old header value", "1", preview.ErrMalformed},
		{"garbage", "not a token at all", preview.ErrMalformed},
		{"garbage with dots", "v1.!!!.???", preview.ErrMalformed},
		{"another version", "v2." + parts[1] + "." + parts[2], preview.ErrMalformed},
		{"no signature", "v1." + parts[1] + ".", preview.ErrMalformed},
		{"too long", "v1." + strings.Repeat("A", preview.MaxTokenLength) + "." + parts[2], preview.ErrMalformed},
		{"expired", preview.Mint(secret, preview.Claims{Subject: "editor", Path: "/en/preview/investment", Expires: now.Add(-time.Second)}), preview.ErrExpired},
		{"expiring this second", preview.Mint(secret, preview.Claims{Subject: "editor", Path: "/en/preview/investment", Expires: now}), preview.ErrExpired},
		{"valid for too long", preview.Mint(secret, preview.Claims{Subject: "editor", Path: "/en/preview/investment", Expires: now.Add(preview.MaxLifetime + time.Second)}), preview.ErrLifetime},
		{"tampered payload", "v1." + otherPayload + "." + parts[2], preview.ErrSignature},
		{"tampered signature", "v1." + parts[1] + "." + string(flipped), preview.ErrSignature},
		{"wrong secret", preview.Mint([]byte("another secret, also long enough to be one"), preview.Claims{Subject: "editor", Path: "/en/preview/investment", Expires: now.Add(time.Hour)}), preview.ErrSignature},
		{"signed payload that is not JSON", signed(secret, "editor until tomorrow"), preview.ErrMalformed},
		{"signed payload without an editor", signed(secret, `{"exp":`+itoa(now.Add(time.Hour).Unix())+`}`), preview.ErrMalformed},
		{"signed payload without an expiry", signed(secret, `{"sub":"editor"}`), preview.ErrMalformed},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := v.Verify(c.token)
			assert.ErrorIs(t, err, c.want)
		})
	}
}

func TestWithoutASecretPreviewsAreOff(t *testing.T) {
	v := preview.NewVerifier(nil, clock)
	assert.False(t, v.Enabled())
	// Even a token "signed" with the empty key is refused.
	_, err := v.Verify(preview.Mint(nil, preview.Claims{Subject: "editor", Path: "/en/preview/investment", Expires: now.Add(time.Hour)}))
	assert.ErrorIs(t, err, preview.ErrDisabled)
	var none *preview.Verifier
	assert.False(t, none.Enabled())
	_, err = none.Verify("v1.a.b")
	assert.ErrorIs(t, err, preview.ErrDisabled)
}

func TestExpiryFollowsTheClock(t *testing.T) {
	at := now
	v := preview.NewVerifier(secret, func() time.Time { return at })
	token := preview.Mint(secret, preview.Claims{Subject: "editor", Path: "/en/preview/investment", Expires: now.Add(time.Hour)})
	_, err := v.Verify(token)
	require.NoError(t, err)
	at = now.Add(time.Hour)
	_, err = v.Verify(token)
	assert.ErrorIs(t, err, preview.ErrExpired)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
