import { useLocation } from 'react-router';
import type { SiteLanguage } from './language';
import { showsDrafts } from './preview-token';
import { isPreviewPath, languageFromPath } from './routing';

/** The language of the page being shown, from its URL prefix (none means zh). */
export function usePageLanguage(): SiteLanguage {
  return languageFromPath(useLocation().pathname);
}

/** Language and draft mode of the page being shown: what content requests depend on. */
export interface PageContext {
  lang: SiteLanguage;
  preview: boolean;
}

export function usePageContext(): PageContext {
  const { pathname } = useLocation();
  return { lang: languageFromPath(pathname), preview: isPreviewPath(pathname) };
}

/**
 * What content queries add to their key and pass to the HTTP layer, so that a language switch or
 * a preview page never shows cached content of another language or of the published site. A
 * preview page shows drafts only with an editor's token, so its answers with and without one are
 * kept apart too.
 */
export function contentQuery({ lang, preview }: PageContext) {
  const mode = preview ? (showsDrafts(preview) ? 'drafts' : 'preview') : 'live';
  return { key: [lang, mode] as const, request: { lang, preview } };
}
