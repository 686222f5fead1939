package shared

import (
	"bytes"
	"context"
	"log/slog"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/redistest"
)

// The client has short time-outs unless the URL sets its own, and works with a Redis that
// answers.
func TestNewClientHasShortTimeoutsUnlessTheURLSetsThem(t *testing.T) {
	srv := redistest.Start(t)
	c, err := NewClient("redis://"+srv.Addr+"/0", nil)
	require.NoError(t, err)
	defer c.Close()
	o := c.Options()
	assert.Equal(t, DefaultDialTimeout, o.DialTimeout)
	assert.Equal(t, DefaultReadTimeout, o.ReadTimeout)
	assert.Equal(t, DefaultWriteTimeout, o.WriteTimeout)
	assert.Equal(t, DefaultPoolTimeout, o.PoolTimeout)
	assert.Equal(t, 1, o.MaxRetries)
	require.NoError(t, c.Ping(context.Background()).Err())

	c2, err := NewClient("redis://"+srv.Addr+"/1?read_timeout=2s&dial_timeout=3s", nil)
	require.NoError(t, err)
	defer c2.Close()
	assert.Equal(t, 2*time.Second, c2.Options().ReadTimeout)
	assert.Equal(t, 3*time.Second, c2.Options().DialTimeout)

	_, err = NewClient("http://"+srv.Addr, nil)
	assert.Error(t, err)
}

// A Redis that accepts connections and never answers costs the first call its read time-out;
// the calls after it fail at once, during the pause, and limits answer from the replica.
func TestAHungRedisCostsOneTimeoutThenNothing(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			defer conn.Close() // held open, never answered
		}
	}()
	c, err := NewClient("redis://"+ln.Addr().String(), nil)
	require.NoError(t, err)
	defer c.Close()
	l := NewLimiter(c, testPrefix, "code", nil, ratelimit.Rule{Limit: 2, Window: time.Minute})

	start := time.Now()
	ok, _ := l.Allow("k")
	assert.True(t, ok)
	first := time.Since(start)
	assert.Less(t, first, 3*DefaultReadTimeout+time.Second, "bounded by the read time-out (and one retry)")

	start = time.Now()
	ok, _ = l.Allow("k")
	assert.True(t, ok)
	ok, _ = l.Allow("k")
	assert.False(t, ok, "the replica's own limit answers")
	assert.Less(t, time.Since(start), 100*time.Millisecond, "no wait during the pause")
}

// After a failure for want of Redis the client does not try Redis until the pause is over; an
// error Redis answered starts no pause; and Redis is used again as soon as the pause ends.
func TestThePauseAfterAFailure(t *testing.T) {
	srv := redistest.Start(t)
	c, away := switchable(t, srv)
	var dials atomic.Int32
	clk := newClock()
	p := newPause(time.Second, clk.Now)
	var logged bytes.Buffer
	p.log = slog.New(slog.NewTextHandler(&logged, nil))
	c.AddHook(p)
	c.AddHook(dialCounter{&dials})
	ctx := context.Background()

	require.NoError(t, c.Set(ctx, "k", "v", 0).Err())
	err := c.Do(ctx, "NO-SUCH-COMMAND").Err()
	var answered redis.Error
	require.ErrorAs(t, err, &answered)
	require.NoError(t, c.Get(ctx, "k").Err(), "an answered error starts no pause")

	away.Store(true)
	require.Error(t, c.Get(ctx, "k").Err())
	away.Store(false)
	n := dials.Load()
	assert.ErrorIs(t, c.Get(ctx, "k").Err(), ErrPaused)
	_, err = c.Pipelined(ctx, func(p redis.Pipeliner) error { p.Get(ctx, "k"); return nil })
	assert.ErrorIs(t, err, ErrPaused)
	assert.Equal(t, n, dials.Load(), "Redis was not tried during the pause")

	clk.Add(time.Second)
	assert.NoError(t, c.Get(ctx, "k").Err(), "Redis is used again after the pause")
	assert.NoError(t, c.Get(ctx, "k").Err())

	lines := strings.Split(strings.TrimSpace(logged.String()), "\n")
	require.Len(t, lines, 2, "one line when Redis goes away, one when it is back: %s", logged.String())
	assert.Contains(t, lines[0], "level=WARN")
	assert.Contains(t, lines[0], "Redis does not answer")
	assert.Contains(t, lines[1], "level=INFO")
	assert.Contains(t, lines[1], "Redis answers again")
}

// dialCounter counts the dials of a client.
type dialCounter struct{ n *atomic.Int32 }

func (d dialCounter) DialHook(next redis.DialHook) redis.DialHook {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		d.n.Add(1)
		return next(ctx, network, addr)
	}
}

func (dialCounter) ProcessHook(next redis.ProcessHook) redis.ProcessHook { return next }

func (dialCounter) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}
