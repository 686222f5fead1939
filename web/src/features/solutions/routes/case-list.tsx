import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { SmartLink } from '@/components/ui/smart-link';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { useCases } from '../api/get-cases';
import { type IndustrySummary, useSolutionMenu } from '../api/get-solution-menu';
import { CASES_PAGE_SIZE } from '../api/program';
import { CaseGrid } from '../components/case-card';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { Pagination } from '../components/pagination';
import { INDUSTRY_PARAM, PAGE_PARAM, caseListHref } from '../utils/links';
import { pageCount, parsePage } from '../utils/paging';
import { routeId } from '../utils/route-id';
import centre from '@/components/ui/centre-page.module.css';
import styles from './solutions.module.css';

/**
 * /case: customer cases, newest first, filtered by industry (the solution menu's shown
 * industries) and paged. Filter and page live in the query (`?industry=2&page=3`), so a filtered
 * page can be shared and the back button works.
 */
export function CaseListRoute() {
  const { t } = useTranslation('solutions');
  usePageTitle({ description: t('casesLead') });
  const context = usePageContext();
  const [params] = useSearchParams();
  const industryId = routeId(params.get(INDUSTRY_PARAM) ?? undefined);
  const page = parsePage(params.get(PAGE_PARAM));
  const menu = useSolutionMenu(context);
  const cases = useCases(context, { page, pageSize: CASES_PAGE_SIZE, industryId });
  const count = cases.data ? pageCount(cases.data.total, CASES_PAGE_SIZE) : 1;

  return (
    <PageFrame lead={t('casesLead')}>
      <IndustryFilter industries={menu.data?.industries ?? []} current={industryId} />
      <div className={styles.results} aria-busy={cases.isPlaceholderData}>
        {cases.isPending ? (
          <PageSkeleton intro={false} cards={6} />
        ) : cases.isError && !cases.data ? (
          <ErrorState error={cases.error} onRetry={() => void cases.refetch()} />
        ) : cases.data && cases.data.rows.length > 0 ? (
          <>
            <p className={styles.count} aria-live="polite">
              {t('casesCount', { total: cases.data.total })}
            </p>
            <CaseGrid cases={cases.data.rows} headingLevel={2} />
            <Pagination page={page} count={count} hrefOf={(n) => caseListHref({ industryId, page: n })} />
          </>
        ) : (
          <div className={centre.empty}>
            <p>{page > 1 ? t('noCasesOnPage') : t('noCasesInIndustry')}</p>
            {industryId || page > 1 ? (
              <p>
                <SmartLink href="/case" className={centre.more}>
                  {t('showAllCases')}
                </SmartLink>
              </p>
            ) : null}
          </div>
        )}
      </div>
    </PageFrame>
  );
}

/** Chips that filter the cases by industry: "All" and every shown industry. */
function IndustryFilter({ industries, current }: { industries: IndustrySummary[]; current: number | null }) {
  const { t } = useTranslation('solutions');
  if (industries.length === 0) return null;
  return (
    <nav className={styles.filters} aria-label={t('filterByIndustry')}>
      <ul>
        <li>
          <SmartLink href={caseListHref()} className={styles.chip} aria-current={current === null ? 'page' : undefined}>
            {t('allIndustries')}
          </SmartLink>
        </li>
        {industries.map((industry) => (
          <li key={industry.id}>
            <SmartLink
              href={caseListHref({ industryId: industry.id })}
              className={styles.chip}
              aria-current={current === industry.id ? 'page' : undefined}
            >
              {industry.name}
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
