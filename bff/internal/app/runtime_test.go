package app

import (
	"io"
	"log/slog"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTuneRuntimeSetsTheGCDefaultUnlessGOGCIsSet(t *testing.T) {
	before := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(before) })
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))

	tuneRuntime(func(string) string { return "" }, quiet)
	assert.Equal(t, defaultGCPercent, debug.SetGCPercent(100), "GOGC unset: the BFF's default")

	tuneRuntime(func(name string) string {
		if name == "GOGC" {
			return "100"
		}
		return ""
	}, quiet)
	assert.Equal(t, 100, debug.SetGCPercent(100), "GOGC set: the environment's value stays")
}
