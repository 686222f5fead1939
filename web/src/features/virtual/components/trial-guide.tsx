import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { localizePath } from '@/lib/routing';
import { usePageLanguage } from '@/lib/use-page-language';
import styles from './virtual.module.css';

/**
 * The download page's "Software" category (JAKA App, SDK, controller firmware) in the CMS's
 * download tree. The legacy page linked to it the same way; the download page opens the
 * category given as `?category=`, and falls back to its first category if the CMS renumbers it.
 */
export const SOFTWARE_CATEGORY_ID = 11;

/** The software download page in the page language. */
export function softwareDownloadPath(lang: Parameters<typeof localizePath>[1]): string {
  return localizePath(`/download?category=${SOFTWARE_CATEGORY_ID}`, lang);
}

const STEPS = ['guide.step1', 'guide.step2', 'guide.step3', 'guide.step4'] as const;

/** How to reach the virtual robot (login steps with trial code and password) and where to get the software. */
export function TrialGuide() {
  const { t } = useTranslation('virtual');
  const lang = usePageLanguage();
  return (
    <aside className={styles.guide} aria-label={t('guide.label')}>
      <section className={styles.guideCard} aria-labelledby="virtual-guide-title">
        <h2 id="virtual-guide-title" className={styles.guideTitle}>
          {t('guide.title')}
        </h2>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <span>{t(step)}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className={styles.guideCard} aria-labelledby="virtual-download-title">
        <h2 id="virtual-download-title" className={styles.guideTitle}>
          {t('guide.downloadTitle')}
        </h2>
        <p className={styles.guideText}>{t('guide.downloadText')}</p>
        <Link to={softwareDownloadPath(lang)} className={styles.downloadLink}>
          {t('guide.downloadLink')}
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path fill="currentColor" d="M12 4 10.6 5.4 16.2 11H4v2h12.2l-5.6 5.6L12 20l8-8-8-8Z" />
          </svg>
        </Link>
      </section>
    </aside>
  );
}
