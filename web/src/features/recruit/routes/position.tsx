import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CardsSkeleton } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Pager } from '@/components/ui/pager';
import { Tabs } from '@/components/ui/tabs';
import { useOrganization } from '@/api/organization';
import { usePageTitle, usePageUrl } from '@/lib/page-title';
import { excerpt, htmlToText } from '@/lib/structured-data';
import { usePageContext } from '@/lib/use-page-language';
import { POSITIONS_PER_PAGE, RECRUIT_TYPES, type RecruitType, recruitTypeOf, usePositions } from '../api/recruit';
import { KeywordSearch } from '../components/keyword-search';
import { PositionList } from '../components/position-list';
import { positionJobPosting } from '../utils/job-posting';
import { buttonClass } from '@/components/ui/button';
import styles from './position.module.css';

function positiveInt(value: string | null): number | null {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

/**
 * /position: open positions of a recruitment type (social or campus), searchable by keyword, a
 * page at a time; a position opens in place with its duties, requirements and "deliver
 * immediately" (an e-mail to its recruiting address). The state lives in the address
 * (?type, ?keyword, ?page, ?id), so a result can be shared and the back button works.
 */
export function PositionRoute() {
  const { t } = useTranslation('recruit');
  const context = usePageContext();
  const [params, setParams] = useSearchParams();
  const type = recruitTypeOf(params.get('type'));
  const keyword = params.get('keyword')?.trim() ?? '';
  const page = positiveInt(params.get('page')) ?? 1;
  const openId = positiveInt(params.get('id'));
  const positions = usePositions({ recruitType: type, pageNum: page, pageSize: POSITIONS_PER_PAGE, keyword }, context);
  const organization = useOrganization();
  const url = usePageUrl();

  // A position opened by its address (?id=) is what the page is about: its title names the page,
  // and it is the one JobPosting (Google wants job postings on the page of the single job, not
  // on lists of jobs).
  const opened = positions.data?.rows.find((position) => position.id === openId);
  const labels = {
    education: t('position.education'),
    experience: t('position.experience'),
    location: t('position.location'),
    duties: t('position.duties'),
    requirements: t('position.requirements'),
  };
  usePageTitle({
    page: opened?.title,
    description: opened ? excerpt(htmlToText(opened.duties)) : t('position.lead'),
    structuredData: opened && organization ? [positionJobPosting(opened, { organization: organization.reference, url, labels })] : undefined,
  });

  const update = (changes: Record<string, string | null>, options: { replace?: boolean } = {}) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(name);
      else next.set(name, value);
    }
    setParams(next, { replace: options.replace ?? false, preventScrollReset: true });
  };

  const pageCount = positions.data ? Math.max(1, Math.ceil(positions.data.total / POSITIONS_PER_PAGE)) : 1;

  return (
    <PageFrame lead={t('position.lead')}>
      <Tabs
        label={t('types.label')}
        items={RECRUIT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
        value={type}
        onValueChange={(value: RecruitType) => update({ type: value, page: null, id: null })}
      >
        <div className={styles.toolbar}>
          <KeywordSearch id="position-keyword" value={keyword} onSearch={(value) => update({ keyword: value, page: null, id: null })} />
          {keyword ? (
            <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={() => update({ keyword: null, page: null, id: null })}>
              {t('search.clear')}
            </button>
          ) : null}
        </div>

        <div aria-live="polite" className={styles.count}>
          {positions.data ? (
            keyword ? (
              <p>{t('position.countFor', { count: positions.data.total, keyword })}</p>
            ) : (
              <p>{t('position.count', { count: positions.data.total })}</p>
            )
          ) : null}
        </div>

        {positions.isPending ? (
          <CardsSkeleton count={2} />
        ) : positions.isError ? (
          <ErrorState error={positions.error} onRetry={() => void positions.refetch()} />
        ) : positions.data.rows.length === 0 ? (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>{keyword ? t('position.noMatch') : t('position.none')}</p>
            <p>{t('position.emptyHint')}</p>
          </div>
        ) : (
          <div aria-busy={positions.isPlaceholderData || undefined} className={styles.results}>
            <PositionList
              positions={positions.data.rows}
              lang={context.lang}
              openId={openId}
              onToggle={(id) => update({ id: openId === id ? null : String(id) }, { replace: true })}
            />
            <Pager
              page={page}
              pageCount={pageCount}
              onPageChange={(p) => update({ page: p === 1 ? null : String(p), id: null })}
              labels={{
                nav: t('pager.nav'),
                previous: t('pager.previous'),
                next: t('pager.next'),
                page: (p) => t('pager.page', { page: p }),
              }}
            />
          </div>
        )}
      </Tabs>
    </PageFrame>
  );
}
