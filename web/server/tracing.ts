/**
 * The renderer's part of a page's trace. The BFF asks for a page with the traceparent of its
 * span of the render; the renderer passes a traceparent on to the page's data calls (lib/http-
 * request.ts), so that the BFF's spans of those calls join the same trace.
 *
 * With OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces) the
 * renderer has a span of its own, `render`, exported over OTLP/HTTP with OpenTelemetry's Node SDK
 * (loaded only then), and the data calls are its children. Without it nothing is loaded and the
 * BFF's traceparent is passed on as it came.
 */

/** W3C trace context, version 00: `00-<trace id>-<parent id>-<flags>`. */
const TRACEPARENT = /^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;

/** A traceparent header's value when it is one, else null: anything else is dropped. */
export function validTraceparent(value: string | string[] | undefined): string | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text && TRACEPARENT.test(text) ? text : null;
}

/** One render in the trace. */
export interface RenderSpan {
  /** The traceparent the page's data calls carry. */
  traceparent: string | null;
  /** Ends the render's span with the status it answered, or the error it failed with. */
  end(status: number, error?: unknown): void;
}

export interface RenderTracing {
  /** Starts the span of a render asked for with `incoming` (the BFF's traceparent). */
  start(incoming: string | null, path: string): RenderSpan;
  /** Sends what is left and stops. */
  shutdown(): Promise<void>;
}

/** Where spans go, from the standard OpenTelemetry settings; '' for nowhere. */
export function tracesEndpoint(env: NodeJS.ProcessEnv): string {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/$/, '')}/v1/traces` : '';
}

const passThrough: RenderTracing = {
  start: (incoming) => ({ traceparent: incoming, end: () => undefined }),
  shutdown: () => Promise.resolve(),
};

/** The renderer's tracing: the Node SDK when an endpoint is set, else the BFF's trace passed on. */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<RenderTracing> {
  const url = tracesEndpoint(env);
  if (!url) return passThrough;
  const [api, { NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, { W3CTraceContextPropagator }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/core'),
    ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || 'website-renderer' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  const propagator = new W3CTraceContextPropagator();
  const tracer = provider.getTracer('renderer');
  return {
    start(incoming, path) {
      const parent = propagator.extract(api.ROOT_CONTEXT, incoming ? { traceparent: incoming } : {}, api.defaultTextMapGetter);
      // Named `render` whatever the page: the path (without its query) is an attribute, so that
      // span names stay a bounded set.
      const span = tracer.startSpan('render', { kind: api.SpanKind.SERVER, attributes: { 'url.path': path.split('?')[0] ?? '' } }, parent);
      const carrier: Record<string, string> = {};
      propagator.inject(api.trace.setSpan(api.ROOT_CONTEXT, span), carrier, api.defaultTextMapSetter);
      return {
        traceparent: carrier.traceparent ?? null,
        end(status, error) {
          span.setAttribute('http.response.status_code', status);
          if (error !== undefined || status >= 500) {
            span.setStatus({ code: api.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined });
          }
          span.end();
        },
      };
    },
    shutdown: () => provider.shutdown(),
  };
}
