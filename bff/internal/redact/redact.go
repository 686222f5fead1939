// Package redact keeps secrets that travel in URLs out of the BFF's logs. Session tokens
// (`validateToken?token=` of the legacy site and the mini-program, the mini-program's
// `virtual?token=` and `wechatLogin?token=` pages), editors' preview tokens, third-party login
// codes and states, and the signatures of personal file links all appear in query strings, and a
// log line that holds a URL (a failed request to a legacy system, a page the renderer could not
// render, a line of the renderer's own output) would otherwise keep them for as long as logs
// are kept.
//
// Params is the one list of such parameter names. Text redacts them in any text; NewHandler
// wraps a slog.Handler so that every line it writes is redacted (app.newLogger wraps the BFF's
// logger with it, so no call site has to remember).
package redact

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
)

// Params are the query parameters whose values are secrets or a visitor's personal data,
// compared without regard to case.
// The page renderer logs a failed page's path without its query at all (web/server/renderer.ts).
var Params = []string{
	"token", "previewToken", // session tokens, editors' preview tokens
	"access_token", "refresh_token", "id_token", // OAuth tokens, should a provider send them in a URL
	"code", "state", "ticket", // third-party login codes, their states, WeChat tickets
	"password", "secret",
	"t",                                       // the signature of a link to a personal file (repair uploads, login-only documents)
	"phone", "email", "mobile", "codeOrPhone", // contact data (the certificate lookup takes a phone)
	"searchInfo", "q", // what a visitor typed into a search: it may name them
}

// Mask replaces a secret's value.
const Mask = "REDACTED"

// secretValue matches `name=value` of a Params name at the start of a query parameter (after ?,
// & or ;), the value up to the next parameter, fragment, white space or quote.
var secretValue = func() *regexp.Regexp {
	names := make([]string, len(Params))
	for i, p := range Params {
		names[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile(`(?i)([?&;](?:` + strings.Join(names, "|") + `)=)[^&;#\s"'<>\\]*`)
}()

// Text returns s with the value of every secret query parameter replaced by Mask:
// `GET /en/virtual?token=abc&x=1` becomes `GET /en/virtual?token=REDACTED&x=1`.
func Text(s string) string {
	if !strings.Contains(s, "=") {
		return s // the common case, without a regular expression
	}
	return secretValue.ReplaceAllString(s, "${1}"+Mask)
}

// NewHandler wraps h so that the message and every attribute of every record it handles are
// redacted with Text: strings, errors and other values printed as text (a *url.URL, a
// *url.Error), in groups too. Wrapping a handler that already redacts returns it as it is.
func NewHandler(h slog.Handler) slog.Handler {
	if _, ok := h.(*handler); ok {
		return h
	}
	return &handler{inner: h}
}

type handler struct{ inner slog.Handler }

func (h *handler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.inner.Enabled(ctx, level)
}

func (h *handler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, Text(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(attr(a))
		return true
	})
	return h.inner.Handle(ctx, out)
}

func (h *handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		clean[i] = attr(a)
	}
	return &handler{inner: h.inner.WithAttrs(clean)}
}

func (h *handler) WithGroup(name string) slog.Handler {
	return &handler{inner: h.inner.WithGroup(name)}
}

// attr is a with its value redacted. A value that prints as text is replaced by its redacted
// text only when redaction changed it, so numbers, times and clean values keep their kind.
func attr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, Text(v.String()))
	case slog.KindGroup:
		group := v.Group()
		clean := make([]any, len(group))
		for i, g := range group {
			clean[i] = attr(g)
		}
		return slog.Group(a.Key, clean...)
	case slog.KindAny:
		if text, ok := textOf(v.Any()); ok {
			if clean := Text(text); clean != text {
				return slog.String(a.Key, clean)
			}
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}

// textOf is the text a handler would print for v, when v prints as text. A nil pointer whose
// method panics (a nil *url.URL) is left to the handler, which reports it.
func textOf(v any) (text string, ok bool) {
	defer func() {
		if recover() != nil {
			text, ok = "", false
		}
	}()
	switch x := v.(type) {
	case error:
		return x.Error(), true
	case fmt.Stringer:
		return x.String(), true
	case []byte:
		return string(x), true
	}
	return "", false
}
