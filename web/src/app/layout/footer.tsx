import { useTranslation } from 'react-i18next';
import styles from './footer.module.css';
import { Wordmark } from './wordmark';

/** Copyright year of the legacy site (spec section 9). */
export const FOOTER_YEAR = 2023;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.brand}>
          <Wordmark inverse />
          <p className={styles.tagline}>{t('site.tagline')}</p>
        </div>
        <div className={styles.meta}>
          <p>{t('footer.copyright', { year: FOOTER_YEAR })}</p>
          <button type="button" className={styles.top} onClick={() => window.scrollTo({ top: 0 })}>
            {t('footer.backToTop')}
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path d="M3 10l5-5 5 5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            </svg>
          </button>
        </div>
      </div>
    </footer>
  );
}
