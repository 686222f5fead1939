package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	mrand "math/rand/v2"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/redact"
	"github.com/jakarobotics/website/bff/internal/upstream"
)

// The access log: one line per request at Info (Warn for a 5xx), written when the answer is
// sent, whichever layer answered it (the cache front, a handler, the web app's files). It
// names the route template, never the raw path; the query only with its secret and personal
// values masked (redact.Params); the cache's result; every call to a legacy system with its
// outcome and time; the client's address as the BFF believes it (TRUSTED_PROXIES); the
// request id (X-Request-Id, also sent back); and, when tracing is on, the trace id.

// accessLine is what the layers of one request tell its access line as they go.
type accessLine struct {
	// route is the route template, set by whichever layer answered (routeLabel, the cache front).
	route string
}

type accessLineKey struct{}

// setAccessRoute tells r's access line the route template that answered it.
func setAccessRoute(r *http.Request, route string) {
	if line, ok := r.Context().Value(accessLineKey{}).(*accessLine); ok {
		line.route = route
	}
}

// requestIDPattern is what a request id from the caller (a load balancer's) may look like: a
// bounded token, so that it cannot forge fields of the line.
var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// requestID is the caller's X-Request-Id when it is one, else a new random id.
func requestID(r *http.Request) string {
	if id := r.Header.Get("X-Request-Id"); requestIDPattern.MatchString(id) {
		return id
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.Log.Enabled(r.Context(), slog.LevelInfo) {
			// LOG_LEVEL=warn or error: no access log, and not a byte spent on one.
			next.ServeHTTP(w, r)
			return
		}
		start := time.Now()
		id := requestID(r)
		w.Header().Set("X-Request-Id", id)
		line := &accessLine{route: "unmatched"}
		ctx, calls := upstream.WithCalls(context.WithValue(r.Context(), accessLineKey{}, line))
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r.WithContext(ctx))
		took := time.Since(start)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		if !s.logsAccess(line.route, rec.status) {
			return
		}
		level := slog.LevelInfo
		if rec.status >= 500 {
			level = slog.LevelWarn
		}
		attrs := []slog.Attr{
			slog.String("method", r.Method),
			slog.String("route", line.route),
			slog.Int("status", rec.status),
			slog.Int("bytes", rec.bytes),
			slog.Float64("ms", float64(took.Microseconds())/1000),
			slog.String("client", ratelimit.ClientIP(r, s.guard.proxies).String()),
			slog.String("request_id", id),
		}
		if r.URL.RawQuery != "" {
			attrs = append(attrs, slog.String("query", redact.Text("?" + r.URL.RawQuery)[1:]))
		}
		if cache := rec.Header().Get("X-Cache"); cache != "" {
			attrs = append(attrs, slog.String("cache", cache))
		}
		if list := calls.List(); len(list) > 0 {
			upstreams := make([]string, len(list))
			for i, c := range list {
				upstreams[i] = c.Name + " " + c.Outcome + " " + strconv.FormatFloat(float64(c.Took.Microseconds())/1000, 'f', 1, 64) + "ms"
			}
			attrs = append(attrs, slog.Any("upstreams", upstreams))
		}
		s.Log.LogAttrs(ctx, level, "access", attrs...)
	})
}

// logsAccess says whether a request's line is written: every one, but of the successful answers
// of the web app's files only one in AccessLogFilesEvery (ACCESS_LOG_FILES_EVERY), as a site's
// scripts, fonts and pictures can outnumber its pages many times.
func (s *Server) logsAccess(route string, status int) bool {
	if route != fileRoute || status >= 400 || s.AccessLogFilesEvery <= 1 {
		return true
	}
	return mrand.IntN(s.AccessLogFilesEvery) == 0
}
