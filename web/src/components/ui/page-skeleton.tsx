import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import styles from './page-skeleton.module.css';

/** Placeholders while a page's content loads: an intro, then a grid of cards. */
export function PageSkeleton({ cards = 4, intro = true }: { cards?: number; intro?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.skeleton}>
      <p role="status" className="visually-hidden">
        {t('status.loading')}
      </p>
      {intro ? (
        <div className={styles.intro}>
          <Skeleton className={styles.line} />
          <Skeleton className={styles.lineShort} />
          <Skeleton className={styles.media} />
        </div>
      ) : null}
      <Skeleton className={styles.title} />
      <div className={styles.grid}>
        {Array.from({ length: cards }, (_, i) => (
          <Skeleton key={i} className={styles.card} />
        ))}
      </div>
    </div>
  );
}
