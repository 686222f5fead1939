package httpapi

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"sync/atomic"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// A request body that never ends, or arrives a few bytes a second, would hold a connection (and
// a goroutine, and the handler's buffers) for as long as the server lets it. Every body gets a
// deadline: the whole of it within BodyTimeout (10 s), except the files of streamed operations
// (uploads), which may take minutes but must keep up a minimum rate (minRateBody). A body too
// slow for its deadline is answered 408 request.too_slow, and the connection is closed.

// RequestTooSlow is the failure of a request whose body did not arrive in time.
const RequestTooSlow apierr.Key = "request.too_slow"

// DefaultBodyTimeout is how long a request body may take to arrive whole, when Deps.BodyTimeout
// is not set.
const DefaultBodyTimeout = 10 * time.Second

// errBodyTooSlow is what reading a body returns once its deadline has passed.
var errBodyTooSlow = errors.New("the request body did not arrive in time")

// bodyTimerKey carries the request's *timedBody to writeError.
type bodyTimerKey struct{}

// timedBody is a request body read under a read deadline of the connection; it reports a
// passed deadline as errBodyTooSlow. Once the body has been read whole, the server lifts the
// deadline itself, as it starts watching the idle connection for the client going away: a
// deadline passing there would cancel the request's context while its handler is at work.
type timedBody struct {
	io.ReadCloser
	timedOut atomic.Bool
}

func (b *timedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && errors.Is(err, os.ErrDeadlineExceeded) {
		b.timedOut.Store(true)
		return n, errBodyTooSlow
	}
	return n, err
}

// bodyDeadline gives every request with a body BodyTimeout to send it whole. Streamed
// operations replace the deadline with their minimum rate (minRateBody) before they read.
func (s *Server) bodyDeadline(next http.Handler) http.Handler {
	timeout := s.BodyTimeout
	if timeout <= 0 {
		timeout = DefaultBodyTimeout
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody {
			// Without a body the server already watches the connection for the client going
			// away; a deadline there would cut the request short.
			next.ServeHTTP(w, r)
			return
		}
		if err := http.NewResponseController(w).SetReadDeadline(time.Now().Add(timeout)); err != nil {
			// A writer without deadlines (a test's recorder): the server's own time-outs apply.
			next.ServeHTTP(w, r)
			return
		}
		body := &timedBody{ReadCloser: r.Body}
		r.Body = body
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), bodyTimerKey{}, body)))
	})
}

// bodyTooSlow reports whether r's body missed its deadline. Whatever a handler made of the
// failed read (invalid JSON, an interrupted upload), that is the reason to tell.
func bodyTooSlow(r *http.Request) bool {
	b, ok := r.Context().Value(bodyTimerKey{}).(*timedBody)
	return ok && b.timedOut.Load()
}

// minRateBody reads a streamed body (an upload) at no less than minRate bytes a second,
// averaged over window, and within total from now. The connection's read deadline is moved
// with every read: each byte buys 1/minRate of a second, and no more than window can be saved
// up, so a client that stops sending is cut off within window, one that sends at half the rate
// within twice window, and a fast one is never held up. The first window is a grace period for
// the body to start.
type minRateBody struct {
	io.ReadCloser
	rc       *http.ResponseController
	minRate  float64
	window   time.Duration
	end      time.Time // the upload's whole deadline
	deadline time.Time // the read deadline the bytes so far have bought
	now      func() time.Time
	// done is set once the body has ended (or failed): the deadline is not set again, as the
	// server may be watching the idle connection by then (see timedBody).
	done bool
}

func newMinRateBody(w http.ResponseWriter, body io.ReadCloser, minRate int64, window, total time.Duration, now func() time.Time) *minRateBody {
	start := now()
	return &minRateBody{
		ReadCloser: body, rc: http.NewResponseController(w), minRate: float64(minRate), window: window,
		end: start.Add(total), deadline: start.Add(window), now: now,
	}
}

func (b *minRateBody) Read(p []byte) (int, error) {
	if b.done {
		return b.ReadCloser.Read(p)
	}
	_ = b.rc.SetReadDeadline(b.next())
	n, err := b.ReadCloser.Read(p)
	b.credit(n)
	b.done = err != nil
	return n, err
}

// next is the read deadline: what the bytes so far have bought, within the whole upload's.
// Without a minimum rate, it is the whole upload's.
func (b *minRateBody) next() time.Time {
	if b.minRate <= 0 || b.deadline.After(b.end) {
		return b.end
	}
	return b.deadline
}

// credit moves the deadline on by the time n bytes buy at the minimum rate, up to window ahead
// of now.
func (b *minRateBody) credit(n int) {
	if n <= 0 || b.minRate <= 0 {
		return
	}
	now := b.now()
	if b.deadline.Before(now) {
		b.deadline = now
	}
	b.deadline = b.deadline.Add(time.Duration(float64(n) / b.minRate * float64(time.Second)))
	if limit := now.Add(b.window); b.deadline.After(limit) {
		b.deadline = limit
	}
}
