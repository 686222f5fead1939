package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startDev runs bff-dev with env until the test ends, and returns its site's URL and the logs of
// its start.
func startDev(t *testing.T, env map[string]string) (site string, logs string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out, w := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := run(ctx, nil, func(k string) string { return env[k] }, w)
		_ = w.CloseWithError(err)
		done <- err
	}()
	stopped := false
	stop = func() {
		if !stopped {
			stopped = true
			cancel()
			assert.NoError(t, <-done)
		}
	}
	t.Cleanup(stop)
	var b strings.Builder
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		b.WriteString(lines.Text() + "\n")
		if addr, ok := strings.CutPrefix(lines.Text(), "The site is at "); ok {
			site = addr
			break
		}
	}
	require.NotEmpty(t, site, "bff-dev did not start: %v\n%s", lines.Err(), b.String())
	go func() { _, _ = io.Copy(io.Discard, out) }()
	return site, b.String(), stop
}

// testWeb is a web build with a stand-in for the page renderer (testdata/web/dist-ssr).
func testWeb(t *testing.T) string {
	dir, err := filepath.Abs("testdata/web/dist")
	require.NoError(t, err)
	return dir
}

func page(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// alive reports whether the process pid runs: it exists and is not a zombie (a container's
// first process may never reap an orphan).
func alive(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// pid (comm) state …: the state follows the last ')'.
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	return len(fields) > 0 && fields[0] != "Z" && fields[0] != "X"
}

var rendererPID = regexp.MustCompile(`msg="page renderer" url=(\S+) pid=(\d+)`)

func TestTheDevelopmentStartRunsThePageRendererAndStopsItAtTheEnd(t *testing.T) {
	requireNode(t)
	web := testWeb(t)
	site, logs, stop := startDev(t, map[string]string{"PORT": "0", "DATA_DIR": t.TempDir(), "WEB_DIR": web})
	m := rendererPID.FindStringSubmatch(logs)
	require.Len(t, m, 3, logs)
	pid, _ := strconv.Atoi(m[2])

	status, body := page(t, site+"/en/productList?utm_source=x")
	assert.Equal(t, http.StatusOK, status)
	assert.Contains(t, body, "rendered on the server")
	assert.Contains(t, body, "page /en/productList</p>")
	assert.Contains(t, body, "origin "+site+"<", "the site's own origin on a developer machine")
	assert.Contains(t, body, "api "+site+"<", "the renderer reads content from the site's port")
	assert.Contains(t, body, "web "+web+"<")
	assert.Contains(t, body, "secret none", "the BFF's secrets stay with the BFF")
	assert.Contains(t, body, "vitals sample 1<", "development measures every page view")
	assert.True(t, alive(pid))

	stop()
	assert.False(t, alive(pid), "the renderer ends with bff-dev")
}

func TestWithoutNodeTheDevelopmentStartServesTheClientRenderedApp(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no node here
	site, logs, _ := startDev(t, map[string]string{"PORT": "0", "DATA_DIR": t.TempDir(), "WEB_DIR": testWeb(t)})
	assert.Contains(t, logs, "node is not installed")
	status, body := page(t, site+"/en/productList")
	assert.Equal(t, http.StatusOK, status)
	assert.Contains(t, body, `<div id="root"></div>`)
}

func TestWithoutTheRenderersBuildTheDevelopmentStartServesTheClientRenderedApp(t *testing.T) {
	web := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(web, "index.html"), []byte(`<div id="root"></div>`), 0o644))
	site, logs, _ := startDev(t, map[string]string{"PORT": "0", "DATA_DIR": t.TempDir(), "WEB_DIR": web})
	assert.Contains(t, logs, "the page renderer is not built")
	_, body := page(t, site+"/en/news")
	assert.Equal(t, `<div id="root"></div>`, body)
}

func TestRendererOffIsNotStarted(t *testing.T) {
	site, logs, _ := startDev(t, map[string]string{"PORT": "0", "DATA_DIR": t.TempDir(), "WEB_DIR": testWeb(t), "RENDERER_URL": "off"})
	assert.NotContains(t, logs, `msg="page renderer"`)
	_, body := page(t, site+"/en/news")
	assert.Contains(t, body, `<div id="root"></div>`)
}

func requireNode(t *testing.T) {
	t.Helper()
	if _, err := lookNode(); err != nil {
		t.Skip("node is not installed")
	}
}
