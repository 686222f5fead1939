import { type SiteLanguage, htmlLang } from '@/lib/language';

/** A calendar date in the page language. '' for an unreadable date. */
export function formatDate(iso: string, lang: SiteLanguage): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(htmlLang(lang), { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/** A number in the page language (`1,327`, `1 327`, `1.5`, `1,5`). */
export function formatNumber(value: number, lang: SiteLanguage): string {
  return new Intl.NumberFormat(htmlLang(lang), { maximumFractionDigits: 2 }).format(value);
}
