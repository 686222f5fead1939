package shared

import (
	"context"
	"errors"
	"net"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// The client's time-outs when REDIS_URL does not set them (dial_timeout, read_timeout,
// write_timeout, pool_timeout): short, since every use of Redis in a request has an answer of
// its own without it, and a Redis that is away must cost a request milliseconds, not seconds.
const (
	DefaultDialTimeout  = time.Second
	DefaultReadTimeout  = 500 * time.Millisecond
	DefaultWriteTimeout = 500 * time.Millisecond
	DefaultPoolTimeout  = time.Second
)

// PauseAfterFailure is how long a client of NewClient fails its commands at once, without
// trying Redis, after one failed for want of Redis (a refused or timed-out connection): so that
// when Redis is away, only the first requests wait for its time-outs.
const PauseAfterFailure = time.Second

// ErrPaused is the failure of a command while the client pauses after a failure.
var ErrPaused = errors.New("redis: not tried, as it failed a moment ago")

// NewClient returns the client of the Redis at rawURL (redis:// or rediss://, as redis.ParseURL
// reads it), with this package's time-outs where the URL sets none, one retry (a connection
// that a restart of Redis closed is replaced at once) and the pause after failures. It does not
// connect: a Redis that is away at the start is used once it answers.
func NewClient(rawURL string) (*redis.Client, error) {
	opts, err := redis.ParseURL(rawURL)
	if err != nil {
		return nil, err
	}
	if opts.DialTimeout == 0 {
		opts.DialTimeout = DefaultDialTimeout
	}
	if opts.ReadTimeout == 0 {
		opts.ReadTimeout = DefaultReadTimeout
	}
	if opts.WriteTimeout == 0 {
		opts.WriteTimeout = DefaultWriteTimeout
	}
	if opts.PoolTimeout == 0 {
		opts.PoolTimeout = DefaultPoolTimeout
	}
	if opts.MaxRetries == 0 {
		opts.MaxRetries = 1
	}
	if opts.DialerRetries <= 0 {
		opts.DialerRetries = 1
	}
	c := redis.NewClient(opts)
	c.AddHook(newPause(PauseAfterFailure, nil))
	return c, nil
}

// pause is a redis.Hook that fails every command at once for a while after one failed for want
// of Redis (not for an error Redis answered).
type pause struct {
	d   time.Duration
	now func() time.Time

	mu    sync.Mutex
	until time.Time
}

func newPause(d time.Duration, now func() time.Time) *pause {
	if now == nil {
		now = time.Now
	}
	return &pause{d: d, now: now}
}

func (p *pause) paused() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.now().Before(p.until)
}

// observe starts a pause when err says Redis could not be reached or did not answer in time.
func (p *pause) observe(err error) {
	var answered redis.Error
	if err == nil || errors.Is(err, redis.Nil) || errors.As(err, &answered) || errors.Is(err, ErrPaused) ||
		errors.Is(err, context.Canceled) { // the caller left: nothing is known of Redis
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.until = p.now().Add(p.d)
}

func (p *pause) DialHook(next redis.DialHook) redis.DialHook {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		if p.paused() {
			return nil, ErrPaused
		}
		conn, err := next(ctx, network, addr)
		p.observe(err)
		return conn, err
	}
}

func (p *pause) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if p.paused() {
			cmd.SetErr(ErrPaused)
			return ErrPaused
		}
		err := next(ctx, cmd)
		p.observe(err)
		return err
	}
}

func (p *pause) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		if p.paused() {
			for _, cmd := range cmds {
				cmd.SetErr(ErrPaused)
			}
			return ErrPaused
		}
		err := next(ctx, cmds)
		p.observe(err)
		return err
	}
}
