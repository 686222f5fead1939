/**
 * What the head of a CMS page says (lib/page-title.ts), for the article and column pages (about,
 * service, academy, careers, product centre…): the editor's SEO title and description, else the
 * beginning of the page's text (which says more than the short subhead above it), else its
 * subhead; and its picture. The route keeps naming the page.
 */
import { cardImage } from './page-head';
import type { PageTitleInput } from './page-title';
import { excerpt, htmlToText, summaryOf } from './structured-data';

interface CmsPage {
  subhead?: string | null | undefined;
  content: string;
  seoTitle?: string | null | undefined;
  seoDescription?: string | null | undefined;
}

function cmsHead(page: CmsPage, picture: string | null | undefined): PageTitleInput {
  return {
    document: page.seoTitle,
    description: summaryOf([page.seoDescription, excerpt(htmlToText(page.content)), page.subhead]),
    image: cardImage([picture]),
  };
}

/** An article page (its header picture). */
export function articleHead(article: (CmsPage & { image?: string | null | undefined }) | undefined): PageTitleInput {
  return article ? cmsHead(article, article.image) : {};
}

/** A column page (its banner). */
export function columnHead(column: (CmsPage & { banner?: string | null | undefined }) | undefined): PageTitleInput {
  return column ? cmsHead(column, column.banner) : {};
}
