package upstream

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/sony/gobreaker/v2"
)

// BreakerSettings say when a legacy system counts as down and how it is tried again.
type BreakerSettings struct {
	// Failures is how many calls in a row must fail before the breaker opens.
	Failures uint32
	// OpenFor is how long an open breaker fails every call at once before it lets trial calls
	// through.
	OpenFor time.Duration
	// Trials is how many calls a half-open breaker lets through; all of them must succeed for
	// it to close, and the first failure opens it again.
	Trials uint32
	// OnStateChange, when set, is told when a system's breaker changes state (for metrics and
	// the log): "closed", "open" or "half-open".
	OnStateChange func(system, state string)
}

// DefaultBreakerSettings: five failures in a row open a system's breaker for ten seconds, then
// three trial calls decide. Five is enough not to trip on one slow answer or a deploy of the
// legacy system; ten seconds is short against a publish and long against a time-out of 10 s.
var DefaultBreakerSettings = BreakerSettings{Failures: 5, OpenFor: 10 * time.Second, Trials: 3}

// Breaker fails a legacy system's calls at once while that system keeps failing, instead of
// letting every request wait for its time-out: stale content is served at once, writes go
// straight to the outbox, and personal reads answer 503 with Retry-After. It wraps
// sony/gobreaker's two-step breaker, which fits both answers read whole and files streamed
// after their headers.
type Breaker struct {
	system  string
	openFor time.Duration
	cb      *gobreaker.TwoStepCircuitBreaker[struct{}]
}

// NewBreaker returns the breaker of one system.
func NewBreaker(system string, s BreakerSettings) *Breaker {
	b := &Breaker{system: system, openFor: s.OpenFor}
	failures := s.Failures
	b.cb = gobreaker.NewTwoStepCircuitBreaker[struct{}](gobreaker.Settings{
		Name:        system,
		MaxRequests: s.Trials,
		// Counts are cleared only by a change of state: failures must come in a row, whatever
		// time lies between them.
		Interval: 0,
		Timeout:  s.OpenFor,
		ReadyToTrip: func(c gobreaker.Counts) bool {
			return c.ConsecutiveFailures >= failures
		},
		// The system failed when the call came to anything but an answer (Outcome): a 404 or a
		// 400 is an answer the system gave on purpose.
		IsSuccessful: func(err error) bool { return Outcome(err) == "ok" },
		IsExcluded:   func(err error) bool { return errors.Is(err, errCallerLeft) },
		OnStateChange: func(name string, _, to gobreaker.State) {
			if s.OnStateChange != nil {
				s.OnStateChange(name, to.String())
			}
		},
	})
	return b
}

// State is the breaker's state now: "closed", "open" or "half-open".
func (b *Breaker) State() string { return b.cb.State().String() }

// OpenError is the answer of a call that an open breaker did not send.
type OpenError struct {
	System string
	// RetryAfter is how long the breaker stays open at most, for the Retry-After header.
	RetryAfter time.Duration
}

func (e *OpenError) Error() string {
	return fmt.Sprintf("%s is failing: calls are refused for up to %s", e.System, e.RetryAfter)
}

// RetryAfterSeconds is the Retry-After header's value for err when it comes from an open
// breaker, else "".
func RetryAfterSeconds(err error) string {
	var open *OpenError
	if !errors.As(err, &open) {
		return ""
	}
	return strconv.Itoa(max(1, int((open.RetryAfter+time.Second-1)/time.Second)))
}

// allow asks whether a call may go out. It returns the function that reports the call's
// outcome, or the error to answer at once. A nil Breaker lets every call through.
func (b *Breaker) allow(ctx context.Context) (func(error), error) {
	if b == nil {
		return func(error) {}, nil
	}
	done, err := b.cb.Allow()
	if err != nil {
		return nil, &OpenError{System: b.system, RetryAfter: b.openFor}
	}
	return func(err error) {
		// A visitor who left says nothing about the system: such a call counts neither way.
		if err != nil && errors.Is(ctx.Err(), context.Canceled) {
			err = errCallerLeft
		}
		done(err)
	}, nil
}

// errCallerLeft marks a call whose caller went away before the system answered.
var errCallerLeft = errors.New("the caller left")
