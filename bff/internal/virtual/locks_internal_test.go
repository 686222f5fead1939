package virtual

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/upstream/vm"
)

// A lock is kept only while someone holds or waits for it: a server sees many accounts.
func TestLocalLocksKeepNothingOnceReleased(t *testing.T) {
	locks := NewLocalLocks()
	owner := vm.Owner{Phone: "1"}
	unlock, err := locks.Lock(context.Background(), owner)
	require.NoError(t, err)
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = locks.Lock(ended, owner)
	require.Error(t, err)
	assert.Equal(t, 1, locks.owners(), "a waiter that gave up holds nothing")
	unlock()
	assert.Zero(t, locks.owners())
}
