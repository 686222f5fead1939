import type { SiteLanguage } from '@/lib/language';

/** CMS articles of the company pages (mocks/content/API.md, "Company content"). */
export const ARTICLES = {
  about: 301,
  esg: 302,
  investment: 303,
  contact: 304,
  resource: 305,
} as const;

/*
 * The CMS does not list an article's children, so the pages name the ones they know. Asking for
 * one that does not exist costs a 404 (which the browser logs), so drafts are asked for only on
 * preview pages opened from an editor's preview link (lib/preview-token.ts) and the announcement
 * published in Chinese only only on the Chinese pages; a
 * child that still answers 404 is simply left out.
 */
const ESG_PUBLISHED = [3021, 3022, 3023];
const ESG_DRAFTS = [3024];
const ANNOUNCEMENTS_PUBLISHED = [3031, 3032, 3034];
const ANNOUNCEMENTS_CHINESE = [3033];
const ANNOUNCEMENTS_DRAFTS = [3035];

/** The ESG report chapters (children of the ESG article) to ask for. */
export function esgChapterIds(preview: boolean): number[] {
  return preview ? [...ESG_PUBLISHED, ...ESG_DRAFTS] : ESG_PUBLISHED;
}

/** The investor announcements (children of the investment article) to ask for. */
export function announcementIds(lang: SiteLanguage, preview: boolean): number[] {
  const chinese = lang === 'zh' || lang === 'zh_tw' ? ANNOUNCEMENTS_CHINESE : [];
  return [...ANNOUNCEMENTS_PUBLISHED, ...chinese, ...(preview ? ANNOUNCEMENTS_DRAFTS : [])];
}
