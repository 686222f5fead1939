import DOMPurify, { type WindowLike } from 'dompurify';
import { useMemo } from 'react';
import styles from './rich-text.module.css';

/**
 * Tags and attributes that CMS rich text may use. Anything else — scripts, styles, frames,
 * forms, event handlers, javascript: URLs — is removed before the HTML reaches the page.
 */
const ALLOWED_TAGS = [
  'p', 'br', 'h2', 'h3', 'h4', 'h5', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'blockquote',
  'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  'caption', 'hr', 'span', 'code', 'pre',
];
const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'width', 'height', 'colspan', 'rowspan', 'scope', 'lang'];

/**
 * The DOM the sanitiser works in: the page's own in the browser. The server has none; the
 * renderer hands it one (jsdom) at start, and without it sanitising fails rather than letting
 * unchecked HTML through (DOMPurify without a DOM returns its input unchanged).
 */
let purifier = DOMPurify;
let documentForParsing: Document | null = globalThis.document ?? null;

export function setSanitizerWindow(window: WindowLike & { document: Document }): void {
  purifier = DOMPurify(window);
  documentForParsing = window.document;
}

/** Returns CMS HTML with only safe markup left; links to other sites open in a new tab. */
export function sanitizeHtml(html: string): string {
  if (!purifier.isSupported || !documentForParsing) throw new Error('Rich text cannot be sanitised without a DOM');
  const clean = purifier.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    RETURN_TRUSTED_TYPE: false,
  });
  const template = documentForParsing.createElement('template');
  template.innerHTML = clean;
  for (const a of template.content.querySelectorAll('a[href^="http"]')) {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
  return template.innerHTML;
}

export interface RichTextProps {
  /** HTML from the CMS; sanitised here, never trusted. */
  html: string | null | undefined;
  className?: string;
}

/** CMS rich text (articles, product descriptions, answers), sanitised and styled. */
export function RichText({ html, className }: RichTextProps) {
  const clean = useMemo(() => (html ? sanitizeHtml(html) : ''), [html]);
  if (!clean) return null;
  return <div className={[styles.richText, className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: clean }} />;
}
