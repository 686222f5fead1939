import type { Metric, MetricWithAttribution } from 'web-vitals/attribution';
import { describe, expect, it, vi } from 'vitest';
import type { RouteHandle } from '../route-handle';

/** The reporters measureFieldVitals hands to web-vitals, and their options, by measurement. */
const reporters = vi.hoisted(() => new Map<string, (metric: MetricWithAttribution) => void>());
const options = vi.hoisted(() => new Map<string, unknown>());
vi.mock('web-vitals/attribution', () => {
  const on = (name: string) => (report: (metric: MetricWithAttribution) => void, opts?: unknown) => {
    reporters.set(name, report);
    options.set(name, opts);
  };
  return { onTTFB: on('TTFB'), onFCP: on('FCP'), onLCP: on('LCP'), onCLS: on('CLS'), onINP: on('INP') };
});

const { FIELD_VITALS_MARK, measureFieldVitals } = await import('../field-vitals');

function measure(name: Metric['name'], value: number): void {
  reporters.get(name)!({ name, value, attribution: {} } as unknown as MetricWithAttribution);
}

function hide(): void {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

describe('the field measurements of a page view', () => {
  it('go to the BFF once, when the page is first hidden, without cookies', () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(new Response(null, { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('innerWidth', 768);
    const handle: RouteHandle = { titleKey: 'titles.productDetails', pagePath: 'productDetails/:id', preview: false, loadingOverlay: true, trail: [] };

    measureFieldVitals([{ params: { lang: 'de', id: '103' }, route: { handle } }]);
    expect(performance.getEntriesByName(FIELD_VITALS_MARK)).toHaveLength(1);
    // What changes while the page lives is taken at every change: a page that is left fires
    // pagehide before it turns hidden, when web-vitals would report the final values.
    for (const name of ['LCP', 'CLS', 'INP']) expect(options.get(name), name).toEqual({ reportAllChanges: true });
    measure('TTFB', 320);
    measure('FCP', 900);
    expect(fetch).not.toHaveBeenCalled();

    hide();
    window.dispatchEvent(new Event('pagehide'));
    measure('INP', 120);
    hide();

    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/prod-api/bff/vitals');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'application/json' } });
    expect(JSON.parse(init!.body as string)).toEqual({ route: '/productDetails/:id', lang: 'de', device: 'tablet', ttfb: 320, fcp: 900 });
  });
});
