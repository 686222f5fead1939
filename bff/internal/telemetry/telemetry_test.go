package telemetry_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/trace"
	coltrace "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	"google.golang.org/protobuf/proto"

	"github.com/jakarobotics/website/bff/internal/telemetry"
)

// otlpReceiver is an OTLP/HTTP collector that keeps the names of the spans it receives and the
// service they came from.
type otlpReceiver struct {
	*httptest.Server
	mu       sync.Mutex
	spans    []string
	services []string
}

func newOTLPReceiver(t *testing.T) *otlpReceiver {
	rc := &otlpReceiver{}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req coltrace.ExportTraceServiceRequest
		if r.URL.Path != "/v1/traces" || proto.Unmarshal(body, &req) != nil {
			http.Error(w, "not an OTLP trace export", http.StatusBadRequest)
			return
		}
		rc.mu.Lock()
		for _, rs := range req.ResourceSpans {
			for _, attr := range rs.GetResource().GetAttributes() {
				if attr.Key == "service.name" {
					rc.services = append(rc.services, attr.GetValue().GetStringValue())
				}
			}
			for _, ss := range rs.ScopeSpans {
				for _, s := range ss.Spans {
					rc.spans = append(rc.spans, s.Name)
				}
			}
		}
		rc.mu.Unlock()
		w.Header().Set("Content-Type", "application/x-protobuf")
		_, _ = w.Write(nil)
	}))
	t.Cleanup(rc.Close)
	return rc
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func TestWithoutAnEndpointNothingIsTracedOrWrapped(t *testing.T) {
	provider, stop, err := telemetry.Setup(t.Context(), func(string) string { return "" }, quiet())
	require.NoError(t, err)
	assert.Nil(t, provider)
	require.NoError(t, stop(t.Context()))
	h := http.NewServeMux()
	assert.Same(t, h, telemetry.Server(h, provider), "the handler is served as it is")
	assert.Equal(t, http.DefaultTransport, telemetry.Client(http.DefaultTransport, provider, func(*http.Request) string { return "" }))
}

// With OTEL_EXPORTER_OTLP_ENDPOINT the spans of a request reach the collector over OTLP/HTTP,
// named by the route and under the service's name, by the time the BFF has stopped.
func TestSpansAreExportedOverOTLPWhenAnEndpointIsSet(t *testing.T) {
	collector := newOTLPReceiver(t)
	env := map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": collector.URL, "OTEL_SERVICE_NAME": "website-bff-test"}
	provider, stop, err := telemetry.Setup(t.Context(), func(k string) string { return env[k] }, quiet())
	require.NoError(t, err)
	require.NotNil(t, provider)

	h := telemetry.Server(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		telemetry.NameSpan(r, "/prod-api/api/news/{id}")
		assert.True(t, trace.SpanContextFromContext(r.Context()).HasTraceID(), "the handler knows its trace")
		w.WriteHeader(http.StatusNoContent)
	}), provider)
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/prod-api/api/news/4", nil))

	require.NoError(t, stop(context.Background()), "stopping flushes the spans")
	collector.mu.Lock()
	defer collector.mu.Unlock()
	assert.Equal(t, []string{"GET /prod-api/api/news/{id}"}, collector.spans)
	assert.Equal(t, []string{"website-bff-test"}, collector.services)
}
