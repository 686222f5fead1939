/**
 * An open position as schema.org JobPosting (lib/structured-data.ts): what the position's panel
 * shows, in the page language. The description is HTML, as Google asks for: the facts, the duties
 * and the requirements, with the page's own labels.
 */
import { escapeHtml } from '@/lib/page-head';
import type { StructuredData } from '@/lib/page-head';
import { jobPostingData } from '@/lib/structured-data';
import type { Position } from '../api/recruit';

/** The labels of the position's panel in the page language. */
export interface PositionLabels {
  education: string;
  experience: string;
  location: string;
  duties: string;
  requirements: string;
}

/** The whole position as HTML: facts, then duties and requirements (CMS-sanitised HTML). */
export function positionDescriptionHtml(position: Position, labels: PositionLabels): string {
  const facts: Array<[string, string | null | undefined]> = [
    [labels.location, position.city],
    [labels.education, position.education],
    [labels.experience, position.experience],
  ];
  const lines = [`<p>${escapeHtml(position.department)}</p>`];
  for (const [label, value] of facts) {
    if (value?.trim()) lines.push(`<p>${escapeHtml(label)}: ${escapeHtml(value.trim())}</p>`);
  }
  lines.push(`<p>${escapeHtml(labels.duties)}</p>`, position.duties);
  lines.push(`<p>${escapeHtml(labels.requirements)}</p>`, position.requirements);
  return lines.join('');
}

export interface PositionPage {
  /** The employer (an organization reference). */
  organization: StructuredData;
  /** The page that opens this position (absolute canonical URL). */
  url: string;
  labels: PositionLabels;
}

/** JobPosting of one position; its workplace is the city it names (the CMS gives no country). */
export function positionJobPosting(position: Position, page: PositionPage): StructuredData {
  return jobPostingData({
    title: position.title,
    description: positionDescriptionHtml(position, page.labels),
    datePosted: position.publishTime,
    hiringOrganization: page.organization,
    locality: position.city,
    identifier: String(position.id),
    openings: position.headcount,
    url: page.url,
  });
}
