package shared

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/jakarobotics/website/bff/internal/accounts"
)

// callTimeout bounds one call to Redis made without a caller's context.
const callTimeout = 2 * time.Second

// SpentStates is an accounts.SpentStates shared by every replica that uses the same Redis and
// prefix: a used state is a key set with SET NX and an expiry of accounts.LoginStateTTL, so that
// of any number of replicas spending one state at once exactly one is told it was unused.
//
// When Redis cannot be reached, the states are spent in fallback instead (this replica's memory,
// typically accounts.MemorySpentStates: a state stays single-use on this replica, and the
// identity service's code is one-time anyway); without a fallback every state counts as used,
// and third-party logins fail until Redis is back.
type SpentStates struct {
	rdb      redis.UniversalClient
	prefix   string
	fallback accounts.SpentStates
}

var _ accounts.SpentStates = (*SpentStates)(nil)

// NewSpentStates returns the used login states kept in rdb under prefix, with fallback (nil for
// none) for when Redis cannot be reached.
func NewSpentStates(rdb redis.UniversalClient, prefix string, fallback accounts.SpentStates) *SpentStates {
	return &SpentStates{rdb: rdb, prefix: prefix, fallback: fallback}
}

// key is the used state of hash (accounts.LoginStateHash: the state itself never reaches Redis).
func (s *SpentStates) key(hash string) string { return s.prefix + "login-state:" + hash }

// Spend marks the state of hash used and reports whether it was unused.
func (s *SpentStates) Spend(hash string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	unused, err := s.rdb.SetNX(ctx, s.key(hash), 1, accounts.LoginStateTTL).Result()
	if err != nil {
		if s.fallback == nil {
			return false
		}
		return s.fallback.Spend(hash)
	}
	return unused
}

// Release makes a spent state usable again: its login never reached the identity service.
func (s *SpentStates) Release(hash string) {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	_ = s.rdb.Del(ctx, s.key(hash)).Err()
	if s.fallback != nil {
		s.fallback.Release(hash)
	}
}
