package upstream

import (
	"context"
	"sync"
	"time"
)

// Call is one call to a legacy system, as a request's access line tells it.
type Call struct {
	// Name is the system and the operation: "content GET /cms/v2/products".
	Name string
	// Outcome is Outcome's word for it: ok, timeout, unavailable, bad_gateway, open.
	Outcome string
	Took    time.Duration
}

// Calls collects the calls made for one request: the access log names them with their times.
// A cache fill shared by several requests is told to the request that started it.
type Calls struct {
	mu   sync.Mutex
	list []Call
}

type callsKey struct{}

// WithCalls returns ctx collecting the calls made under it, and the collection.
func WithCalls(ctx context.Context) (context.Context, *Calls) {
	calls := &Calls{}
	return context.WithValue(ctx, callsKey{}, calls), calls
}

// List returns the calls collected so far.
func (c *Calls) List() []Call {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Call(nil), c.list...)
}

// record adds a call to the collection of ctx, if it has one.
func record(ctx context.Context, call Call) {
	calls, ok := ctx.Value(callsKey{}).(*Calls)
	if !ok {
		return
	}
	calls.mu.Lock()
	defer calls.mu.Unlock()
	// A request makes a handful of calls; a bound keeps a runaway loop from growing a line.
	if len(calls.list) < 32 {
		calls.list = append(calls.list, call)
	}
}
