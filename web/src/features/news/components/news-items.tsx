import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { Skeleton } from '@/components/ui/skeleton';
import { localizePath } from '@/lib/routing';
import { usePageLanguage } from '@/lib/use-page-language';
import { type NewsSummary, type NewsType, newsHref } from '../api/news';
import { formatDate } from '@/lib/format-date';
import { Highlight } from './highlight';
import styles from './news-items.module.css';
import { Phrase } from '@/components/ui/phrase';

export interface NewsListProps {
  items: readonly NewsSummary[];
  types: readonly NewsType[] | undefined;
  /** Searched words, marked in the titles. */
  query?: string;
}

/** A page of news as cards: picture, date, type, badges, title and summary, linking to the article. */
export function NewsList({ items, types, query = '' }: NewsListProps) {
  const { t } = useTranslation('news');
  const lang = usePageLanguage();
  const typeName = (id: number) => types?.find((type) => type.id === id)?.typeName;
  return (
    <ul className={styles.list}>
      {items.map((item) => {
        const type = typeName(item.typeId);
        return (
          <li key={item.id}>
            <article className={styles.item}>
              <Link to={localizePath(newsHref(item), lang)} className={styles.link}>
                <div className={styles.media}>
                  {item.image ? <img src={item.image} alt="" loading="lazy" decoding="async" /> : null}
                </div>
                <div className={styles.body}>
                  <p className={styles.meta}>
                    <time dateTime={item.publishTime}>{formatDate(item.publishTime, lang, 'short')}</time>
                    {type ? <span className={styles.type}>{type}</span> : null}
                    {item.top ? <span className={styles.badge}>{t('top')}</span> : null}
                    {item.hot ? <span className={styles.badge} data-tone="hot">{t('hot')}</span> : null}
                  </p>
                  <h3 className={styles.title}>
                    {query.trim() ? <Highlight text={item.title} query={query} /> : <Phrase>{item.title}</Phrase>}
                  </h3>
                  {item.summary ? <p className={styles.summary}>{item.summary}</p> : null}
                </div>
              </Link>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

/** Placeholder of the news list while it loads. */
export function NewsListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <ul className={styles.list} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.skeletonItem}>
          <Skeleton className={styles.media} />
          <div className={styles.body}>
            <Skeleton className={styles.skeletonMeta} />
            <Skeleton className={styles.skeletonTitle} />
            <Skeleton className={styles.skeletonLine} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export interface HotNewsProps {
  items: readonly NewsSummary[] | undefined;
  isPending: boolean;
  /** The article being read, left out of the list. */
  currentId?: number;
}

/** The side list of hot and pinned news; nothing when there are none or they cannot be loaded. */
export function HotNews({ items, isPending, currentId }: HotNewsProps) {
  const { t } = useTranslation('news');
  const lang = usePageLanguage();
  const shown = items?.filter((item) => item.id !== currentId) ?? [];
  if (!isPending && shown.length === 0) return null;
  return (
    <aside className={styles.hot} aria-labelledby="news-hot-title">
      <h2 id="news-hot-title" className={styles.hotTitle}>
        {t('hotNews')}
      </h2>
      {isPending ? (
        <div aria-hidden="true" className={styles.hotSkeleton}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className={styles.skeletonLine} />
          ))}
        </div>
      ) : (
        <ol className={styles.hotList}>
          {shown.map((item, index) => (
            <li key={item.id}>
              <Link to={localizePath(newsHref(item), lang)} className={styles.hotLink}>
                <span className={styles.rank} aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <span className={styles.hotText}>
                  <span className={styles.hotItemTitle}>{item.title}</span>
                  <time className={styles.hotDate} dateTime={item.publishTime}>
                    {formatDate(item.publishTime, lang, 'short')}
                  </time>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
