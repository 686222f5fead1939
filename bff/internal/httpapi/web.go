package httpapi

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/jakarobotics/website/bff/internal/cache"
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
				if a.serveCompressed(w, r, clean) {
					return
				}
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

// precompressed are the encodings the build writes beside each asset (web/scripts/precompress.mjs),
// best first.
var precompressed = []struct{ encoding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// serveCompressed answers an asset with the smallest copy the build compressed ahead of time that
// the browser accepts, and reports whether it did. Scripts and styles are most of a page's
// weight on a phone: compressed once at build time, they cost nothing per request.
func (a *webApp) serveCompressed(w http.ResponseWriter, r *http.Request, clean string) bool {
	w.Header().Add("Vary", "Accept-Encoding")
	for _, c := range precompressed {
		if !cache.AcceptsEncoding(r.Header, c.encoding) {
			continue
		}
		f, err := os.Open(filepath.Join(a.dir, filepath.FromSlash(clean+c.suffix)))
		if err != nil {
			continue
		}
		defer f.Close()
		info, err := f.Stat()
		if err != nil || info.IsDir() {
			continue
		}
		if ctype := mime.TypeByExtension(path.Ext(clean)); ctype != "" {
			w.Header().Set("Content-Type", ctype)
		}
		w.Header().Set("Content-Encoding", c.encoding)
		http.ServeContent(w, r, clean, info.ModTime(), f)
		return true
	}
	return false
}
