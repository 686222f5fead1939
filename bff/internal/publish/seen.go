package publish

import (
	"sync"
	"time"
)

// ReplayWindow is how long the id of a taken event is remembered. A signature is accepted for
// Tolerance either side of its time, so a captured request can be replayed for at most twice
// Tolerance after its first arrival: remembered that long, it is refused on every try.
const ReplayWindow = 2 * Tolerance

// Seen remembers the ids of the events taken: First reports whether id is new, and if so
// remembers it for ttl. Replicas that share one (shared.SeenEvents, in Redis) refuse an event
// taken by any of them.
type Seen interface {
	First(id string, ttl time.Duration) bool
}

// MemorySeen is a Seen of this replica alone.
type MemorySeen struct {
	now func() time.Time

	mu    sync.Mutex
	until map[string]time.Time
}

// NewMemorySeen returns an empty MemorySeen on the clock now (nil: time.Now).
func NewMemorySeen(now func() time.Time) *MemorySeen {
	if now == nil {
		now = time.Now
	}
	return &MemorySeen{now: now, until: map[string]time.Time{}}
}

// First reports whether id has not been seen in the last ttl, and remembers it.
func (m *MemorySeen) First(id string, ttl time.Duration) bool {
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	// Only events with a valid signature get here, a handful a minute: a sweep of the expired
	// ones at each is cheap, and keeps the map as small as the window.
	for k, until := range m.until {
		if !now.Before(until) {
			delete(m.until, k)
		}
	}
	if _, ok := m.until[id]; ok {
		return false
	}
	m.until[id] = now.Add(ttl)
	return true
}
