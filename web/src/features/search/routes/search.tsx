import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { LoadingStatus } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { SearchBox } from '@/components/ui/search-box';
import { Skeleton } from '@/components/ui/skeleton';
import { SmartLink } from '@/components/ui/smart-link';
import { formatDate } from '@/lib/format-date';
import type { SiteLanguage } from '@/lib/language';
import { localizePath } from '@/lib/routing';
import { usePageContext } from '@/lib/use-page-language';
import { usePopularKeywords } from '../api/get-keywords';
import { MAX_QUERY_LENGTH, type SearchGroup, type SearchHit, moreResultsPath, useSiteSearch } from '../api/site-search';
import styles from './search.module.css';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function Marked({ text, query }: { text: string; query: string }) {
  const words = query.trim().split(/\s+/).filter(Boolean).map(escapeRegExp);
  if (words.length === 0) return <>{text}</>;
  const parts = text.split(new RegExp(`(${words.join('|')})`, 'gi'));
  return <>{parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))}</>;
}

/**
 * /search?searchInfo=…: the site search (one BFF call) with the hits grouped by kind — products,
 * cases, news, documents, FAQ — each with its count, and every hit with its picture or date,
 * title, summary and an "explore details" link. A search box refines or clears the search;
 * nothing found says 'No relevant results found' and offers the popular searches and other ways
 * on (WaysOn), so that a search never ends in a dead end.
 */
export function SearchRoute() {
  const { t } = useTranslation('search');
  const context = usePageContext();
  const [params, setParams] = useSearchParams();
  const query = (params.get('searchInfo') ?? '').trim();
  const search = useSiteSearch(context, query);

  const setQuery = (q: string | null) => {
    const next = new URLSearchParams(params);
    if (q) next.set('searchInfo', q);
    else next.delete('searchInfo');
    setParams(next);
  };

  let body;
  if (!query) {
    body = (
      <div className={styles.prompt}>
        <p>{t('prompt')}</p>
        <PopularSearches onSearch={setQuery} />
      </div>
    );
  } else if (search.isError) {
    body = <ErrorState error={search.error} onRetry={() => void search.refetch()} />;
  } else if (!search.data) {
    body = <ResultsSkeleton />;
  } else if (search.data.total === 0) {
    body = (
      <div className={styles.prompt}>
        <p className={styles.nothing}>{t('noResults')}</p>
        <p>{t('noResultsHint')}</p>
        <PopularSearches onSearch={setQuery} />
        <WaysOn query={query} />
      </div>
    );
  } else {
    body = <Results groups={search.data.groups} total={search.data.total} query={query} stale={search.isPlaceholderData} />;
  }

  return (
    <PageFrame>
      <SearchBox
        className={styles.search}
        label={t('label')}
        placeholder={t('placeholder')}
        submitLabel={t('submit')}
        clearLabel={t('clear')}
        value={query}
        maxLength={MAX_QUERY_LENGTH}
        onSearch={setQuery}
        onClear={() => setQuery(null)}
      />
      <div className={styles.body} aria-busy={search.isFetching || undefined}>
        {body}
      </div>
    </PageFrame>
  );
}

