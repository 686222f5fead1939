import type { SiteLanguage } from '@/lib/language';
import type { PageContext } from '@/lib/use-page-language';
import { PREVIEW_SEGMENT, localizePath } from '@/lib/routing';

/** The report form, in the page's language (and on the preview mirror when shown there). */
export function repairPath({ lang, preview }: PageContext, search = ''): string {
  return localizePath(`${preview ? `/${PREVIEW_SEGMENT}` : ''}/repair${search}`, lang);
}

/** The list of work orders, in the page's language (and on the preview mirror when shown there). */
export function repairListPath({ lang, preview }: PageContext, search = ''): string {
  return localizePath(`${preview ? `/${PREVIEW_SEGMENT}` : ''}/repairList${search}`, lang);
}

/** One work order (the detail page has no preview mirror). */
export function repairDetailPath(id: number, lang: SiteLanguage): string {
  return localizePath(`/repairDetail/${id}`, lang);
}

/** An absolute URL of this site for a path (what a QR code carries). */
export function absoluteSiteUrl(path: string, origin: string = globalThis.location?.origin ?? ''): string {
  return new URL(path, origin).href;
}
