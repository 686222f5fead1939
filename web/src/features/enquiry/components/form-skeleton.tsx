import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import styles from './enquiry-forms.module.css';

/** What the dialog shows while its form (code, texts or CMS definition) loads. */
export function FormSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.skeleton} role="status" aria-live="polite">
      <span className={styles.visuallyHidden}>{t('status.loading')}</span>
      <div className={styles.skeletonGrid}>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={styles.skeletonField}>
            <Skeleton className={styles.skeletonLabel} />
            <Skeleton className={styles.skeletonInput} />
          </div>
        ))}
      </div>
      <Skeleton className={styles.skeletonArea} />
      <Skeleton className={styles.skeletonButton} />
    </div>
  );
}
