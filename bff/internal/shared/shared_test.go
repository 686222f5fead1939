package shared

import (
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/jakarobotics/website/bff/internal/redistest"
)

// replicas starts one Redis and returns n clients of it, each standing for one BFF replica.
func replicas(t *testing.T, n int) (*redistest.Server, []*redis.Client) {
	t.Helper()
	srv := redistest.Start(t)
	clients := make([]*redis.Client, n)
	for i := range clients {
		c := redis.NewClient(&redis.Options{Addr: srv.Addr})
		t.Cleanup(func() { _ = c.Close() })
		clients[i] = c
	}
	return srv, clients
}

// unreachable returns a client of a Redis that has stopped, which gives up on the first failed
// dial (the default tries five times, about 2 s a call).
func unreachable(t *testing.T) *redis.Client {
	t.Helper()
	srv := redistest.Start(t)
	srv.Stop()
	c := redis.NewClient(&redis.Options{Addr: srv.Addr, DialerRetries: 1, MaxRetries: -1})
	t.Cleanup(func() { _ = c.Close() })
	return c
}
