package httpapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/oapi"
	"github.com/jakarobotics/website/bff/internal/preview"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

// PreviewTooManyRequests is the failure of a preview read beyond the preview limits (429).
const PreviewTooManyRequests apierr.Key = "preview.too_many_requests"

// previewVary is the Vary of a preview answer: it depends on the language and the token.
const previewVary = "lang, preview"

// editorPreview is a request's valid preview token, the editor it names and the preview page it
// was issued for (preview.Claims.Page).
type editorPreview struct {
	token  string
	editor string
	page   string
}

// draftItem is a content read of one item, as the site's preview page of that item names it:
// the page and the path parameter that holds the item's id (newsDetail/{newsId}).
type draftItem struct{ page, param string }

// draftItems are the content reads of one item, by route. A preview token is bound to the page
// it was issued for: a token of an item's page (/preview/newsDetail/38) opens the drafts of that
// item's reads only, and a token of any other page (a list, the home page, an about page) opens
// the drafts of every read but the items'. Outside its page a token reads the published site,
// like any visitor, so that a link handed to a reviewer of news 38 shows no other draft.
var draftItems = map[string]draftItem{
	"/api/news/getNewsDetail/{typeId}/{newsId}":                             {"newsDetail", "newsId"},
	"/api/productCenter/getProductDetails/{programId}/{lineId}/{productId}": {"productDetails", "productId"},
	"/api/productCenter/getProductById/{programId}/{productId}":             {"productDetails", "productId"},
	"/api/productCenter/getProductLineDetails/{programId}/{lineId}":         {"productList", "lineId"},
	"/api/solution/getApplicationsDetails/{programId}/{caseId}":             {"caseDetail", "caseId"},
	"/api/solution/getIndustryDetails/{programId}/{industryId}":             {"industry", "industryId"},
	"/api/solution/getProductApplyDetails/{programId}/{levelId}":            {"productLevel", "levelId"},
	"/api/solution/getApplyDetails/{programId}/{applicationId}":             {"application", "applicationId"},
	"/api/jaka+/getProductListById/{programId}/{partnerId}":                 {"jakaList", "partnerId"},
	"/api/jaka+/getProductDetails/{programId}/{productId}":                  {"jakaDetail", "productId"},
}

// itemPages are the preview pages of one item, the pages of draftItems.
var itemPages = func() map[string]bool {
	m := map[string]bool{}
	for _, it := range draftItems {
		m[it.page] = true
	}
	return m
}()

// draftItemOf is the item the content read r shows ("newsDetail/40"), or "" for a read that is
// no one item.
func draftItemOf(r *http.Request) string {
	rc := chi.RouteContext(r.Context())
	if rc == nil {
		return ""
	}
	it, ok := draftItems[strings.TrimPrefix(rc.RoutePattern(), oapi.BasePath)]
	if !ok {
		return ""
	}
	return it.page + "/" + chi.URLParam(r, it.param)
}

// opens reports whether the preview's token opens the drafts of a read of item (see
// draftItems): the item of its page, or, for a token of any other page, every read of no item.
func (p editorPreview) opens(item string) bool {
	if page, _, isItem := strings.Cut(p.page, "/"); isItem && itemPages[page] {
		return item == p.page
	}
	return item == ""
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
	return editorPreview{token: token, editor: claims.Subject, page: claims.Page}, true
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
