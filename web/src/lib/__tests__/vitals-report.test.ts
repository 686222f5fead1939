import type { Metric, MetricWithAttribution } from 'web-vitals/attribution';
import { describe, expect, it, vi } from 'vitest';
import {
  WebVitalsReport,
  webVitalsReportClsMax,
  webVitalsReportFcpMax,
  webVitalsReportInpMax,
  webVitalsReportLcpMax,
  webVitalsReportTtfbMax,
} from '@/api/generated/model/webVitalsReport.zod';
import type { RouteHandle } from '../route-handle';
import { type LandingMatch, MAX_CLS, MAX_MILLIS, createVitalsReport, deviceClass, lcpElementKind, pageViewOf } from '../vitals-report';
import { DEFAULT_VITALS_SAMPLE_RATE, isSampled, parseSampleRate, sampleRateMeta } from '../vitals-sampling';

/** The matches of a page route of the route table (routes.tsx builds the same handle). */
function matches(pagePath: string, params: Record<string, string> = {}, preview = false): LandingMatch[] {
  const handle: RouteHandle = { titleKey: 'titles.home', pagePath, preview, loadingOverlay: true, trail: [] };
  return [
    { params, route: {} }, // the layout
    { params, route: {} }, // the error boundary around the pages
    { params, route: { handle } },
  ];
}

/** A measurement as web-vitals hands it over (only what the report reads). */
function metric(name: Metric['name'], value: number, attribution: object = {}): MetricWithAttribution {
  return { name, value, attribution } as unknown as MetricWithAttribution;
}

function lcpEntry(url: string, nodeName: string | null): LargestContentfulPaint {
  return { url, element: nodeName ? document.createElement(nodeName) : null } as unknown as LargestContentfulPaint;
}

describe('the page a report is about', () => {
  it('is the route template of the landing page, in the language of its prefix', () => {
    expect(pageViewOf(matches('productDetails/:id', { lang: 'jp', id: '103' }), 390)).toEqual({
      route: '/productDetails/:id',
      lang: 'jp',
      device: 'phone',
    });
    expect(pageViewOf(matches('index'), 1280)).toEqual({ route: '/index', lang: 'zh', device: 'desktop' });
  });

  it('is nothing for an editor preview, an unknown language prefix or a route that only redirects', () => {
    expect(pageViewOf(matches('index', {}, true), 1280)).toBeNull();
    expect(pageViewOf(matches('productDetails/:id', { lang: 'xx', id: '1' }), 1280)).toBeNull();
    expect(pageViewOf(matches('index', { lang: 'zh' }), 1280)).toBeNull(); // zh has no prefix
    expect(pageViewOf([{ params: {}, route: {} }], 1280)).toBeNull();
  });

  it('names the device by the breakpoints of the layout', () => {
    expect([320, 599, 600, 1023, 1024, 1920].map(deviceClass)).toEqual(['phone', 'phone', 'tablet', 'tablet', 'desktop', 'desktop']);
  });
});

describe('the kind of the LCP element', () => {
  it('is known from the entry, never its URL or text', () => {
    expect(lcpElementKind(lcpEntry('', 'h1'))).toBe('text');
    expect(lcpElementKind(lcpEntry('https://www.jaka.com/cms-assets/hero.webp', 'img'))).toBe('image');
    expect(lcpElementKind(lcpEntry('https://www.jaka.com/cms-assets/intro.mp4', 'video'))).toBe('video');
    expect(lcpElementKind(lcpEntry('https://www.jaka.com/cms-assets/banner.jpg', 'section'))).toBe('background-image');
    expect(lcpElementKind(lcpEntry('https://www.jaka.com/cms-assets/gone.jpg', null))).toBeUndefined();
    expect(lcpElementKind(undefined)).toBeUndefined();
  });
});

