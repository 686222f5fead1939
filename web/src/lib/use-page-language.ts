import { useLocation } from 'react-router';
import type { SiteLanguage } from './language';
import { languageFromPath } from './routing';

/** The language of the page being shown, from its URL prefix (none means zh). */
export function usePageLanguage(): SiteLanguage {
  return languageFromPath(useLocation().pathname);
}
