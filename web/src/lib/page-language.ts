/**
 * What the page being shown is, for code that runs outside React (the HTTP layer): its language
 * and whether it is a `/preview/` page. The router updates both before a page's data is requested.
 * On the server they are the render's own (lib/render-context.ts); these module values are the
 * browser's.
 */
import { DEFAULT_LANGUAGE, type SiteLanguage } from './language';
import { serverRender } from './render-context';

let current: SiteLanguage = DEFAULT_LANGUAGE;
let preview = false;

// The server's branches are dropped from the browser's build (`import.meta.env.SSR`).

export function getPageLanguage(): SiteLanguage {
  return (import.meta.env.SSR && serverRender()?.lang) || current;
}

export function setPageLanguage(lang: SiteLanguage): void {
  const render = import.meta.env.SSR ? serverRender() : null;
  if (render) render.lang = lang;
  else current = lang;
}

/**
 * True while a `/preview/` page is shown: content calls then ask for drafts with the editor's
 * preview token (header `preview`, lib/preview-token.ts), when the tab holds one.
 */
export function isPreviewPage(): boolean {
  const render = import.meta.env.SSR ? serverRender() : null;
  return render ? render.preview : preview;
}

export function setPreviewPage(value: boolean): void {
  const render = import.meta.env.SSR ? serverRender() : null;
  if (render) render.preview = value;
  else preview = value;
}
