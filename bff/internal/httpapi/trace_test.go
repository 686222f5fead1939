package httpapi_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/telemetry"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

// One page request is one trace: the BFF's page span, the render it asks for, the data call the
// renderer makes to the BFF with the traceparent it was given, that call's cache fill and the
// CMS call beneath it, each the child of the one before.
func TestAPageRequestIsOneTraceFromTheBFFThroughTheRendererToTheCMS(t *testing.T) {
	spans := tracetest.NewInMemoryExporter()
	provider := sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans))
	t.Cleanup(func() { _ = provider.Shutdown(t.Context()) })

	var bffURL string
	renderer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// As web/server/renderer.ts does: the page's data comes from the BFF, asked with the
		// traceparent of the render.
		req, _ := http.NewRequestWithContext(r.Context(), http.MethodGet, bffURL+"/prod-api/api/programa/buildProgramaTree/8", nil)
		req.Header.Set("lang", "en")
		req.Header.Set("traceparent", r.Header.Get("traceparent"))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=60")
		fmt.Fprint(w, "<!doctype html><title>home</title><main>home</main>")
	}))
	t.Cleanup(renderer.Close)

	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) {
		d.Renderer, _ = url.Parse(renderer.URL)
		d.Tracing = provider
		base, _ := url.Parse(strings.TrimSuffix(d.Media.String(), "/"))
		d.Content = content.New(upstream.Client{
			System: "content", BaseURL: base,
			HTTP: &http.Client{Transport: telemetry.Client(http.DefaultTransport, provider, upstream.CallName)},
		})
	})
	bffURL = f.bff.URL

	resp, body := get(t, f.bff.URL+"/en/index")
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	require.NoError(t, provider.ForceFlush(t.Context()))

	ended := spans.GetSpans()
	byName := map[string]tracetest.SpanStub{}
	for _, s := range ended {
		byName[s.Name] = s
	}
	chain := []string{
		"GET /{page}",
		"page render",
		"GET /prod-api/api/programa/buildProgramaTree/{id}",
		"cache fill /prod-api/api/programa/buildProgramaTree/{id}",
		"content GET /cms/v2/menus",
	}
	var names []string
	for _, s := range ended {
		names = append(names, s.Name)
	}
	for i, name := range chain {
		span, ok := byName[name]
		require.True(t, ok, "a span %q among %q", name, names)
		assert.Equal(t, byName[chain[0]].SpanContext.TraceID(), span.SpanContext.TraceID(), "%s is in the page's trace", name)
		if i == 0 {
			assert.False(t, span.Parent.IsValid(), "the page's span is the root")
			assert.Equal(t, trace.SpanKindServer, span.SpanKind)
			continue
		}
		assert.Equal(t, byName[chain[i-1]].SpanContext.SpanID(), span.Parent.SpanID(), "%s is the child of %s", name, chain[i-1])
	}
	assert.Equal(t, trace.SpanKindClient, byName["content GET /cms/v2/menus"].SpanKind)
	for _, name := range chain {
		s := byName[name]
		t.Logf("%-60s %8s", name, s.EndTime.Sub(s.StartTime).Round(10*time.Microsecond))
	}
}
