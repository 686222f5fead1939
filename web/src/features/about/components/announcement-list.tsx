import type { Article } from '@/api/article';
import { ContentHtml } from '@/components/ui/article';
import { formatDate } from '@/lib/format-date';
import type { SiteLanguage } from '@/lib/language';
import styles from './announcement-list.module.css';

/** Newest first; undated items last. */
export function byPublishTimeDesc(a: Article, b: Article): number {
  return (b.publishTime ?? '').localeCompare(a.publishTime ?? '');
}

/** Announcements as a list whose items open in place (the first one open). */
export function AnnouncementList({ items, lang }: { items: readonly Article[]; lang: SiteLanguage }) {
  const sorted = [...items].sort(byPublishTimeDesc);
  return (
    <ul className={styles.list}>
      {sorted.map((item, index) => (
        <li key={item.id}>
          <details className={styles.item} open={index === 0}>
            <summary className={styles.summary}>
              {item.publishTime ? (
                <time className={styles.date} dateTime={item.publishTime}>
                  {formatDate(item.publishTime, lang)}
                </time>
              ) : null}
              <span className={styles.title}>{item.title}</span>
              <svg className={styles.chevron} viewBox="0 0 12 12" width="14" height="14" aria-hidden="true">
                <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
              </svg>
            </summary>
            <div className={styles.body}>
              {item.subhead ? <p className={styles.subhead}>{item.subhead}</p> : null}
              <ContentHtml html={item.content} />
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
