import { type SiteLanguage, htmlLang } from '@/lib/language';

/** A publish date in the page language ("Oct 27, 2026", "2026年10月27日"); '' for a bad date. */
export function formatDate(iso: string, lang: SiteLanguage): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(htmlLang(lang), { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/** A positive whole number from a query value, else the fallback. */
export function positiveInt(value: string | null, fallback: number): number {
  if (!value || !/^\d{1,9}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 ? n : fallback;
}
