package config

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Breaker is UPSTREAM_BREAKER: the circuit breaker of every legacy system's calls.
type Breaker struct {
	// Off leaves every call to its time-out, however often the system fails.
	Off bool
	// Failures in a row open the breaker; it stays open for OpenFor, then Trials calls decide.
	Failures uint32
	OpenFor  time.Duration
	Trials   uint32
}

func (b Breaker) String() string {
	if b.Off {
		return "off"
	}
	return fmt.Sprintf("failures=%d,open=%s,trials=%d", b.Failures, b.OpenFor, b.Trials)
}

// parseBreaker reads `failures=N,open=D,trials=N` (every part required) or `off`.
func parseBreaker(raw string) (Breaker, error) {
	raw = strings.TrimSpace(raw)
	if raw == "off" {
		return Breaker{Off: true}, nil
	}
	var b Breaker
	seen := map[string]bool{}
	for _, part := range strings.Split(raw, ",") {
		name, value, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok || seen[name] {
			return Breaker{}, errors.New("want failures=N,open=DURATION,trials=N or off")
		}
		seen[name] = true
		switch name {
		case "failures", "trials":
			n, err := strconv.ParseUint(value, 10, 32)
			if err != nil || n < 1 || n > 1000 {
				return Breaker{}, fmt.Errorf("%s: want a number from 1 to 1000", name)
			}
			if name == "failures" {
				b.Failures = uint32(n)
			} else {
				b.Trials = uint32(n)
			}
		case "open":
			d, err := time.ParseDuration(value)
			if err != nil || d < 100*time.Millisecond || d > time.Hour {
				return Breaker{}, errors.New("open: want a duration from 100ms to 1h")
			}
			b.OpenFor = d
		default:
			return Breaker{}, fmt.Errorf("%q: want failures, open and trials", name)
		}
	}
	if !seen["failures"] || !seen["open"] || !seen["trials"] {
		return Breaker{}, errors.New("want failures=N,open=DURATION,trials=N or off")
	}
	return b, nil
}
