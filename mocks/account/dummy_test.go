package account

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"
)

// A login naming no account is checked against a hash of the service's own cost, so that it
// takes as long as a wrong password: no faster (which would reveal the account does not exist)
// and no slower (a fixed default cost made every such login in the tests cost a full bcrypt).
func TestTheDummyHashHasTheServicesCost(t *testing.T) {
	for _, cost := range []int{bcrypt.MinCost, bcrypt.MinCost + 1} {
		s, err := New(Options{BcryptCost: cost})
		require.NoError(t, err)
		got, err := bcrypt.Cost([]byte(s.dummyHash()))
		require.NoError(t, err)
		assert.Equal(t, cost, got)
	}
}
