package app

import (
	"bytes"
	"errors"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/jakarobotics/website/bff/internal/config"
)

// TestTheLogKeepsNoSecretOfAURL: whatever a line of the BFF's log holds (a failed call to a
// legacy system with its URL, a page the renderer could not render, a line of the renderer's own
// output), in text or JSON, the values of tokens, codes and signatures in it are redacted.
func TestTheLogKeepsNoSecretOfAURL(t *testing.T) {
	for _, jsonLines := range []bool{false, true} {
		var out bytes.Buffer
		log := newLogger(config.Config{LogLevel: "debug", LogJSON: jsonLines}, &out)
		failed := &url.Error{Op: "Post", URL: "http://idp.internal/api/check?token=s3cret-session&lang=en", Err: errors.New("connection refused")}
		log.Warn("request failed", "path", "/prod-api/login/validateToken", "err", failed)
		log.Warn("page served client-rendered", "page", "/en/virtual?token=s3cret-mini&tab=2")
		log.Info("page renderer", "out", "[renderer] page failed /en/wechatLogin?from=%2Fen&token=s3cret-wx")
		log.With("url", "/preview/newsDetail/40?previewToken=s3cret-preview").Debug("preview")
		log.Debug("document file", "link", &url.URL{Path: "/document-files/7", RawQuery: "t=s3cret-signature"})
		log.Warn("login callback /en/login/callback?code=s3cret-code&state=s3cret-state failed")

		assert.NotContains(t, out.String(), "s3cret", "json=%v:\n%s", jsonLines, out.String())
		assert.Contains(t, out.String(), "token=REDACTED&lang=en", "the rest of the URL stays")
		assert.Contains(t, out.String(), "tab=2")
	}
}
