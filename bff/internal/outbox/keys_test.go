package outbox

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestAKeyIsMintedPerMinuteAndLooksBackOneMinute(t *testing.T) {
	at := time.Date(2025, 6, 1, 9, 59, 59, 0, time.UTC)
	key, earlier := MintKeys("hash", at)
	assert.Regexp(t, `^bff-[0-9a-f]{32}$`, key)
	same, _ := MintKeys("hash", at.Add(-59*time.Second))
	assert.Equal(t, key, same, "the same minute")
	next, nextEarlier := MintKeys("hash", at.Add(time.Second))
	assert.NotEqual(t, key, next, "the next minute")
	assert.Equal(t, []string{key}, nextEarlier, "a double click across the minute's boundary finds the first key")
	assert.Len(t, earlier, 1)
	other, _ := MintKeys("other", at)
	assert.NotEqual(t, key, other, "another write")
}
