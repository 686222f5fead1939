/**
 * The report of one page view's Core Web Vitals (the contract's WebVitalsReport): which page it
 * was, and what web-vitals measured, collected until the report is sent, once. Pure: the browser
 * is wired to it in lib/field-vitals.ts.
 *
 * A report says nothing about the visitor or the address: the page is its route template from
 * the route table (`/productDetails/:id`, never `/productDetails/103?from=…`), its language and
 * the class of the device; of what web-vitals attributes to a measurement, only the kind of the
 * LCP element is kept (never its text, selector or URL).
 */
import type { Metric, MetricWithAttribution } from 'web-vitals/attribution';
import type { WebVitalsReport } from '@/api/generated/model/webVitalsReport.zod';
import { DEFAULT_LANGUAGE, isPrefixLanguage } from './language';
import { isRouteHandle } from './route-handle';

export type DeviceClass = WebVitalsReport['device'];
export type LcpElementKind = NonNullable<WebVitalsReport['lcpElement']>;

/** The page a report is about. */
export type PageView = Pick<WebVitalsReport, 'route' | 'lang' | 'device'>;

/** A matched route as the router has it (router.state.matches, matchRoutes). */
export interface LandingMatch {
  params: Readonly<Record<string, string | undefined>>;
  route: { handle?: unknown };
}

/**
 * The device by the viewport's width in CSS pixels, at the breakpoints of the site's layout
 * (the styles' `max-width: 599.98px` and `max-width: 1023.98px`).
 */
export function deviceClass(width: number): DeviceClass {
  if (width < 600) return 'phone';
  if (width < 1024) return 'tablet';
  return 'desktop';
}

/**
 * The page view of the page the visit landed on, from the routes it matched: null for what is
 * no live page of the site (an editor's preview, an unknown path or language prefix, a route
 * that only redirects), which reports nothing.
 */
export function pageViewOf(matches: readonly LandingMatch[], width: number): PageView | null {
  const match = matches.findLast((m) => isRouteHandle(m.route.handle));
  if (!match || !isRouteHandle(match.route.handle) || match.route.handle.preview) return null;
  // `/{segment}/page` with a segment that is no language is the not-found page (routes.tsx).
  const prefix = match.params.lang;
  if (prefix !== undefined && !isPrefixLanguage(prefix)) return null;
  return { route: `/${match.route.handle.pagePath}`, lang: prefix ?? DEFAULT_LANGUAGE, device: deviceClass(width) };
}

/**
 * What the largest paint was, from its `largest-contentful-paint` entry: text has no URL; an
 * element with one is an image, a video's poster or frame, or else a CSS background. Undefined
 * when the element is gone from the document.
 */
export function lcpElementKind(entry: LargestContentfulPaint | undefined): LcpElementKind | undefined {
  if (!entry) return undefined;
  if (!entry.url) return 'text';
  const name = entry.element?.nodeName.toLowerCase();
  if (name === undefined) return undefined;
  if (name === 'img' || name === 'image') return 'image';
  if (name === 'video') return 'video';
  return 'background-image';
}

/**
 * The contract's bounds of the times (milliseconds) and of CLS (WebVitalsReport; a test holds
 * them equal to the generated schema's, whose module would bring zod into this chunk).
 */
export const MAX_MILLIS = 60_000;
export const MAX_CLS = 10;

/** Whole milliseconds within the contract's bound: a longer wait is reported as the bound. */
function millis(value: number): number {
  return Math.min(Math.max(Math.round(value), 0), MAX_MILLIS);
}

/** Its functions are handed to web-vitals and to event listeners as they are. */
export interface VitalsReport {
  /** Keeps a measurement (the latest of each kind) until the report is sent. */
  add: (metric: MetricWithAttribution | Metric) => void;
  /** Sends the report, the first time it is called with a measurement in it; later calls do nothing. */
  send: () => void;
}

/** The report of view, which `deliver` sends as JSON. */
export function createVitalsReport(view: PageView, deliver: (body: string) => void): VitalsReport {
  const report: WebVitalsReport = { ...view };
  let sent = false;
  return {
    add: (metric) => {
      if (sent) return;
      switch (metric.name) {
        case 'LCP':
          report.lcp = millis(metric.value);
          report.lcpElement = 'attribution' in metric ? lcpElementKind(metric.attribution.lcpEntry) : undefined;
          break;
        case 'INP':
          report.inp = millis(metric.value);
          break;
        case 'CLS':
          // Four decimals: the thresholds are 0.1 and 0.25.
          report.cls = Math.min(Math.round(metric.value * 10_000) / 10_000, MAX_CLS);
          break;
        case 'FCP':
          report.fcp = millis(metric.value);
          break;
        case 'TTFB':
          report.ttfb = millis(metric.value);
          break;
      }
    },
    send: () => {
      const measured = [report.lcp, report.inp, report.cls, report.fcp, report.ttfb].some((value) => value !== undefined);
      if (sent || !measured) return;
      sent = true;
      deliver(JSON.stringify(report));
    },
  };
}
