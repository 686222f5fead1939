/**
 * Which page views measure their Core Web Vitals for the site's field data (lib/field-vitals.ts):
 * a random sample. The page renderer writes its share into every page it renders, as
 * `<meta name="vitals-sample-rate" content="0.1">`, from its setting VITALS_SAMPLE_RATE
 * (web/server/renderer.ts; bin/bff-dev starts its renderer with 1, so that development and the
 * browser journeys measure every page view). A page without it, the client-rendered app the BFF
 * serves when the renderer cannot help, measures DEFAULT_VITALS_SAMPLE_RATE of its views.
 */

export const VITALS_SAMPLE_RATE_META = 'vitals-sample-rate';
/** One page view in ten: enough for a p75 per page, language and device within days. */
export const DEFAULT_VITALS_SAMPLE_RATE = 0.1;

/** A share of page views, from 0 (none) to 1 (all), written as a number; else null. */
export function parseSampleRate(text: string | null | undefined): number | null {
  const rate = text?.trim() ? Number(text) : NaN;
  return rate >= 0 && rate <= 1 ? rate : null;
}

/** The meta tag of the page's sample rate, as the renderer writes it into the page's head. */
export function sampleRateMeta(rate: number): string {
  return `<meta name="${VITALS_SAMPLE_RATE_META}" content="${rate}">`;
}

/** Whether this page view is one of the sample. */
export function isSampled(doc: Document, random: () => number = Math.random): boolean {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${VITALS_SAMPLE_RATE_META}"]`);
  return random() < (parseSampleRate(meta?.content) ?? DEFAULT_VITALS_SAMPLE_RATE);
}
