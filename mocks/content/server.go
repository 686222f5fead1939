// Package content is a stand-in for the content CMS: a real HTTP server with the CMS's own API
// (not the site's /prod-api), serving seeded multilingual content and drawn pictures.
//
// API (all GET, JSON bodies without envelope, errors as {"error": text} with a 4xx status):
//
//	/cms/v2/languages?offset&limit          {"total", "rows"} of the site's language configuration
//	/cms/v2/menus/{id}?locale               the navigation tree of a menu in a locale
//	/cms/v2/banners?placement&locale        published banners of a placement
//	/assets/{name...}                       public media library (SVG pictures, files of public documents)
//	/cms/v2/files/{ref}                     a file of a document that needs login, by grant (files.go)
//	/__admin/calls?path=…                   how many calls of the API each path has had (calls.go)
//	POST /__admin/products/{id}, /__admin/news   editors' changes, each followed by the change
//	                                        webhook to CMS_WEBHOOK_URL (admin.go, webhook.go)
//
// Every content call takes locale (a wire language code; en_eu and en_us fall back to en); a
// valid preview token in the header X-CMS-Preview-Token adds draft items (see preview.go).
package content

import (
	"net/http"
	"strconv"
	"time"

	"github.com/jakarobotics/website/mocks/mockkit"
)

type server struct {
	store *Store
}

// NewHandler returns the CMS's HTTP handler over store.
func NewHandler(store *Store, opts Options) http.Handler {
	s := &server{store: store}
	p := newPreviews(opts)
	counted := newCalls()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /__admin/calls", counted.serve)
	mux.HandleFunc("POST /__admin/preview-links", p.mintLink)
	mux.HandleFunc("GET /cms/v2/languages", s.languages)
	mux.HandleFunc("GET /cms/v2/menus/{id}", s.menu)
	mux.HandleFunc("GET /cms/v2/banners", s.banners)
	mux.HandleFunc("GET /assets/{name...}", s.serveAsset)
	s.registerCatalogue(mux)
	s.registerNewsroom(mux)
	s.registerCompany(mux)
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	// The editors' changes take the store's write lock: they are served beside the reads, which
	// hold its read lock, never inside them.
	a := &admin{store: store, notify: newNotifier(opts.Webhook, now), now: now}
	root := http.NewServeMux()
	root.Handle("/", store.reading(mux))
	root.HandleFunc("POST /__admin/products/{id}", a.renameProduct)
	root.HandleFunc("POST /__admin/news", a.publishNews)
	return counted.wrap(p.wrap(root))
}

func badRequest(w http.ResponseWriter, msg string) {
	mockkit.WriteJSON(w, http.StatusBadRequest, map[string]string{"error": msg})
}

// locale reads the required locale parameter.
func locale(w http.ResponseWriter, r *http.Request) (string, bool) {
	l := r.URL.Query().Get("locale")
	if !knownLocale(l) {
		badRequest(w, "locale must be one of the CMS locales")
		return "", false
	}
	return l, true
}

// intParam reads a non-negative integer query parameter with a default.
func intParam(r *http.Request, name string, def int) (int, bool) {
	raw := r.URL.Query().Get(name)
	if raw == "" {
		return def, true
	}
	n, err := strconv.Atoi(raw)
	return n, err == nil && n >= 0
}

func (s *server) languages(w http.ResponseWriter, r *http.Request) {
	offset, ok1 := intParam(r, "offset", 0)
	limit, ok2 := intParam(r, "limit", 50)
	if !ok1 || !ok2 || limit == 0 || limit > 200 {
		badRequest(w, "offset must be >= 0 and limit 1..200")
		return
	}
	rows, total := s.store.Languages(offset, limit)
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"total": total, "rows": rows})
}

func (s *server) menu(w http.ResponseWriter, r *http.Request) {
	l, ok := locale(w, r)
	if !ok {
		return
	}
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil {
		badRequest(w, "menu id must be a number")
		return
	}
	items, found := s.store.Menu(id, l)
	if !found {
		mockkit.WriteJSON(w, http.StatusNotFound, map[string]string{"error": "no such menu"})
		return
	}
	mockkit.WriteJSON(w, http.StatusOK, items)
}

func (s *server) banners(w http.ResponseWriter, r *http.Request) {
	l, ok := locale(w, r)
	if !ok {
		return
	}
	placement, err := strconv.Atoi(r.URL.Query().Get("placement"))
	if err != nil {
		badRequest(w, "placement must be a number")
		return
	}
	mockkit.WriteJSON(w, http.StatusOK, s.store.Banners(placement, preview(r), l))
}
