package mockkit

import (
	"compress/gzip"
	"net/http"
	"strings"
	"sync"
)

// Gzip compresses answers for callers that accept gzip, as the web servers in front of the
// legacy systems do. Go's HTTP client asks for gzip and decompresses by itself.
func Gzip(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") || strings.HasPrefix(r.URL.Path, AdminPrefix) {
			next.ServeHTTP(w, r)
			return
		}
		gw := &gzipWriter{ResponseWriter: w}
		defer gw.close()
		w.Header().Add("Vary", "Accept-Encoding")
		next.ServeHTTP(gw, r)
	})
}

// gzipPool holds writers at the fastest level, nginx's default (gzip_comp_level 1): an answer
// of the stand-ins then costs little to compress, also under the race detector.
var gzipPool = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed) // a valid level: no error
	return zw
}}

// gzipWriter compresses the body once the handler has written its header; answers without a
// body (304, errors written by WriteHeader alone) pass unchanged.
type gzipWriter struct {
	http.ResponseWriter
	zw          *gzip.Writer
	wroteHeader bool
}

func (g *gzipWriter) WriteHeader(status int) {
	if g.wroteHeader {
		return
	}
	g.wroteHeader = true
	h := g.Header()
	if status != http.StatusNoContent && status != http.StatusNotModified && h.Get("Content-Encoding") == "" {
		h.Del("Content-Length")
		h.Set("Content-Encoding", "gzip")
		g.zw = gzipPool.Get().(*gzip.Writer)
		g.zw.Reset(g.ResponseWriter)
	}
	g.ResponseWriter.WriteHeader(status)
}

func (g *gzipWriter) Write(p []byte) (int, error) {
	if !g.wroteHeader {
		g.WriteHeader(http.StatusOK)
	}
	if g.zw == nil {
		return g.ResponseWriter.Write(p)
	}
	return g.zw.Write(p)
}

func (g *gzipWriter) close() {
	if g.zw != nil {
		_ = g.zw.Close()
		gzipPool.Put(g.zw)
	}
}

// Unwrap lets http.ResponseController and Hijack reach the connection (the down switch).
func (g *gzipWriter) Unwrap() http.ResponseWriter { return g.ResponseWriter }
