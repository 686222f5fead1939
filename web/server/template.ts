/**
 * The client build's index.html as the frame of every rendered page: its hashed scripts, styles
 * and preloads stay; the language, the head of the page, the page's markup and its data go in.
 */

export interface PageTemplate {
  /** Up to and including `<html`, before its `lang` attribute. */
  start: string;
  /** After `lang="…"` up to `</head>`, with the default title and description taken out. */
  headRest: string;
  /** From `</head>` up to the inside of `<div id="root">`. */
  beforeRoot: string;
  /** After the root's closing tag, to the end. */
  afterRoot: string;
}

const ROOT = '<div id="root"></div>';

/** Splits index.html; throws if it is not the build's template (a broken deployment). */
export function parseTemplate(html: string): PageTemplate {
  const langMatch = /<html\s+lang="[^"]*"/.exec(html);
  const headEnd = html.indexOf('</head>');
  const root = html.indexOf(ROOT);
  if (!langMatch || headEnd < 0 || root < 0 || root < headEnd) throw new Error('index.html has no <html lang>, </head> or empty <div id="root">');
  const afterLang = langMatch.index + langMatch[0].length;
  // The page's own title and description replace the defaults the client-only page carries.
  const headRest = html
    .slice(afterLang, headEnd)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '');
  return {
    start: html.slice(0, langMatch.index) + '<html',
    headRest,
    beforeRoot: html.slice(headEnd, root) + '<div id="root">',
    afterRoot: html.slice(root + ROOT.length),
  };
}

export interface PageParts {
  /** BCP 47 tag for `<html lang>` (escaped by the caller's choice of values: a fixed table). */
  lang: string;
  /** Head tags, already escaped. */
  head: string;
  /** The page's markup inside #root. */
  body: string;
  /** The data block, placed right after #root. */
  state: string;
}

export function fillTemplate(template: PageTemplate, parts: PageParts): string {
  return (
    `${template.start} lang="${parts.lang}"${template.headRest.replace(/\s*$/, '')}\n    ${parts.head}\n  ` +
    `${template.beforeRoot}${parts.body}</div>\n    ${parts.state}${template.afterRoot}`
  );
}
