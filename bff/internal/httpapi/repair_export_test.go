package httpapi

import "time"

// SetReportClock replaces the clock of report times and minted keys of work orders for a test
// and returns the undo.
func SetReportClock(now func() time.Time) (restore func()) {
	old := reportClock
	reportClock = now
	return func() { reportClock = old }
}

// SetFileClock replaces the clock of signed file links (repair previews, documents) for a test
// and returns the undo.
func SetFileClock(now func() time.Time) (restore func()) {
	old := fileClock
	fileClock = now
	return func() { fileClock = old }
}
