/** What the home page shows below the hero while its sections load: their placeholders. */
import { Skeleton } from '@/components/ui/skeleton';
import styles from './home-sections.module.css';

/** Placeholders of the sections while the home data loads. */
export function SectionsSkeleton() {
  return (
    <div className={`container ${styles.section}`} aria-hidden="true">
      <Skeleton className={styles.skeletonTitle} />
      <div className={styles.cards}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className={styles.skeletonCard} />
        ))}
      </div>
    </div>
  );
}
