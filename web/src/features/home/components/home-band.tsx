/** What the home page shows below the hero besides its link sections: the call to action, placeholders. */
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { openEnquiryDialog } from '@/lib/enquiry-dialog';
import type { SiteLanguage } from '@/lib/language';
import styles from './home-sections.module.css';

/** The closing call to action: talk to an expert (the enquiry dialog; a prototype request in Chinese). */
export function ContactBand({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation('home');
  return (
    <section className={styles.band} aria-labelledby="home-contact">
      <div className={`container ${styles.bandInner}`}>
        <div>
          <h2 id="home-contact" className={styles.bandTitle}>
            {t('ctaTitle')}
          </h2>
          <p className={styles.bandText}>{t('ctaText')}</p>
        </div>
        <button
          type="button"
          className={styles.bandButton}
          aria-haspopup="dialog"
          onClick={() => openEnquiryDialog(lang === 'zh' ? 'prototype' : 'contact')}
        >
          {t('ctaButton')}
        </button>
      </div>
    </section>
  );
}

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
