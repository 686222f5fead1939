import { type SiteLanguage, htmlLang } from '@/lib/language';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A file size for people: `19.3 MB`, `734 KB` (1 KB = 1024 bytes, as file managers count). */
export function formatFileSize(bytes: number, lang: SiteLanguage): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(htmlLang(lang), { maximumFractionDigits: digits }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** A number in the page language (`1,327`, `1 327`, `1.5`, `1,5`). */
export function formatNumber(value: number, lang: SiteLanguage): string {
  return new Intl.NumberFormat(htmlLang(lang), { maximumFractionDigits: 2 }).format(value);
}
