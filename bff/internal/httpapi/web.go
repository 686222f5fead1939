package httpapi

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// webApp serves the built single-page app: real files as they are, hashed assets cached for a
// year, and index.html for every other path so that the app's router can take it.
type webApp struct {
	dir   string
	files http.Handler
}

func newWebApp(dir string) http.Handler {
	return &webApp{dir: dir, files: http.FileServer(http.Dir(dir))}
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
	index := filepath.Join(a.dir, "index.html")
	if _, err := os.Stat(index); err != nil {
		http.Error(w, "The web app is not built: run `make run` (or `npm run build -w web`).", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeFile(w, r, index)
}
