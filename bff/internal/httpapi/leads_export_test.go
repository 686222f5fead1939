package httpapi

import "time"

// SetLeadClock replaces the clock of minted idempotency keys for a test and returns the undo.
func SetLeadClock(now func() time.Time) (restore func()) {
	old := leadClock
	leadClock = now
	return func() { leadClock = old }
}
