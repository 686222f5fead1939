/**
 * Which call to action ends a page, above the footer, chosen for what the visitor came for.
 * Part of the footer's code (loaded after the page), so the first page's JavaScript does not
 * carry it; pages are named by their title key, as in the route table.
 */
import type { TitleKey } from '@/i18n/catalogue';

/**
 * - `advice`: products, solutions and partners: ask an application engineer (the enquiry dialog);
 * - `service`: service pages: report a fault and follow the repair, or find a service partner;
 * - `company`: company pages and news: the CMS's footer banner (type 19).
 */
export type PageCta = 'advice' | 'service' | 'company';

const GROUPS: Record<PageCta, readonly TitleKey[]> = {
  advice: [
    'titles.productList',
    'titles.productLine',
    'titles.productDetails',
    'titles.productComparison',
    'titles.solutionList',
    'titles.case',
    'titles.caseDetail',
    'titles.application',
    'titles.industry',
    'titles.productLevel',
    'titles.jakaPlus',
    'titles.jakaHotline',
    'titles.jakaList',
    'titles.jakaDetail',
  ],
  service: ['titles.service', 'titles.jakaAcademy', 'titles.download', 'titles.commonQuestion', 'titles.commonQuestionDetail', 'titles.provider'],
  company: ['titles.about', 'titles.esg', 'titles.investment', 'titles.resource', 'titles.showRoom', 'titles.news', 'titles.newsDetail'],
};

const BY_PAGE = new Map<string, PageCta>(
  (Object.entries(GROUPS) as Array<[PageCta, readonly TitleKey[]]>).flatMap(([cta, pages]) => pages.map((page) => [page, cta] as const)),
);

/**
 * The page's call to action, or null: none on home (which ends with its own), on forms, account,
 * personal, search, legal and error pages, where a sales message would be in the way.
 */
export function pageCta(titleKey: TitleKey | undefined): PageCta | null {
  return (titleKey && BY_PAGE.get(titleKey)) || null;
}