describe('a report', () => {
  const view = { route: '/productDetails/:id', lang: 'jp', device: 'phone' } as const;

  it('is sent once, with the latest of each measurement, as the contract has it', () => {
    const deliver = vi.fn<(body: string) => void>();
    const report = createVitalsReport(view, deliver);
    report.add(metric('TTFB', 412.3));
    report.add(metric('FCP', 1180.6));
    report.add(metric('LCP', 2104.2, { lcpEntry: lcpEntry('https://www.jaka.com/cms-assets/zu7.webp?w=1200', 'img'), target: 'main > img.hero', url: 'https://www.jaka.com/cms-assets/zu7.webp?w=1200' }));
    report.add(metric('CLS', 0.0412));
    report.add(metric('CLS', 0.13456));
    report.add(metric('INP', 184));
    report.send();
    report.send();
    report.add(metric('INP', 900));
    report.send();

    expect(deliver).toHaveBeenCalledOnce();
    const body = deliver.mock.calls[0]![0];
    expect(JSON.parse(body)).toEqual({
      route: '/productDetails/:id',
      lang: 'jp',
      device: 'phone',
      ttfb: 412,
      fcp: 1181,
      lcp: 2104,
      lcpElement: 'image',
      cls: 0.1346,
      inp: 184,
    });
    expect(() => WebVitalsReport.parse(JSON.parse(body))).not.toThrow();
    // Nothing of the address, the element or its picture travels.
    expect(body).not.toMatch(/https?:|\?|cms-assets|hero|103/);
  });

  it('is not sent without a measurement', () => {
    const deliver = vi.fn<(body: string) => void>();
    const report = createVitalsReport(view, deliver);
    report.send();
    expect(deliver).not.toHaveBeenCalled();
    report.add(metric('TTFB', 90));
    report.send();
    expect(deliver).toHaveBeenCalledOnce();
  });

  it('is bounded as the contract bounds it', () => {
    expect([webVitalsReportLcpMax, webVitalsReportInpMax, webVitalsReportFcpMax, webVitalsReportTtfbMax]).toEqual(Array(4).fill(MAX_MILLIS));
    expect(webVitalsReportClsMax).toBe(MAX_CLS);
  });

  it('reports what lies beyond the contract’s bounds at the bound, so that it still counts as poor', () => {
    const deliver = vi.fn<(body: string) => void>();
    const report = createVitalsReport(view, deliver);
    report.add(metric('LCP', 75_000.4));
    report.add(metric('CLS', 12.5));
    report.send();
    const sent = JSON.parse(deliver.mock.calls[0]![0]) as Record<string, unknown>;
    expect(sent).toMatchObject({ lcp: webVitalsReportLcpMax, cls: webVitalsReportClsMax });
    expect(() => WebVitalsReport.parse(sent)).not.toThrow();
  });
});

describe('the sample of page views', () => {
  function page(meta?: string): Document {
    const doc = document.implementation.createHTMLDocument('page');
    if (meta !== undefined) doc.head.insertAdjacentHTML('beforeend', meta);
    return doc;
  }

  it('follows the rate the renderer wrote into the page', () => {
    expect(isSampled(page(sampleRateMeta(1)), () => 0.999)).toBe(true);
    expect(isSampled(page(sampleRateMeta(0)), () => 0)).toBe(false);
    expect(isSampled(page(sampleRateMeta(0.25)), () => 0.2)).toBe(true);
    expect(isSampled(page(sampleRateMeta(0.25)), () => 0.3)).toBe(false);
  });

  it('is the default share on a page without a valid rate (the client-rendered app)', () => {
    expect(DEFAULT_VITALS_SAMPLE_RATE).toBe(0.1);
    expect(isSampled(page(), () => 0.09)).toBe(true);
    expect(isSampled(page(), () => 0.1)).toBe(false);
    expect(isSampled(page('<meta name="vitals-sample-rate" content="all">'), () => 0.5)).toBe(false);
  });

  it('reads a share from 0 to 1 only', () => {
    expect(['0', '1', '0.1', ' 0.05 ', '1.0'].map(parseSampleRate)).toEqual([0, 1, 0.1, 0.05, 1]);
    expect(['', ' ', '2', '-0.1', '1.5', '10%', 'NaN', 'all', undefined, null].map(parseSampleRate)).toEqual(Array(10).fill(null));
  });
});
