package shared

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// ProofStore is leads.SpentProofs, named here as this package cannot import leads (leads reads
// content, whose tests import this package).
type ProofStore interface {
	Spend(id, key string, expires time.Time) (owner string, fresh bool)
	Release(id string)
}

// SpentProofs is a leads.SpentProofs shared by every replica that uses the same Redis and
// prefix: a used proof of work is a key set with SET NX until the proof expires, holding the
// idempotency key of the submission it was used for, so that of any number of replicas given
// one proof at once exactly one spends it, and a retry of that submission is known on all.
//
// When Redis cannot be reached, proofs are spent in fallback instead (this replica's memory:
// a proof stays single-use on this replica, and the limits still count every lead).
type SpentProofs struct {
	rdb      redis.UniversalClient
	prefix   string
	fallback ProofStore
}

// NewSpentProofs returns the used proofs kept in rdb under prefix, with fallback for when Redis
// cannot be reached.
func NewSpentProofs(rdb redis.UniversalClient, prefix string, fallback ProofStore) *SpentProofs {
	return &SpentProofs{rdb: rdb, prefix: prefix, fallback: fallback}
}

// key is the used proof of id (a challenge's hash, which names no one), hashed like every key.
func (s *SpentProofs) key(id string) string {
	return s.prefix + "lead-proof:" + keyHash("lead-proof", id)
}

// Spend spends the proof id on the submission key until expires, unless it was spent before.
func (s *SpentProofs) Spend(id, key string, expires time.Time) (string, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	ttl := time.Until(expires)
	if ttl < time.Second {
		ttl = time.Second
	}
	fresh, err := s.rdb.SetNX(ctx, s.key(id), key, ttl).Result()
	if err == nil && fresh {
		return key, true
	}
	if err == nil {
		var owner string
		if owner, err = s.rdb.Get(ctx, s.key(id)).Result(); err == nil {
			return owner, false
		}
		if err == redis.Nil {
			// It expired between the two calls: it is of no use to anyone now.
			return "", false
		}
	}
	return s.fallback.Spend(id, key, expires)
}

// Release makes the proof id unspent again: its submission was not taken.
func (s *SpentProofs) Release(id string) {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	_ = s.rdb.Del(ctx, s.key(id)).Err()
	s.fallback.Release(id)
}
