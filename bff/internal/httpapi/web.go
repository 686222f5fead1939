package httpapi

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// webApp serves the built web app: real files as they are, hashed assets cached for a year, and
// every other path as a page (bff/internal/pages: rendered on the server, or the client-rendered
// index.html).
type webApp struct {
	dir   string
	files http.Handler
	pages http.Handler
}

func newWebApp(dir string, pages http.Handler) http.Handler {
	return &webApp{dir: dir, files: http.FileServer(http.Dir(dir)), pages: pages}
}

func (a *webApp) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	clean := path.Clean("/" + r.URL.Path)
	if clean != "/" {
		if info, err := os.Stat(filepath.Join(a.dir, filepath.FromSlash(clean))); err == nil && !info.IsDir() {
			if strings.HasPrefix(clean, "/assets/") {
				// Vite names assets by content hash: a changed file has a new name.
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			a.files.ServeHTTP(w, r)
			return
		}
		// A missing asset is a real 404: answering index.html for a script would hide a broken
		// deployment behind a confusing parse error in the browser.
		if strings.HasPrefix(clean, "/assets/") || path.Ext(clean) != "" {
			http.NotFound(w, r)
			return
		}
	}
	a.pages.ServeHTTP(w, r)
}
