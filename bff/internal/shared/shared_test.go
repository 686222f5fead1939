package shared

import (
	"context"
	"errors"
	"net"
	"sync/atomic"
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

// switchable returns a client of srv whose connections fail, new and open ones alike, while
// the returned switch is on: Redis away from this replica, and back when it is off.
func switchable(t *testing.T, srv *redistest.Server) (*redis.Client, *atomic.Bool) {
	t.Helper()
	away := &atomic.Bool{}
	c := redis.NewClient(&redis.Options{
		Addr: srv.Addr, DialerRetries: 1, MaxRetries: -1,
		Dialer: func(ctx context.Context, network, addr string) (net.Conn, error) {
			if away.Load() {
				return nil, errRedisAway
			}
			conn, err := (&net.Dialer{}).DialContext(ctx, network, addr)
			if err != nil {
				return nil, err
			}
			return &awayConn{Conn: conn, away: away}, nil
		},
	})
	t.Cleanup(func() { _ = c.Close() })
	return c, away
}

var errRedisAway = errors.New("redis is away (test)")

// awayConn is a connection that fails while away is on.
type awayConn struct {
	net.Conn
	away *atomic.Bool
}

func (c *awayConn) Read(p []byte) (int, error) {
	if c.away.Load() {
		return 0, errRedisAway
	}
	return c.Conn.Read(p)
}

func (c *awayConn) Write(p []byte) (int, error) {
	if c.away.Load() {
		return 0, errRedisAway
	}
	return c.Conn.Write(p)
}
