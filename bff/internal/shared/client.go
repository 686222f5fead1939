package shared

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
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
// connect: a Redis that is away at the start is used once it answers. log (nil for none) is
// told when Redis goes away and when it answers again, once each time.
func NewClient(rawURL string, log *slog.Logger) (*redis.Client, error) {
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
	p := newPause(PauseAfterFailure, nil)
	p.log = log
	c.AddHook(p)
	return c, nil
}

var logOnce sync.Once

// LogClientMessages sends the Redis client library's own messages (each failed dial, mostly) to
// log at debug level, rather than to the standard error: the pause of NewClient says when Redis
// goes away and comes back. The library has one logger per process: the first call sets it.
func LogClientMessages(log *slog.Logger) {
	logOnce.Do(func() { redis.SetLogger(debugLog{log}) })
}

type debugLog struct{ log *slog.Logger }

func (d debugLog) Printf(ctx context.Context, format string, v ...any) {
	d.log.DebugContext(ctx, "redis client: "+fmt.Sprintf(format, v...))
}

// pause is a redis.Hook that fails every command at once for a while after one failed for want
// of Redis (not for an error Redis answered).
type pause struct {
	d   time.Duration
	now func() time.Time
	log *slog.Logger // nil: silent

	mu    sync.Mutex
	until time.Time
	away  bool // the last command failed for want of Redis
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

// observe starts a pause when err says Redis could not be reached or did not answer in time,
// and tells the log when Redis goes away or answers again.
func (p *pause) observe(err error) {
	var answered redis.Error
	if errors.Is(err, ErrPaused) || errors.Is(err, context.Canceled) { // the caller left: nothing is known of Redis
		return
	}
	ok := err == nil || errors.Is(err, redis.Nil) || errors.As(err, &answered)
	p.mu.Lock()
	defer p.mu.Unlock()
	if !ok {
		p.until = p.now().Add(p.d)
	}
	if ok == !p.away {
		return
	}
	p.away = !ok
	switch {
	case p.log == nil:
	case ok:
		p.log.Info("Redis answers again: the replicas share their state again")
	default:
		p.log.Warn("Redis does not answer: this replica keeps its own limits, login states and trial locks, and checks every token with the identity service, until it does", "err", err)
	}
}

func (p *pause) DialHook(next redis.DialHook) redis.DialHook {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		if p.paused() {
			return nil, ErrPaused
		}
		conn, err := next(ctx, network, addr)
		if err != nil {
			p.observe(err) // a dial that works says nothing yet of the command it is for
		}
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
