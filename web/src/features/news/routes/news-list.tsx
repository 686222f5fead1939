import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingStatus } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Pager } from '@/components/ui/pager';
import { SearchBox } from '@/components/ui/search-box';
import { Tabs } from '@/components/ui/tabs';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { NEWS_PAGE_SIZE, type NewsPage, type NewsType, useHotNews, useNews, useNewsSearch, useNewsTypes } from '../api/news';
import { HotNews, NewsList, NewsListSkeleton } from '../components/news-items';
import { positiveInt } from '../utils/format';
import { buttonClass } from '@/components/ui/button';
import styles from './news.module.css';

const ALL = 'all';

/**
 * /news: the news types of the news column as tabs (all news first; JAKA Weekly is one of them),
 * a page of articles with paging, a title search with clear, and hot news beside. Tab, page and
 * search live in the address (`?type=`, `?page=`, `?q=`), so a list can be linked and the back
 * button works.
 */
export function NewsListRoute() {
  const { t } = useTranslation('news');
  usePageTitle({ description: t('lead') });
  const context = usePageContext();
  const [params, setParams] = useSearchParams();
  const listTop = useRef<HTMLDivElement>(null);

  const query = (params.get('q') ?? '').trim();
  const page = positiveInt(params.get('page'), 1);
  const types = useNewsTypes(context);
  const requested = params.get('type');
  const activeType = types.data?.find((type) => String(type.id) === requested) ?? null;
  const news = useNews(context, activeType?.id ?? null, page, !query && (!requested || types.isFetched));
  const found = useNewsSearch(context, query, page);
  const hot = useHotNews(context);
  const list = query ? found : news;

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    setParams(next);
  };
  const goToPage = (p: number) => {
    update({ page: p > 1 ? String(p) : null });
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  const pageCount = list.data ? Math.ceil(list.data.total / NEWS_PAGE_SIZE) : 0;
  const body = (
    <NewsResults
      query={query}
      data={list.data}
      types={types.data}
      isPending={list.isPending}
      stale={list.isPlaceholderData}
      error={list.isError ? list.error : null}
      onRetry={() => void list.refetch()}
      onClear={() => update({ q: null, page: null })}
    />
  );

  return (
    <PageFrame lead={t('lead')}>
      <div className={styles.layout}>
        <div className={styles.main} ref={listTop}>
          <SearchBox
            className={styles.search}
            label={t('searchLabel')}
            placeholder={t('searchPlaceholder')}
            submitLabel={t('searchSubmit')}
            clearLabel={t('searchClear')}
            value={query}
            onSearch={(q) => update({ q, page: null })}
            onClear={() => update({ q: null, page: null })}
          />
          {query ? (
            <section aria-labelledby="news-results-title">
              <h2 id="news-results-title" className={styles.resultsTitle} aria-live="polite">
                {list.data ? t('resultsFor', { count: list.data.total, query }) : t('searching', { query })}
              </h2>
              {body}
            </section>
          ) : types.isError ? (
            <>
              <ErrorState error={types.error} onRetry={() => void types.refetch()} compact />
              {body}
            </>
          ) : (
            <Tabs
              label={t('categories')}
              variant="pill"
              className={styles.tabs}
              value={activeType ? String(activeType.id) : ALL}
              onValueChange={(value) => update({ type: value === ALL ? null : value, page: null })}
              items={[
                { value: ALL, label: t('allNews') },
                ...(types.data ?? []).map((type: NewsType) => ({ value: String(type.id), label: type.typeName })),
              ]}
            >
              <h2 className="visually-hidden">{activeType?.typeName ?? t('allNews')}</h2>
              {body}
            </Tabs>
          )}
          <Pager
            page={page}
            pageCount={pageCount}
            onPageChange={goToPage}
            labels={{ nav: t('pages'), previous: t('previousPage'), next: t('nextPage'), page: (p) => t('page', { page: p }) }}
          />
        </div>
        <div className={styles.side}>
          <HotNews items={hot.data} isPending={hot.isPending} />
        </div>
      </div>
    </PageFrame>
  );
}

interface NewsResultsProps {
  query: string;
  data: NewsPage | undefined;
  types: readonly NewsType[] | undefined;
  isPending: boolean;
  /** The previous list is shown while the next one loads. */
  stale: boolean;
  error: unknown;
  onRetry: () => void;
  onClear: () => void;
}

function NewsResults({ query, data, types, isPending, stale, error, onRetry, onClear }: NewsResultsProps) {
  const { t } = useTranslation('news');
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  if (isPending || !data) {
    return (
      <>
        <LoadingStatus />
        <NewsListSkeleton />
      </>
    );
  }
  if (data.rows.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{query ? t('noResults', { query }) : t('empty')}</p>
        {query ? (
          <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={onClear}>
            {t('showAll')}
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div className={stale ? styles.stale : undefined} aria-busy={stale || undefined}>
      <NewsList items={data.rows} types={types} query={query} />
    </div>
  );
}
