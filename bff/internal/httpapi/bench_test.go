package httpapi_test

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/mocks"
)

// discard is a ResponseWriter that keeps nothing, so that the benchmark measures the BFF.
type discard struct{ h http.Header }

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(p []byte) (int, error) { return len(p), nil }
func (d *discard) WriteHeader(int)             {}

// BenchmarkCachedContentGET measures the hot path of a busy site: a content GET whose answer
// is in the cache, from the request to the last byte written.
func BenchmarkCachedContentGET(b *testing.B) {
	cms, err := mocks.New("content", mocks.Options{})
	require.NoError(b, err)
	cmsServer := httptest.NewServer(cms.Handler)
	defer cmsServer.Close()
	base, _ := url.Parse(cmsServer.URL)
	h, err := httpapi.NewServer(httpapi.Deps{
		Spec:        mustServingSpec(b),
		Content:     content.New(upstream.Client{System: "content", BaseURL: base}),
		Log:         slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelError})),
		Timeout:     5 * time.Second,
		LongTimeout: 5 * time.Second,
	})
	require.NoError(b, err)

	for _, enc := range []string{"identity", "gzip"} {
		b.Run(enc, func(b *testing.B) {
			req := httptest.NewRequest("GET", "/prod-api/api/programa/buildProgramaTree/8", nil)
			req.Header.Set("lang", "en")
			req.Header.Set("Accept-Encoding", enc)
			warm := httptest.NewRecorder()
			h.ServeHTTP(warm, req)
			require.Equal(b, http.StatusOK, warm.Code)
			w := &discard{h: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				h.ServeHTTP(w, req)
			}
		})
	}
	// A list with query parameters, in the order the generated web client sends them, and the
	// same list with its parameters in another order: the key is canonical in both.
	for name, target := range map[string]string{
		"query":          "/prod-api/api/news/newsList?pageNum=1&pageSize=10&typeId=1",
		"query-reversed": "/prod-api/api/news/newsList?typeId=1&pageSize=10&pageNum=1",
	} {
		b.Run(name, func(b *testing.B) {
			req := httptest.NewRequest("GET", target, nil)
			req.Header.Set("lang", "en")
			req.Header.Set("Accept-Encoding", "gzip")
			warm := httptest.NewRecorder()
			h.ServeHTTP(warm, req)
			require.Equal(b, http.StatusOK, warm.Code, warm.Body.String())
			w := &discard{h: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				h.ServeHTTP(w, req)
			}
		})
	}
	// A read-only POST, whose body is part of the key.
	b.Run("post", func(b *testing.B) {
		body := []byte(`{"pageNum":1,"pageSize":10}`)
		var rd bytes.Reader
		rc := io.NopCloser(&rd)
		req := httptest.NewRequest("POST", "/prod-api/api/language/list", nil)
		req.Header.Set("lang", "en")
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Encoding", "gzip")
		send := func(w http.ResponseWriter) {
			rd.Reset(body)
			req.Body, req.ContentLength = rc, int64(len(body))
			h.ServeHTTP(w, req)
		}
		warm := httptest.NewRecorder()
		send(warm)
		require.Equal(b, http.StatusOK, warm.Code, warm.Body.String())
		w := &discard{h: http.Header{}}
		b.ReportAllocs()
		for b.Loop() {
			send(w)
		}
	})
}

// BenchmarkCachedPageGET measures a rendered page served from the page cache, through every
// layer of the BFF: the path that bench/run.sh compares with a bare handler.
func BenchmarkCachedPageGET(b *testing.B) {
	page := bytes.Repeat([]byte("<article><h2>JAKA Zu</h2><p>Payload, reach, repeatability.</p></article>"), 500)
	renderer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=60")
		_, _ = w.Write(page)
	}))
	defer renderer.Close()
	rendererURL, _ := url.Parse(renderer.URL)
	web := b.TempDir()
	require.NoError(b, os.WriteFile(filepath.Join(web, "index.html"), []byte("<div id=root></div>"), 0o644))
	// Quiet: LOG_LEVEL=error, no access log; access-log: a JSON access line per request.
	for _, logs := range []struct {
		name  string
		level slog.Level
	}{{"quiet", slog.LevelError}, {"access-log", slog.LevelInfo}} {
		h, err := httpapi.NewServer(httpapi.Deps{
			Spec:        mustServingSpec(b),
			Log:         slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{Level: logs.level})),
			Timeout:     5 * time.Second,
			LongTimeout: 5 * time.Second,
			WebDir:      web,
			Renderer:    rendererURL,
			SiteOrigins: []string{"https://www.jaka.com"},
		})
		require.NoError(b, err)
		for _, enc := range []string{"identity", "gzip"} {
			b.Run(logs.name+"/"+enc, func(b *testing.B) {
				req := httptest.NewRequest("GET", "/en/productList", nil)
				req.Header.Set("Accept-Encoding", enc)
				warm := httptest.NewRecorder()
				h.ServeHTTP(warm, req)
				require.Equal(b, http.StatusOK, warm.Code, warm.Body.String())
				w := &discard{h: http.Header{}}
				b.ReportAllocs()
				for b.Loop() {
					h.ServeHTTP(w, req)
				}
			})
		}
	}
}
