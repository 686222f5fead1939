package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mocksPackage is the import path of the stand-ins for the legacy systems, demo data included.
const mocksPackage = "github.com/jakarobotics/website/mocks"

// deps lists the packages the command in dir is built from.
func deps(t *testing.T, dir string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", dir).Output()
	require.NoError(t, err)
	return strings.Fields(string(out))
}

func TestTheProductionBinaryHasNoStandInsAndNoDemoData(t *testing.T) {
	for _, p := range deps(t, ".") {
		assert.False(t, p == mocksPackage || strings.HasPrefix(p, mocksPackage+"/"),
			"bff is built from %s: the stand-ins and their demo accounts belong in bff-dev only", p)
	}
	// The check sees the stand-ins where they are meant to be.
	assert.Contains(t, deps(t, "../bff-dev"), mocksPackage)
}

// production is the environment of a complete production start: every upstream's URL (all of
// them url) and every secret.
func production(url string, more ...string) map[string]string {
	env := map[string]string{
		"CONTENT_URL": url, "CRM_URL": url, "ITR_URL": url, "VM_URL": url, "ACCOUNT_URL": url, "OCR_URL": url,
		"UPLOAD_URL_SECRET": "8f0c2b6d4e1a9f73c5b2d8e6a4f1c3b7", "PREVIEW_SECRET": "b3d1f9a7c5e2084d6f1a3c5e7b9d2f40",
		"LEAD_CHALLENGE_SECRET": "5c2e8a1f7d3b9e604a1c7f2d8b5e3a96",
		"CMS_WEBHOOK_SECRET":    "e4b7a2c9d1f60835b2e9c7a4d1f8b3e6",
		"RENDERER_URL":          "off",
	}
	for i := 0; i+1 < len(more); i += 2 {
		env[more[i]] = more[i+1]
	}
	return env
}

func TestAProductionStartWithoutAnUpstreamOrASecretIsRefusedNamingEachMissingOne(t *testing.T) {
	env := production("http://crm.internal:8080", "PORT", "0", "ADMIN_PORT", "0", "DATA_DIR", t.TempDir())
	for _, name := range []string{"CONTENT_URL", "VM_URL", "OCR_URL", "UPLOAD_URL_SECRET", "PREVIEW_SECRET", "RENDERER_URL"} {
		delete(env, name)
	}
	// A start that got past the check would serve until the context ends; it has ended already.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := run(ctx, nil, func(k string) string { return env[k] }, io.Discard)
	require.Error(t, err, "a missing CONTENT_URL must not start a stand-in in production")
	for _, name := range []string{"CONTENT_URL", "VM_URL", "OCR_URL", "UPLOAD_URL_SECRET", "PREVIEW_SECRET", "RENDERER_URL"} {
		assert.Contains(t, err.Error(), name)
	}
	for _, name := range []string{"CRM_URL", "ITR_URL", "ACCOUNT_URL"} {
		assert.NotContains(t, err.Error(), name, "set, so not reported")
	}
}

// started is a production BFF running in the test: its public and admin base URLs.
type started struct {
	site, admin string
}

// start runs the production start with env until the test ends, and waits for it to listen.
func start(t *testing.T, env map[string]string) started {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out, w := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := run(ctx, nil, func(k string) string { return env[k] }, w)
		_ = w.CloseWithError(err)
		done <- err
	}()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-done)
	})
	var s started
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if addr, ok := strings.CutPrefix(lines.Text(), "The admin endpoints are at "); ok {
			s.admin = addr
		}
		// The last line of the start: the site takes traffic.
		if addr, ok := strings.CutPrefix(lines.Text(), "The site is at "); ok {
			s.site = addr
			break
		}
	}
	require.NotEmpty(t, s.site, "the BFF did not start: %v", lines.Err())
	go func() { _, _ = io.Copy(io.Discard, out) }() // keep the logs flowing
	return s
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func TestMetricsAndProbesAreServedOnTheLoopbackAdminListenerOnly(t *testing.T) {
	upstreams := httptest.NewServer(http.NotFoundHandler())
	t.Cleanup(upstreams.Close)
	dir, web := t.TempDir(), t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(web, "index.html"), []byte("<!doctype html><title>site</title>"), 0o644))
	s := start(t, production(upstreams.URL, "PORT", "0", "ADMIN_PORT", "0", "DATA_DIR", dir, "WEB_DIR", web, "LOG_LEVEL", "error"))

	require.NotEmpty(t, s.admin, "the start names the admin listener")
	host, _, err := net.SplitHostPort(strings.TrimPrefix(s.admin, "http://"))
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.1", host, "the admin listener is on loopback unless ADMIN_HOST says otherwise")

	status, body := get(t, s.admin+"/metrics")
	assert.Equal(t, http.StatusOK, status)
	assert.Contains(t, body, "bff_outbox_depth")
	for _, p := range []string{"/readyz", "/healthz"} {
		status, _ := get(t, s.admin+p)
		assert.Equal(t, http.StatusOK, status, p)
	}

	// On the public port these are unknown pages of the web app, which renders its not-found page.
	for _, p := range []string{"/metrics", "/readyz", "/healthz"} {
		_, body := get(t, s.site+p)
		assert.Contains(t, body, "<title>site</title>", "the public port does not answer %s", p)
		assert.NotContains(t, body, "bff_", p)
	}
}

func TestAProductionStartRendersPagesWithTheRendererItIsGiven(t *testing.T) {
	upstreams := httptest.NewServer(http.NotFoundHandler())
	t.Cleanup(upstreams.Close)
	renderer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=60")
		_, _ = io.WriteString(w, "<title>rendered "+r.URL.Path+" for "+r.Header.Get("X-Site-Origin")+"</title>")
	}))
	t.Cleanup(renderer.Close)
	web := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(web, "index.html"), []byte("<!doctype html><title>site</title>"), 0o644))
	s := start(t, production(upstreams.URL, "PORT", "0", "ADMIN_PORT", "0", "DATA_DIR", t.TempDir(), "WEB_DIR", web,
		"LOG_LEVEL", "error", "RENDERER_URL", renderer.URL, "SITE_ORIGINS", "https://www.jaka.com"))

	status, body := get(t, s.site+"/en/productList")
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, "<title>rendered /en/productList for https://www.jaka.com</title>", body)
}