function Results({ groups, total, query, stale }: { groups: readonly SearchGroup[]; total: number; query: string; stale: boolean }) {
  const { t } = useTranslation('search');
  return (
    <div className={styles.results} data-stale={stale || undefined}>
      <p className={styles.summary} role="status">
        {t('summary', { count: total, query })}
      </p>
      <nav aria-label={t('kinds')} className={styles.kinds}>
        <ul>
          {groups.map((group) => (
            <li key={group.type}>
              <a href={`#search-${group.type}`} className={styles.kind}>
                {t(`kind.${group.type}`)}{' '}
                <span className={styles.count}>{group.total}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((group) => (
        <ResultGroup key={group.type} group={group} query={query} />
      ))}
    </div>
  );
}

function ResultGroup({ group, query }: { group: SearchGroup; query: string }) {
  const { t } = useTranslation('search');
  const { lang } = usePageContext();
  const titleId = `search-${group.type}`;
  const more = group.total > group.items.length ? moreResultsPath(group.type, query) : null;
  return (
    <section className={styles.group} aria-labelledby={titleId}>
      <div className={styles.groupHead}>
        <h2 id={titleId} className={styles.groupTitle}>
          {t(`kind.${group.type}`)}{' '}
          <span className={styles.count}>{group.total}</span>
        </h2>
        {group.total > group.items.length ? (
          <p className={styles.shown}>{t('shown', { shown: group.items.length, total: group.total })}</p>
        ) : null}
      </div>
      <ul className={styles.hits}>
        {group.items.map((hit) => (
          <li key={`${hit.type}-${hit.id}`}>
            <Hit hit={hit} query={query} lang={lang} />
          </li>
        ))}
      </ul>
      {more ? (
        <Link to={localizePath(more, lang)} className={styles.more}>
          {t(`more.${group.type as 'news' | 'download' | 'faq'}`)}
        </Link>
      ) : null}
    </section>
  );
}

function Hit({ hit, query, lang }: { hit: SearchHit; query: string; lang: SiteLanguage }) {
  const { t } = useTranslation('search');
  const date = hit.date ? formatDate(hit.date, lang, 'short') : '';
  const titleId = `search-hit-${hit.type}-${hit.id}`;
  return (
    <article className={styles.hit} aria-labelledby={titleId}>
      {hit.image ? (
        <div className={styles.media}>
          <img src={hit.image} alt="" loading="lazy" decoding="async" />
        </div>
      ) : (
        <div className={styles.media} data-kind={hit.type} aria-hidden="true">
          <span>{t(`kind.${hit.type}`)}</span>
        </div>
      )}
      <div className={styles.hitBody}>
        {date && hit.date ? (
          <time className={styles.date} dateTime={hit.date}>
            {date}
          </time>
        ) : null}
        <h3 id={titleId} className={styles.hitTitle}>
          <Marked text={hit.title} query={query} />
        </h3>
        {hit.summary ? <p className={styles.hitSummary}>{hit.summary}</p> : null}
        <SmartLink href={hit.link} className={styles.explore} aria-label={t('exploreOf', { title: hit.title })}>
          {t('explore')}
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path d="M3 8h10M9 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </SmartLink>
      </div>
    </article>
  );
}

function PopularSearches({ onSearch }: { onSearch: (q: string) => void }) {
  const { t } = useTranslation('search');
  const context = usePageContext();
  const keywords = usePopularKeywords(context);
  if (!keywords.data || keywords.data.length === 0) return null;
  return (
    <section className={styles.popular} aria-labelledby="search-popular-title">
      <h2 id="search-popular-title" className={styles.popularTitle}>
        {t('popular')}
      </h2>
      <ul className={styles.keywords}>
        {keywords.data.map((keyword) => (
          <li key={keyword.id}>
            {keyword.link ? (
              <SmartLink href={keyword.link} className={styles.keyword}>
                {keyword.keyword}
              </SmartLink>
            ) : (
              <button type="button" className={styles.keyword} onClick={() => onSearch(keyword.keyword)}>
                {keyword.keyword}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A query in Latin letters (and digits, spaces, punctuation) only, e.g. "robot". */
const LATIN_ONLY = /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}]+$/u;

/**
 * Where to go when nothing was found, whatever the popular searches say (they may be empty or
 * fail to load): the same search on the English site for a query in Latin letters on a site in
 * another language (a visitor of the Chinese site searching "robot"), all products, the FAQ and
 * the contact page.
 */
function WaysOn({ query }: { query: string }) {
  const { t } = useTranslation('search');
  const { lang } = usePageContext();
  const english = lang === 'en' || lang === 'en_eu' || lang === 'en_us';
  const otherLanguage = !english && LATIN_ONLY.test(query);
  return (
    <section className={styles.popular} aria-labelledby="search-ways-title">
      <h2 id="search-ways-title" className={styles.popularTitle}>
        {t('waysOn')}
      </h2>
      <ul className={styles.ways}>
        {otherLanguage ? (
          <li>
            <Link to={localizePath(`/search?${new URLSearchParams({ searchInfo: query }).toString()}`, 'en')} className={styles.way}>
              {t('searchEnglish', { query })}
            </Link>
          </li>
        ) : null}
        <li>
          <Link to={localizePath('/productList', lang)} className={styles.way}>
            {t('allProducts')}
          </Link>
        </li>
        <li>
          <Link to={localizePath('/commonQuestion', lang)} className={styles.way}>
            {t('faq')}
          </Link>
        </li>
        <li>
          <Link to={localizePath('/contact', lang)} className={styles.way}>
            {t('contact')}
          </Link>
        </li>
      </ul>
    </section>
  );
}

function ResultsSkeleton() {
  return (
    <>
      <LoadingStatus />
      <div className={styles.skeleton} aria-hidden="true">
        <Skeleton className={styles.skeletonSummary} />
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className={styles.skeletonHit}>
            <Skeleton className={styles.media} />
            <div className={styles.hitBody}>
              <Skeleton className={styles.skeletonTitle} />
              <Skeleton className={styles.skeletonLine} />
            </div>
          </div>
        ))}
      </div>
    </>
  );
}
