import { type SiteLanguage, htmlLang } from '@/lib/language';

/** A number in the page language (`1,327`, `1 327`, `1.5`, `1,5`). */
export function formatNumber(value: number, lang: SiteLanguage): string {
  return new Intl.NumberFormat(htmlLang(lang), { maximumFractionDigits: 2 }).format(value);
}
