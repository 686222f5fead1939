package httpapi_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
)

// What the renderer spent on a page (its queue wait and render time, its queue's depth) reaches
// the BFF's metrics, and never a visitor.
func TestTheRenderersTimesAreInTheMetricsAndNotInTheAnswer(t *testing.T) {
	renderer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=60")
		w.Header().Set("Server-Timing", "queue;dur=4.5, render;dur=120.0")
		w.Header().Set("X-Renderer-Queue", "3")
		fmt.Fprint(w, "<!doctype html><title>page</title>")
	}))
	t.Cleanup(renderer.Close)
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) { d.Renderer, _ = url.Parse(renderer.URL) })

	resp, _ := get(t, f.bff.URL+"/en/productList")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Empty(t, resp.Header.Get("Server-Timing"))
	assert.Empty(t, resp.Header.Get("X-Renderer-Queue"))

	_, metrics := get(t, f.admin.URL+"/metrics")
	for _, line := range []string{
		`bff_renderer_render_seconds_bucket{le="0.25"} 1`,
		`bff_renderer_render_seconds_bucket{le="0.1"} 0`,
		`bff_renderer_render_seconds_sum 0.12`,
		`bff_renderer_queue_wait_seconds_bucket{le="0.005"} 1`,
		`bff_renderer_queue_wait_seconds_sum 0.0045`,
		`bff_renderer_queue_depth 3`,
	} {
		assert.Contains(t, string(metrics), line)
	}
}
