/**
 * schema.org data (JSON-LD) of the site's pages, built from their real content in the page's
 * language: a product (Product), a news article (NewsArticle), an open position (JobPosting) and a
 * page of questions (FAQPage), beside the company (Organization, lib/schema-org.ts). Pure
 * functions: the pages hand them what their content says (lib/page-title.ts), the head puts them
 * into the HTML (lib/page-head.ts). Nothing is made up: a property the content does not have is
 * left out, never filled with a guess (no prices, ratings, countries or dates the CMS did not give).
 */
import type { StructuredData } from './page-head';
import { SCHEMA, compact } from './schema-org';

export { absoluteUrl, absoluteUrls, organizationData, organizationId, organizationReference } from './schema-org';
export type { OrganizationInput } from './schema-org';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The text of (CMS-sanitised) HTML, as a reader sees it: tags dropped, entities decoded, one line
 * per paragraph, list item or line break. Works without a DOM (the server has none).
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  const text = html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(p|div|li|ul|ol|h[1-6]|tr|table|section|article|blockquote|figure|figcaption|dd|dt)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Longest meta description search engines show in full. */
export const DESCRIPTION_LENGTH = 160;

/**
 * Text as one line of at most `max` characters: cut at a word boundary where the language has
 * spaces (within the last fifth), otherwise at the limit, and marked with an ellipsis.
 */
export function excerpt(text: string | null | undefined, max = DESCRIPTION_LENGTH): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  const chars = [...line];
  if (chars.length <= max) return line;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  const kept = space >= cut.length * 0.8 ? cut.slice(0, space) : cut;
  return `${kept.replace(/[\s,.;:!?，。、；：！？-]+$/u, '')}…`;
}

/**
 * The summary of a page: the first of its texts that says something (an editor's SEO description,
 * a summary), as written; else the beginning of its HTML body, cut to a description's length.
 */
export function summaryOf(texts: ReadonlyArray<string | null | undefined>, html?: string | null): string {
  for (const text of texts) {
    const line = text?.replace(/\s+/g, ' ').trim();
    if (line) return line;
  }
  return excerpt(htmlToText(html));
}

export interface ProductInput {
  name: string;
  description?: string | null | undefined;
  /** Absolute picture URLs, main picture first. */
  images: readonly string[];
  /** The brand the product is sold under. */
  brand: string;
  /** The product's page (absolute). */
  url: string;
  /** The product line or category it belongs to. */
  category?: string | null | undefined;
  /** The company that makes it (an organization reference). */
  manufacturer?: StructuredData | undefined;
}

/** schema.org Product: what the product page says; no offers or ratings the site does not publish. */
export function productData(input: ProductInput): StructuredData {
  return compact({
    '@context': SCHEMA,
    '@type': 'Product',
    name: input.name,
    description: input.description,
    image: [...input.images],
    brand: { '@type': 'Brand', name: input.brand },
    manufacturer: input.manufacturer,
    category: input.category,
    url: input.url,
  });
}

export interface NewsArticleInput {
  headline: string;
  description?: string | null | undefined;
  /** Absolute picture URLs. */
  images: readonly string[];
  /** ISO 8601 date and time with offset, as the CMS gives it. */
  datePublished: string;
  /** When the article last changed, when the CMS says so. */
  dateModified?: string | null | undefined;
  /** The article's author as the CMS names it (an editorial team); else the publisher. */
  author?: string | null | undefined;
  publisher: StructuredData;
  /** The article's page (absolute). */
  url: string;
  /** BCP 47 language of the article. */
  inLanguage: string;
}

/** schema.org NewsArticle of a news page. */
export function newsArticleData(input: NewsArticleInput): StructuredData {
  const author = input.author?.trim() ? { '@type': 'Organization', name: input.author.trim() } : input.publisher;
  return compact({
    '@context': SCHEMA,
    '@type': 'NewsArticle',
    headline: input.headline,
    description: input.description,
    image: [...input.images],
    datePublished: input.datePublished,
    dateModified: input.dateModified,
    author: [author],
    publisher: input.publisher,
    mainEntityOfPage: input.url,
    url: input.url,
    inLanguage: input.inLanguage,
  });
}

export interface JobPostingInput {
  title: string;
  /** The whole job (duties, requirements, education, experience) as HTML (Google reads p, ul, li). */
  description: string;
  /** ISO 8601 date the position was published. */
  datePosted: string;
  hiringOrganization: StructuredData;
  /** The city the employee works in, as the position names it. */
  locality: string;
  /**
   * ISO 3166-1 alpha-2 country of the workplace. Google requires it; the CMS does not give it
   * today, so it is left out rather than guessed from the city's name.
   */
  country?: string | null | undefined;
  /** The employer's own id of the position. */
  identifier: string;
  openings?: number | null | undefined;
  /** The position's page (absolute). */
  url: string;
}

/** schema.org JobPosting of one open position. */
export function jobPostingData(input: JobPostingInput): StructuredData {
  const organizationName = typeof input.hiringOrganization.name === 'string' ? input.hiringOrganization.name : undefined;
  return compact({
    '@context': SCHEMA,
    '@type': 'JobPosting',
    title: input.title,
    description: input.description,
    datePosted: input.datePosted,
    hiringOrganization: input.hiringOrganization,
    jobLocation: {
      '@type': 'Place',
      address: compact({ '@type': 'PostalAddress', addressLocality: input.locality, addressCountry: input.country }),
    },
    identifier: compact({ '@type': 'PropertyValue', name: organizationName, value: input.identifier }),
    totalJobOpenings: input.openings,
    url: input.url,
  });
}

export interface FaqItem {
  question: string;
  /** The answer as the CMS gives it (HTML). */
  answerHtml: string;
}

/** schema.org FAQPage of the questions a page shows, answers as text; null when it shows none. */
export function faqPageData(items: readonly FaqItem[]): StructuredData | null {
  const questions = items
    .map((item) => ({ name: item.question.trim(), text: htmlToText(item.answerHtml) }))
    .filter((item) => item.name && item.text)
    .map((item) => ({ '@type': 'Question', name: item.name, acceptedAnswer: { '@type': 'Answer', text: item.text } }));
  if (questions.length === 0) return null;
  return { '@context': SCHEMA, '@type': 'FAQPage', mainEntity: questions };
}
