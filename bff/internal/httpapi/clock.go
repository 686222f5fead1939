package httpapi

import "time"

// now is the time by Deps.Clock, or the wall clock without one.
func (d Deps) now() time.Time {
	if d.Clock != nil {
		return d.Clock()
	}
	return time.Now()
}
