package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/mocks"
)

func TestBasePortZeroPutsEachSystemOnAFreePortAndSaysWhich(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	out, in := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-base-port", "0", "-data-dir", t.TempDir()}, in)
		_ = in.Close()
	}()

	lines := bufio.NewScanner(out)
	urls := map[string]string{}
	for len(urls) < len(mocks.Systems) && lines.Scan() {
		name, url, ok := strings.Cut(lines.Text(), "_URL=")
		require.True(t, ok, "unexpected line %q", lines.Text())
		urls[strings.ToLower(name)] = url
	}
	require.Len(t, urls, len(mocks.Systems), "a line per system")
	seen := map[string]bool{}
	for _, name := range mocks.Systems {
		url := urls[name]
		require.NotEmpty(t, url, "no line for %s", name)
		assert.False(t, seen[url], "%s shares %s with another system", name, url)
		seen[url] = true
		// A free port of the system's, never 0 plus the system's index (1 to 5).
		_, port, _ := strings.Cut(strings.TrimPrefix(url, "http://"), ":")
		n, err := strconv.Atoi(port)
		require.NoError(t, err, url)
		assert.Greater(t, n, 1023, "%s is not on a free port", name)
		resp, err := http.Get(url + "/__admin/health")
		require.NoError(t, err, name)
		_ = resp.Body.Close()
		assert.Equal(t, http.StatusOK, resp.StatusCode, name)
	}

	cancel()
	go func() { _, _ = io.Copy(io.Discard, out) }()
	require.NoError(t, <-done)
}
