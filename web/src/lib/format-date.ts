import { type SiteLanguage, htmlLang } from './language';

/**
 * A date of the API (`2026-03-02`, or a date-time) as the page's language writes it; '' when it
 * cannot be read. Plain dates are shown as that calendar day, whatever the visitor's time zone.
 */
export function formatDate(value: string | null | undefined, lang: SiteLanguage, style: 'long' | 'short' = 'long'): string {
  if (!value) return '';
  const plainDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(plainDay ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(htmlLang(lang), {
    year: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    day: 'numeric',
    ...(plainDay ? { timeZone: 'UTC' } : {}),
  }).format(date);
}
