package httpapi

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// The deadlines a minRateBody sets, read by an injected clock.
func TestMinRateBodyDeadlines(t *testing.T) {
	start := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	now := start
	b := &minRateBody{minRate: 8 << 10, window: 10 * time.Second, end: start.Add(10 * time.Minute), deadline: start.Add(10 * time.Second),
		now: func() time.Time { return now }}
	at := func(d time.Duration) time.Time { return start.Add(d) }

	assert.Equal(t, at(10*time.Second), b.next(), "a first window of grace")

	now = at(2 * time.Second)
	b.credit(8 << 10)
	assert.Equal(t, at(11*time.Second), b.next(), "a second bought by a second's bytes")
	b.credit(64 << 10)
	assert.Equal(t, at(12*time.Second), b.next(), "no more than a window can be saved up")

	now = at(9 * time.Second)
	b.credit(4 << 10)
	assert.Equal(t, at(12*time.Second+500*time.Millisecond), b.next(), "half a second bought by half a second's bytes")

	// At exactly the minimum rate, the deadline keeps its distance.
	for i := 0; i < 30; i++ {
		now = now.Add(time.Second)
		b.credit(8 << 10)
	}
	assert.Equal(t, now.Add(3500*time.Millisecond), b.next())

	// At 3 bytes a second, what was saved up runs out: the next 3 bytes come after the deadline
	// (a read waits for them until the deadline, then fails).
	saved := b.next()
	for {
		arrival := now.Add(time.Second)
		if !arrival.Before(b.next()) {
			break
		}
		now = arrival
		b.credit(3)
	}
	assert.Less(t, b.next().Sub(saved), 10*time.Millisecond, "a trickle buys next to nothing")
	assert.Less(t, b.next().Sub(now), time.Second, "and is cut off when the saved-up window is spent")

	// However fast the file arrives, the whole upload's deadline stands.
	now = at(10*time.Minute - time.Second)
	b.credit(1 << 30)
	assert.Equal(t, at(10*time.Minute), b.next())

	// Without a minimum rate, the whole upload's deadline is the only one.
	b.minRate = 0
	now = at(time.Second)
	b.deadline = at(2 * time.Second)
	assert.Equal(t, at(10*time.Minute), b.next())
}
