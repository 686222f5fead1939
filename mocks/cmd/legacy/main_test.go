package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

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

// The CMS run standalone notifies the URLs of CMS_WEBHOOK_URL of its editors' changes, signed
// with CMS_WEBHOOK_SECRET.
func TestTheCMSNotifiesCMSWebhookURL(t *testing.T) {
	secret := "the webhook secret of the standalone CMS under test"
	got := make(chan *http.Request, 1)
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got <- r
		w.WriteHeader(http.StatusAccepted)
	}))
	defer site.Close()
	t.Setenv("CMS_WEBHOOK_URL", site.URL+"/hooks/cms")
	t.Setenv("CMS_WEBHOOK_SECRET", secret)

	ctx, cancel := context.WithCancel(context.Background())
	out, in := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-base-port", "0", "-data-dir", t.TempDir(), "-systems", "content"}, in)
		_ = in.Close()
	}()
	lines := bufio.NewScanner(out)
	require.True(t, lines.Scan())
	cms, ok := strings.CutPrefix(lines.Text(), "CONTENT_URL=")
	require.True(t, ok, lines.Text())
	go func() { _, _ = io.Copy(io.Discard, out) }()

	resp, err := http.Post(cms+"/__admin/products/101", "application/json", strings.NewReader(`{"name": "JAKA Zu 3 Neo"}`))
	require.NoError(t, err)
	_ = resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	select {
	case r := <-got:
		assert.Equal(t, "/hooks/cms", r.URL.Path)
		assert.Regexp(t, `^t=\d+,v1=[0-9a-f]{64}$`, r.Header.Get("X-CMS-Signature"))
	case <-time.After(10 * time.Second):
		t.Fatal("no notification within 10 s")
	}
	cancel()
	require.NoError(t, <-done)
}
