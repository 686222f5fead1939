package httpapi

import (
	"context"
	"net/http"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/preview"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

// PreviewTooManyRequests is the failure of a preview read beyond the preview limits (429).
const PreviewTooManyRequests apierr.Key = "preview.too_many_requests"

// previewVary is the Vary of a preview answer: it depends on the language and the token.
const previewVary = "lang, preview"

// editorPreview is a request's valid preview token and the editor it names.
type editorPreview struct {
	token  string
	editor string
}

// previewCtx carries the valid preview of a request from cacheFront to the content handler, so
// that the token is checked once and both take the same decision.
type previewCtx struct{}

// previewGuard checks preview tokens and limits the preview reads.
type previewGuard struct {
	verifier  *preview.Verifier
	perIP     ratelimit.KeyLimiter
	perEditor ratelimit.KeyLimiter
}

// newPreviewGuard returns the guard of v's tokens and of limits (nil means
// preview.DefaultLimits()), with the limiters of f.
func newPreviewGuard(v *preview.Verifier, limits *preview.Limits, f ratelimit.Factory) *previewGuard {
	l := preview.DefaultLimits()
	if limits != nil {
		l = *limits
	}
	return &previewGuard{
		verifier:  v,
		perIP:     f.Rules("preview-ip", l.PerIP...),
		perEditor: f.Rules("preview-editor", l.PerEditor...),
	}
}

// checkPreview returns the request's preview when its preview header holds a valid token. Anything else
// (no header, `1`, a forged or expired token, previews off) is an ordinary visitor's request.
func (s *Server) checkPreview(r *http.Request) (editorPreview, bool) {
	// Read by the canonical name, as cacheFront's hot path does: Get would canonicalize it.
	token := firstValue(r.Header["Preview"])
	if token == "" || !s.previews.verifier.Enabled() {
		return editorPreview{}, false
	}
	claims, err := s.previews.verifier.Verify(token)
	if err != nil {
		s.Log.DebugContext(r.Context(), "preview token refused; serving the published site", "err", err, "path", r.URL.Path)
		return editorPreview{}, false
	}
	return editorPreview{token: token, editor: claims.Subject}, true
}

// previewOf is the request's valid preview: the one cacheFront found, else the request's own.
func (s *Server) previewOf(r *http.Request) (editorPreview, bool) {
	if p, ok := r.Context().Value(previewCtx{}).(editorPreview); ok {
		return p, true
	}
	return s.checkPreview(r)
}

func withPreview(ctx context.Context, p editorPreview) context.Context {
	return context.WithValue(ctx, previewCtx{}, p)
}

// servePreview answers an editor's preview: drafts straight from the CMS, never cached by the
// BFF nor the browser, never indexed, and limited per address and per editor.
func (s *Server) servePreview(w http.ResponseWriter, r *http.Request, p editorPreview, fetch contentFetch) {
	h := w.Header()
	h.Set("Cache-Control", "private, no-store")
	h.Set("X-Robots-Tag", "noindex, nofollow")
	h.Set("Vary", previewVary)
	// The client address first: a refused address does not spend the editor's room, and a
	// refused editor gives the address its read back.
	if ok, wait := ratelimit.AllowBoth(s.previews.perIP, s.guard.clientKey(r), s.previews.perEditor, p.editor); !ok {
		h.Set("Retry-After", ratelimit.RetryAfter(wait))
		writeError(w, r, s.Log, apierr.New(PreviewTooManyRequests, nil))
		return
	}
	s.Metrics.CacheResults.WithLabelValues("bypass").Inc()
	data, err := fetch(r.Context(), string(requestLang(r)), p.token)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeRaw(w, r, data)
}
