// Package telemetry sets up the BFF's traces with OpenTelemetry: one trace per page request
// across the BFF, the page renderer, the BFF's data calls the renderer makes and the legacy
// systems, carried between them in W3C traceparent headers. Spans are exported over OTLP/HTTP
// when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set. Without it
// there is no provider (nil), and every wrapper here returns what it wraps as it is: the busy
// paths (a cached page, a cached answer) stay free of allocations.
package telemetry

import (
	"context"
	"log/slog"
	"net/http"
	"strings"

	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	metricnoop "go.opentelemetry.io/otel/metric/noop"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
)

// ServiceName names the BFF in traces unless OTEL_SERVICE_NAME says otherwise.
const ServiceName = "website-bff"

// Propagator is how trace context travels: W3C traceparent and tracestate.
var Propagator = propagation.TraceContext{}

// Setup returns the tracer provider the environment asks for, nil when it asks for none, and
// the function that flushes and stops its exporter at shutdown.
func Setup(ctx context.Context, getenv func(string) string, log *slog.Logger) (trace.TracerProvider, func(context.Context) error, error) {
	endpoint := strings.TrimSpace(getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"))
	if base := strings.TrimSpace(getenv("OTEL_EXPORTER_OTLP_ENDPOINT")); endpoint == "" && base != "" {
		endpoint = strings.TrimSuffix(base, "/") + "/v1/traces" // as the specification joins them
	}
	if endpoint == "" {
		return nil, func(context.Context) error { return nil }, nil
	}
	// The exporter reads the other OTEL_EXPORTER_OTLP_* settings itself (headers, time-out,
	// compression, certificates).
	exporter, err := otlptracehttp.New(ctx, otlptracehttp.WithEndpointURL(endpoint))
	if err != nil {
		return nil, nil, err
	}
	name := strings.TrimSpace(getenv("OTEL_SERVICE_NAME"))
	if name == "" {
		name = ServiceName
	}
	res, err := resource.Merge(resource.Default(), resource.NewSchemaless(semconv.ServiceName(name)))
	if err != nil {
		return nil, nil, err
	}
	// The sampler follows OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG (parent-based, every
	// trace by default): the SDK reads them.
	provider := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exporter), sdktrace.WithResource(res))
	log.Info("traces are exported over OTLP", "service", name)
	return provider, provider.Shutdown, nil
}

// Server wraps the BFF's public handler: a server span per request, continued from the
// traceparent a caller sent (the renderer's data calls, a load balancer). It is named by the
// method until NameSpan gives it the route template, which is known only after routing.
func Server(next http.Handler, provider trace.TracerProvider) http.Handler {
	if provider == nil {
		return next
	}
	return otelhttp.NewHandler(next, "http",
		otelhttp.WithTracerProvider(provider),
		otelhttp.WithPropagators(Propagator),
		otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string { return r.Method }),
		// No metrics from here: the BFF's own /metrics has them, by route template.
		otelhttp.WithMeterProvider(noMeters),
	)
}

// NameSpan names the request's server span by its route template (`GET /prod-api/api/…/{id}`,
// `GET /{page}`), never by its raw path, which holds ids and visitors' text.
func NameSpan(r *http.Request, route string) {
	span := trace.SpanFromContext(r.Context())
	if !span.IsRecording() {
		return
	}
	span.SetName(r.Method + " " + route)
	span.SetAttributes(semconv.HTTPRoute(route))
}

// Client wraps a transport to the legacy systems or the renderer: a client span per request,
// named by name(r), with the traceparent of that span sent along.
func Client(next http.RoundTripper, provider trace.TracerProvider, name func(*http.Request) string) http.RoundTripper {
	if provider == nil {
		return next
	}
	return otelhttp.NewTransport(next,
		otelhttp.WithTracerProvider(provider),
		otelhttp.WithPropagators(Propagator),
		otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string { return name(r) }),
		otelhttp.WithMeterProvider(noMeters),
	)
}

// Fill is fill in a span of its own, "cache fill <route>": in a page's trace, what a cache miss
// cost, with the calls it made beneath it.
func Fill(provider trace.TracerProvider, route string, fill func(context.Context) ([]byte, error)) func(context.Context) ([]byte, error) {
	if provider == nil {
		return fill
	}
	tracer := provider.Tracer("cache")
	return func(ctx context.Context) ([]byte, error) { return inSpan(ctx, tracer, "cache fill "+route, fill) }
}

// noMeters keeps otelhttp from measuring what the BFF's Prometheus metrics measure already.
var noMeters = metricnoop.NewMeterProvider()

// LogHandler adds the trace and span ids of a record's context to every line logged with one
// (`log.InfoContext(ctx, …)`), so that a line leads to its trace and a trace to its lines.
func LogHandler(next slog.Handler) slog.Handler { return traceLogHandler{next} }

type traceLogHandler struct{ slog.Handler }

func (h traceLogHandler) Handle(ctx context.Context, r slog.Record) error {
	if sc := trace.SpanContextFromContext(ctx); sc.IsValid() {
		r.AddAttrs(slog.String("trace_id", sc.TraceID().String()), slog.String("span_id", sc.SpanID().String()))
	}
	return h.Handler.Handle(ctx, r)
}

func (h traceLogHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return traceLogHandler{h.Handler.WithAttrs(attrs)}
}

func (h traceLogHandler) WithGroup(name string) slog.Handler {
	return traceLogHandler{h.Handler.WithGroup(name)}
}

// Delivery is deliver in a span of its own, "outbox deliver <kind>": each attempt to hand a
// lead or a work order to its system, beneath which lies the system's call.
func Delivery[Item any, Result any](provider trace.TracerProvider, kind func(Item) string, deliver func(context.Context, Item) (Result, error)) func(context.Context, Item) (Result, error) {
	if provider == nil {
		return deliver
	}
	tracer := provider.Tracer("outbox")
	return func(ctx context.Context, it Item) (Result, error) {
		return inSpan(ctx, tracer, "outbox deliver "+kind(it), func(ctx context.Context) (Result, error) { return deliver(ctx, it) })
	}
}

// inSpan runs f in a span of tracer named name, marked failed when f fails.
func inSpan[T any](ctx context.Context, tracer trace.Tracer, name string, f func(context.Context) (T, error)) (T, error) {
	ctx, span := tracer.Start(ctx, name)
	defer span.End()
	v, err := f(ctx)
	if err != nil {
		span.SetStatus(codes.Error, err.Error())
	}
	return v, err
}
