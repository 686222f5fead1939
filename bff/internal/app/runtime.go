package app

import (
	"log/slog"
	"runtime/debug"

	"github.com/KimMachineGun/automemlimit/memlimit"
)

// defaultGCPercent is the collector's growth allowance (GOGC) when the environment sets none.
// The BFF's live heap is small (the parsed contract, about 3 MB, plus the content cache) while
// net/http allocates a few kB for every request. At Go's default of 100 a busy BFF collected
// about 25 times a second, and every mark phase (some 5 ms of scanning the contract on one
// core) delayed the requests that arrived during it: bench/run.sh measured 39k req/s and a p99
// of 6.3 ms at 100 against 45k req/s and 4.7 ms at 400. 400 lets the heap grow to five times
// what is live; the memory limit below keeps that inside the container.
const defaultGCPercent = 400

// memoryLimitRatio is the share of the container's memory (or, outside a container, of the
// machine's) that the Go heap may use before the collector works harder to stay under it.
const memoryLimitRatio = 0.9

// tuneRuntime sets the collector's defaults unless the environment sets GOGC or GOMEMLIMIT,
// which always win.
func tuneRuntime(getenv func(string) string, log *slog.Logger) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGCPercent)
	}
	// memlimit leaves a GOMEMLIMIT of the environment alone; it reads the cgroup's limit, or
	// the machine's memory where there is none.
	limit, err := memlimit.Set(
		memlimit.WithRatio(memoryLimitRatio),
		memlimit.WithProvider(memlimit.ApplyFallback(memlimit.FromCgroup, memlimit.FromSystem)),
	)
	if err != nil {
		log.Warn("no memory limit for the Go heap", "err", err)
	}
	gcPercent := debug.SetGCPercent(-1)
	debug.SetGCPercent(gcPercent)
	log.Info("runtime", "gc_percent", gcPercent, "memory_limit_mib", limit>>20)
}
