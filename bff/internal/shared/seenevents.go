package shared

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/jakarobotics/website/bff/internal/publish"
)

// SeenEvents is a publish.Seen shared by every replica that uses the same Redis and prefix: the
// id of an event of the CMS's webhook is a key set with SET NX for the replay window, so that of
// any number of replicas given one event (a retry, a replayed capture) exactly one takes it.
//
// When Redis cannot be reached, ids are remembered in fallback instead (this replica's memory):
// an event is then taken once per replica at most, which drops caches twice at worst.
type SeenEvents struct {
	rdb      redis.UniversalClient
	prefix   string
	fallback publish.Seen
}

// NewSeenEvents returns the ids kept in rdb under prefix, with fallback for when Redis cannot be
// reached.
func NewSeenEvents(rdb redis.UniversalClient, prefix string, fallback publish.Seen) *SeenEvents {
	return &SeenEvents{rdb: rdb, prefix: prefix, fallback: fallback}
}

// First reports whether no replica has taken the event id in the last ttl, and takes it.
func (s *SeenEvents) First(id string, ttl time.Duration) bool {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	fresh, err := s.rdb.SetNX(ctx, s.prefix+"cms-event:"+keyHash("cms-event", id), 1, ttl).Result()
	if err == nil {
		return fresh
	}
	return s.fallback.First(id, ttl)
}
