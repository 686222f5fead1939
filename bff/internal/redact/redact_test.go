package redact_test

import (
	"bytes"
	"errors"
	"log/slog"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/jakarobotics/website/bff/internal/redact"
)

func TestTextRedactsTheValuesOfSecretParameters(t *testing.T) {
	cases := map[string]string{
		"/en/virtual?token=abc":                                 "/en/virtual?token=REDACTED",
		"/en/wechatLogin?from=%2Fen%2Frepair&token=abc&x=1":     "/en/wechatLogin?from=%2Fen%2Frepair&token=REDACTED&x=1",
		"/preview/news/4?previewToken=p.q.r#top":                "/preview/news/4?previewToken=REDACTED#top",
		"/login/callback?CODE=c1&State=s1":                      "/login/callback?CODE=REDACTED&State=REDACTED",
		`Get "http://x/a?access_token=z&ticket=y": EOF`:         `Get "http://x/a?access_token=REDACTED&ticket=REDACTED": EOF`,
		"/document-files/7?t=sig&exp=9":                         "/document-files/7?t=REDACTED&exp=9",
		"/position?type=1&page=2&id=3":                          "/position?type=1&page=2&id=3",
		"/news?mytoken=keep&tokens=keep":                        "/news?mytoken=keep&tokens=keep",
		"no query at all":                                       "no query at all",
		"/en/virtual?token=":                                    "/en/virtual?token=REDACTED",
		"/a?password=hunter2 and /b?secret=x&code=1&state=2 ok": "/a?password=REDACTED and /b?secret=REDACTED&code=REDACTED&state=REDACTED ok",
	}
	for in, want := range cases {
		assert.Equal(t, want, redact.Text(in), in)
	}
}

func TestTheHandlerRedactsEveryPartOfARecord(t *testing.T) {
	var out bytes.Buffer
	log := slog.New(redact.NewHandler(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelDebug})))
	log = log.With("page", "/en/virtual?token=s3cret-1").WithGroup("req")
	log.Warn("failed /x?code=s3cret-2",
		"err", &url.Error{Op: "Get", URL: "http://r/en/virtual?token=s3cret-3", Err: errors.New("refused")},
		"url", &url.URL{Path: "/p", RawQuery: "state=s3cret-4"},
		slog.Group("g", "q", "?ticket=s3cret-5"),
		"status", 502, "clean", errors.New("nothing to hide"))
	line := out.String()
	assert.NotContains(t, line, "s3cret")
	assert.Contains(t, line, "req.status=502", "other values keep their kind")
	assert.Contains(t, line, `req.clean="nothing to hide"`)
	var nilURL *url.URL
	assert.NotPanics(t, func() { log.Info("nil", "u", nilURL) })
	assert.Same(t, redact.NewHandler(log.Handler()), log.Handler(), "wrapping twice redacts once")
}
