/**
 * What the page being shown is, for code that runs outside React (the HTTP layer): its language
 * and whether it is a `/preview/` page. The router updates both before a page's data is requested.
 */
import { DEFAULT_LANGUAGE, type SiteLanguage } from './language';

let current: SiteLanguage = DEFAULT_LANGUAGE;
let preview = false;

export function getPageLanguage(): SiteLanguage {
  return current;
}

export function setPageLanguage(lang: SiteLanguage): void {
  current = lang;
}

/**
 * True while a `/preview/` page is shown: content calls then ask for drafts with the editor's
 * preview token (header `preview`, lib/preview-token.ts), when the tab holds one.
 */
export function isPreviewPage(): boolean {
  return preview;
}

export function setPreviewPage(value: boolean): void {
  preview = value;
}
