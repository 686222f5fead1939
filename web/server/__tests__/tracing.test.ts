// @vitest-environment node
import { type IncomingMessage, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTracing, tracesEndpoint, validTraceparent } from '../tracing';

const incoming = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe("the renderer's part of a page's trace", () => {
  it('takes only a well-formed traceparent from the BFF', () => {
    expect(validTraceparent(incoming)).toBe(incoming);
    expect(validTraceparent([incoming, 'x'])).toBe(incoming);
    for (const bad of [undefined, '', 'garbage', '00-00000000000000000000000000000000-00f067aa0ba902b7-01', `${incoming}\nx`, '01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01']) {
      expect(validTraceparent(bad)).toBeNull();
    }
  });

  it('reads where spans go from the standard settings', () => {
    expect(tracesEndpoint({})).toBe('');
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe('http://collector:4318/v1/traces');
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b/traces' })).toBe('http://b/traces');
  });

  it("passes the BFF's traceparent on as it came when no endpoint is set", async () => {
    const tracing = await startTracing({});
    expect(tracing.start(incoming, '/en/index').traceparent).toBe(incoming);
    expect(tracing.start(null, '/en/index').traceparent).toBeNull();
  });

  describe('with an OTLP endpoint', () => {
    const bodies: unknown[] = [];
    const collector = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        bodies.push(JSON.parse(body));
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
    afterEach(() => new Promise<void>((resolve) => collector.close(() => resolve())));

    it('exports a render span, child of the BFF\'s, whose traceparent the data calls carry', async () => {
      await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
      const { port } = collector.address() as AddressInfo;
      const tracing = await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_SERVICE_NAME: 'renderer-test' });
      const span = tracing.start(incoming, '/en/productDetails/101?token=secret');
      const [, traceId, spanId] = (span.traceparent ?? '').split('-');
      expect(traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      expect(spanId).not.toBe('00f067aa0ba902b7');
      span.end(200);
      await tracing.shutdown();

      const exported = JSON.stringify(bodies);
      expect(exported).toContain('"name":"render"');
      expect(exported).toContain('"parentSpanId":"00f067aa0ba902b7"');
      expect(exported).toContain(`"spanId":"${spanId}"`);
      expect(exported).toContain('renderer-test');
      expect(exported).toContain('/en/productDetails/101');
      expect(exported).not.toContain('secret');
    });
  });
});
