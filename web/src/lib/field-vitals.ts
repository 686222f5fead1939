/**
 * Field measurements: this page view's Core Web Vitals (LCP, INP, CLS, FCP, TTFB), measured by
 * the web-vitals library in the visitor's browser and sent to the BFF once, when the page is first
 * hidden (POST /prod-api/bff/vitals, which records them in its metrics). Loaded only for the
 * sampled page views (lib/vitals-sampling.ts), once the page is idle (main.tsx): the library
 * reads the browser's buffered performance entries, so it still sees the paints and shifts that
 * came before it.
 *
 * INP and CLS cover the visit from the page it landed on, later pages of the app included, as
 * Chrome's own field data (CrUX) counts them; a visitor who comes back to the tab after hiding it
 * is not measured again.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals/attribution';
import { getBffVitalsUrl } from '@/api/generated/endpoints/vitals/vitals';
import { API_BASE } from './http';
import { type LandingMatch, createVitalsReport, pageViewOf } from './vitals-report';

/** The User Timing mark set once the page view is measured (seen in the browser's tools and by the journeys). */
export const FIELD_VITALS_MARK = 'field-vitals';

/** Measures the page view that landed on `landing` (the router's matches of the first address). */
export function measureFieldVitals(landing: readonly LandingMatch[]): void {
  const view = pageViewOf(landing, window.innerWidth);
  if (!view) return;
  const report = createVitalsReport(view, deliver);
  // LCP, CLS and INP change while the page lives; web-vitals reports their final values only when
  // the page turns hidden, which a page that is left turns after pagehide (the order in which
  // browsers unload a page). Every change is taken instead, so the report holds the latest
  // values whichever event sends it.
  const everyChange = { reportAllChanges: true };
  onTTFB(report.add);
  onFCP(report.add);
  onLCP(report.add, everyChange);
  onCLS(report.add, everyChange);
  onINP(report.add, everyChange);
  // Listening on window without capture runs after web-vitals' own capturing listeners, which
  // take the last entries in when the page turns hidden.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') report.send();
  });
  addEventListener('pagehide', () => report.send());
  performance.mark(FIELD_VITALS_MARK);
}

/**
 * Sends a report so that it outlives the page: fetch with keepalive, without cookies (the BFF
 * reads none; sendBeacon cannot leave them out). A browser without keepalive (Firefox before
 * 133) gets sendBeacon. A failure is not retried: the report is one sample of many.
 */
function deliver(body: string): void {
  const url = `${API_BASE}${getBffVitalsUrl()}`;
  if ('keepalive' in Request.prototype) {
    fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'application/json' } }).catch(() => undefined);
    return;
  }
  navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
}
