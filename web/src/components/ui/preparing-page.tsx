import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { openEnquiryDialog } from '@/lib/enquiry-dialog';
import { homePath } from '@/lib/routing';
import { usePageLanguage } from '@/lib/use-page-language';
import { PageFrame } from './page-frame';
import { buttonClass } from '@/components/ui/button';
import styles from './preparing-page.module.css';

/**
 * A page whose content arrives in a later issue: the real frame (breadcrumb, title) and a clear,
 * translated "being prepared" panel with ways on: home, or a talk with the team.
 */
export function PreparingPage() {
  return (
    <PageFrame>
      <PreparingPanel />
    </PageFrame>
  );
}

export function PreparingPanel() {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  return (
    <section className={styles.panel} aria-labelledby="preparing-title" data-testid="preparing-panel">
      <svg className={styles.icon} viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="var(--color-brand-soft)" />
        <path
          d="M16 31h16M18 31v-6l6-8 6 8v6M24 17v-3"
          fill="none"
          stroke="var(--color-brand)"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div className={styles.text}>
        <h2 id="preparing-title" className={styles.title}>
          {t('page.preparingTitle')}
        </h2>
        <p className={styles.description}>{t('page.preparingText')}</p>
        <div className={styles.actions}>
          <Link to={homePath(lang)} className={buttonClass({ variant: 'primary' })}>
            {t('page.preparingHome')}
          </Link>
          <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={() => openEnquiryDialog('contact')}>
            {t('page.preparingContact')}
          </button>
        </div>
      </div>
    </section>
  );
}
