package pages

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jakarobotics/website/bff/internal/cache"
)

// Warm renders the public page at target (path and query) for origin into the cache, unless the
// cache (or the shared tier, where another replica may have rendered it) has it already. It waits
// for the renderer as patiently as a crawler does. A page that is not public, or that the renderer
// answers with a redirect or not at all, is not kept; err says why.
func (h *Handler) Warm(ctx context.Context, origin, target string) error {
	if h.renderer == nil {
		return errors.New("no renderer")
	}
	u, err := url.Parse(target)
	if err != nil {
		return err
	}
	pg := classify(&http.Request{Method: http.MethodGet, URL: u})
	if pg.kind != public {
		return errors.New("not a public page")
	}
	format := pageFormat
	if pg.index {
		format = indexFormat
	}
	key := string(pageKey(nil, origin, pg))
	store := h.cache
	if pg.target != pg.path {
		store = h.tail
	}
	if e, _ := store.Peek(key); e != nil {
		return nil
	}
	_, _, err = store.LoadAnswer(ctx, key, cacheRoute, format, h.policy, h.crawlerTimeout,
		func(ctx context.Context) (cache.Answer, error) { return h.fill(ctx, pg.target, origin) })
	return err
}

// Warmer renders pages into the page cache in the background, at a bounded rate, so that the
// first crawler and the first visitor after a start, or after a publish, find them rendered:
// first every page of the sitemaps (List, most important first), then, whenever Rewarm is told,
// the pages a change of content dropped. With a shared tier, what one replica warms the others
// read; a page another replica rendered costs a read, not a render.
type Warmer struct {
	// Handler renders and caches the pages, for Origin. Required.
	Handler *Handler
	Origin  string
	// List names the pages to render after a start (paths and queries), most important first.
	// Required.
	List func(ctx context.Context) ([]string, error)
	// Rate is how many pages a second at most are rendered (more than 0); Workers how many at
	// once (1 when 0).
	Rate    float64
	Workers int
	Log     *slog.Logger

	// warm is set once the first pass over List has ended.
	warm atomic.Bool
	// rewarm takes the targets of dropped pages; pending merges them while a pass runs.
	mu      sync.Mutex
	pending []string
	wake    chan struct{}
	once    sync.Once
}

func (w *Warmer) init() {
	w.once.Do(func() { w.wake = make(chan struct{}, 1) })
}

// Warm reports whether the first pass over the sitemaps' pages has ended.
func (w *Warmer) Warm() bool { return w.warm.Load() }

// Rewarm has the pages at targets rendered again soon (they were dropped by a change).
func (w *Warmer) Rewarm(targets []string) {
	if len(targets) == 0 {
		return
	}
	w.init()
	w.mu.Lock()
	w.pending = append(w.pending, targets...)
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// RewarmDropped has the pages of keys (Handler.Drop's) rendered again soon, those of Origin.
func (w *Warmer) RewarmDropped(keys []string) {
	var targets []string
	for _, key := range keys {
		if target, ok := strings.CutPrefix(key, w.Origin); ok && strings.HasPrefix(target, "/") {
			targets = append(targets, target)
		}
	}
	w.Rewarm(targets)
}

// Run warms until ctx ends: the pages of List, then the pages Rewarm names. A List that fails is
// logged and tried again a minute later; the site is served all the same, only colder.
func (w *Warmer) Run(ctx context.Context) {
	w.init()
	for {
		targets, err := w.List(ctx)
		if err == nil {
			w.pass(ctx, targets)
			break
		}
		w.Log.Warn("the pages to warm could not be listed; trying again in a minute", "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Minute):
		}
	}
	if ctx.Err() != nil {
		return
	}
	w.warm.Store(true)
	for {
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		}
		w.mu.Lock()
		targets := w.pending
		w.pending = nil
		w.mu.Unlock()
		w.pass(ctx, targets)
	}
}

// pass renders targets, each once, at most Rate a second and Workers at once, until ctx ends.
func (w *Warmer) pass(ctx context.Context, targets []string) {
	workers := max(w.Workers, 1)
	interval := time.Duration(float64(time.Second) / w.Rate)
	tick := time.NewTicker(interval)
	defer tick.Stop()
	slots := make(chan struct{}, workers)
	var running sync.WaitGroup
	defer running.Wait()
	seen := make(map[string]bool, len(targets))
	var failed atomic.Int32
	for _, target := range targets {
		if seen[target] {
			continue
		}
		seen[target] = true
		select {
		case <-ctx.Done():
			return
		case slots <- struct{}{}:
		}
		select {
		case <-ctx.Done():
			<-slots
			return
		case <-tick.C:
		}
		running.Add(1)
		go func() {
			defer running.Done()
			defer func() { <-slots }()
			if err := w.Handler.Warm(ctx, w.Origin, target); err != nil && ctx.Err() == nil {
				failed.Add(1)
			}
		}()
	}
	running.Wait()
	if n := failed.Load(); n > 0 {
		w.Log.Warn("some pages could not be warmed; visitors render them", "failed", n, "pages", len(seen))
	}
}
