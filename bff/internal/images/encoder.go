package images

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/gen2brain/avif"
	gwebp "github.com/gen2brain/webp"
)

// ErrBusy is a variant refused because every encoder is busy and the queue is full: the picture
// may be asked for again shortly.
var ErrBusy = errors.New("images: every encoder is busy and the queue is full")

// Encoder makes variants, a bounded number at once: each holds a decoded master and an
// encoder's memory (tens to hundreds of MB), so their number bounds the memory pictures take.
type Encoder struct {
	limits  Limits
	quality Quality
	// slots holds a token per variant being made; tickets one per variant being made or
	// waiting for a slot.
	slots, tickets chan struct{}
}

// NewEncoder returns an Encoder that makes at most workers variants at once, with at most queue
// more waiting for their turn, of sources within l, encoded as q says.
func NewEncoder(workers, queue int, l Limits, q Quality) *Encoder {
	workers = max(workers, 1)
	return &Encoder{
		limits: l, quality: q,
		slots:   make(chan struct{}, workers),
		tickets: make(chan struct{}, workers+max(queue, 0)),
	}
}

// Limits are the bounds of the sources the encoder takes.
func (e *Encoder) Limits() Limits { return e.limits }

// Load is how many variants are being made and how many wait for their turn.
func (e *Encoder) Load() (working, waiting int) {
	working = len(e.slots)
	return working, max(len(e.tickets)-working, 0)
}

// Made is a variant and the time its making took, without the wait for a turn.
type Made struct {
	Variant
	Took time.Duration
}

// Acquire takes a turn to make a variant: at once when an encoder is free, after a wait in the
// queue otherwise, ErrBusy at once when the queue is full, ctx's error when ctx ends first.
// release gives the turn back; call it once the variant's memory is no longer held.
func (e *Encoder) Acquire(ctx context.Context) (release func(), err error) {
	select {
	case e.tickets <- struct{}{}:
	default:
		return nil, ErrBusy
	}
	select {
	case e.slots <- struct{}{}:
		return func() { <-e.slots; <-e.tickets }, nil
	case <-ctx.Done():
		<-e.tickets
		return nil, ctx.Err()
	}
}

// Make makes the variant of src (whose header Probe has checked) width pixels wide in format
// out, in its turn (Acquire). A variant under way when ctx ends returns ctx's error at once but
// keeps its turn until it is finished (an encoder cannot be stopped halfway), so that the bound
// on the memory of variants always holds.
func (e *Encoder) Make(ctx context.Context, src []byte, f Format, width int, out Format) (Made, error) {
	release, err := e.Acquire(ctx)
	if err != nil {
		return Made{}, err
	}
	type result struct {
		m   Made
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer release()
		// A variant leaves tens to hundreds of MB of garbage (the decoded master, the encoder's
		// memory). The BFF's GOGC of 400 would let the heap grow to five times the caches
		// before collecting it: it is given back now, before the next variant starts.
		defer debug.FreeOSMemory()
		// A decoder or encoder that panics on a crafted file must not take the process with
		// it: this goroutine is beyond the HTTP server's recovery.
		defer func() {
			if p := recover(); p != nil {
				done <- result{err: fmt.Errorf("%w: %s: panic: %v", ErrUnreadable, f, p)}
			}
		}()
		start := time.Now()
		v, err := Make(src, f, width, out, e.quality)
		done <- result{Made{v, time.Since(start)}, err}
	}()
	select {
	case r := <-done:
		return r.m, r.err
	case <-ctx.Done():
		return Made{}, ctx.Err()
	}
}

// Prepare compiles the WebAssembly of the WebP and AVIF encoders, which the first variant of
// each format would otherwise do: seconds of CPU that a visitor's request should not wait for
// (nor count against its time limit). Call it once, in the background, when the server starts.
func Prepare() {
	gwebp.Init()
	avif.InitEncoder()
}
