package content

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// Previews, as a CMS with a preview feature runs them: an editor asks the CMS for a preview link
// of a page (POST /__admin/preview-links, the editor's button in a real CMS), and the CMS hands
// out the site's /preview/ URL with a signed, expiring token. The site's backend checks the token
// and passes it back on its reads (X-CMS-Preview-Token); the CMS serves drafts only to reads that
// carry a valid one. Both ends share the secret that signs the tokens (PREVIEW_SECRET).
//
// A token is v1.<base64url(JSON {"sub": editor, "path": page, "exp": unix seconds})>.<base64url(
// HMAC-SHA256(secret, "v1."+payload))>, base64url without padding, payload being the encoded
// middle part. path is the page the link was handed out for: the site's backend opens that
// page's drafts only (an item's page, only that item's), and passes the token on to this CMS
// only on the reads it opens. This CMS checks the signature and expiry, not the path: it does not
// know the site's pages.

// PreviewTokenHeader carries an editor's preview token on a read; a valid one adds drafts and
// unpublished changes to the answer.
const PreviewTokenHeader = "X-CMS-Preview-Token"

// MaxPreviewTTL bounds the life of a preview link.
const MaxPreviewTTL = 24 * time.Hour

// DefaultPreviewTTL is the life of a preview link that names none.
const DefaultPreviewTTL = time.Hour

// Options configure the CMS.
type Options struct {
	// PreviewSecret signs the preview tokens of preview links and checks them on reads. Empty
	// turns previews off: no links are handed out and every read sees the published site.
	PreviewSecret []byte
	// Webhook says where the CMS notifies the site of the changes editors publish (webhook.go);
	// without URLs it notifies nobody.
	Webhook Webhook
	// Now is the CMS's clock; nil means time.Now.
	Now func() time.Time
}

// previews mints and checks preview tokens.
type previews struct {
	secret []byte
	now    func() time.Time
}

func newPreviews(opts Options) *previews {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	return &previews{secret: append([]byte(nil), opts.PreviewSecret...), now: now}
}

// previewKey marks, in a request's context, a read that carries a valid preview token.
type previewKey struct{}

// preview reports whether the read carries a valid preview token (see previews.wrap).
func preview(r *http.Request) bool {
	ok, _ := r.Context().Value(previewKey{}).(bool)
	return ok
}

// wrap checks the preview token of every request before next sees it. A missing, forged or
// expired token reads the published site, as any visitor's read does.
func (p *previews) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if token := r.Header.Get(PreviewTokenHeader); token != "" && p.valid(token) {
			r = r.WithContext(context.WithValue(r.Context(), previewKey{}, true))
		}
		next.ServeHTTP(w, r)
	})
}

// MintPreviewToken returns the preview token of editor for the site page path that expires at
// expires, signed with secret.
func MintPreviewToken(secret []byte, editor, path string, expires time.Time) string {
	raw, _ := json.Marshal(map[string]any{"sub": editor, "path": path, "exp": expires.Unix()})
	payload := base64.RawURLEncoding.EncodeToString(raw)
	return "v1." + payload + "." + base64.RawURLEncoding.EncodeToString(previewMAC(secret, payload))
}

func previewMAC(secret []byte, payload string) []byte {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("v1." + payload))
	return mac.Sum(nil)
}

// valid checks a token's signature (in constant time), its expiry and its lifetime.
func (p *previews) valid(token string) bool {
	if len(p.secret) == 0 || len(token) > 1024 {
		return false
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 || parts[0] != "v1" {
		return false
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || !hmac.Equal(sig, previewMAC(p.secret, parts[1])) {
		return false
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return false
	}
	var claims struct {
		Sub string `json:"sub"`
		Exp int64  `json:"exp"`
	}
	if json.Unmarshal(raw, &claims) != nil || claims.Sub == "" {
		return false
	}
	now, expires := p.now(), time.Unix(claims.Exp, 0)
	return now.Before(expires) && expires.Sub(now) <= MaxPreviewTTL
}

// mintLink hands out a preview link: POST /__admin/preview-links {"path": "/preview/newsDetail/40",
// "editor": "li.na@jaka.com", "ttl": "1h"} → 201 {"token", "url": path?previewToken=…,
// "expiresAt"}. path is the site-relative page to preview; ttl (a Go duration, 1s to 24h) is 1h
// when left out. Without a secret: 503.
func (p *previews) mintLink(w http.ResponseWriter, r *http.Request) {
	if len(p.secret) == 0 {
		mockkit.WriteJSON(w, http.StatusServiceUnavailable, map[string]string{"error": "previews are off: the CMS has no PREVIEW_SECRET"})
		return
	}
	var in struct {
		Path   string `json:"path"`
		Editor string `json:"editor"`
		TTL    string `json:"ttl"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096)).Decode(&in); err != nil {
		badRequest(w, `want {"path": "/preview/…", "editor": name, "ttl": "1h"}`)
		return
	}
	page, err := url.Parse(in.Path)
	if err != nil || !strings.HasPrefix(in.Path, "/") || strings.HasPrefix(in.Path, "//") || page.Fragment != "" {
		badRequest(w, "path must be a page of the site, such as /preview/newsDetail/40")
		return
	}
	editor := strings.TrimSpace(in.Editor)
	if editor == "" || len(editor) > 200 {
		badRequest(w, "editor must name the editor (at most 200 characters)")
		return
	}
	ttl := DefaultPreviewTTL
	if in.TTL != "" {
		if ttl, err = time.ParseDuration(in.TTL); err != nil || ttl < time.Second || ttl > MaxPreviewTTL {
			badRequest(w, "ttl must be a duration from 1s to 24h, such as 1h")
			return
		}
	}
	expires := p.now().Add(ttl)
	token := MintPreviewToken(p.secret, editor, page.Path, expires)
	query := page.Query()
	query.Set("previewToken", token)
	page.RawQuery = query.Encode()
	mockkit.WriteJSON(w, http.StatusCreated, map[string]any{
		"token":     token,
		"url":       page.String(),
		"expiresAt": time.Unix(expires.Unix(), 0).UTC().Format(time.RFC3339),
	})
}
