/**
 * The language of the page being shown, for code that runs outside React (the HTTP layer).
 * The router updates it before a page's data is requested.
 */
import { DEFAULT_LANGUAGE, type SiteLanguage } from './language';

let current: SiteLanguage = DEFAULT_LANGUAGE;

export function getPageLanguage(): SiteLanguage {
  return current;
}

export function setPageLanguage(lang: SiteLanguage): void {
  current = lang;
}
