import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { homePath } from '@/lib/routing';
import { usePageLanguage } from '@/lib/use-page-language';
import styles from './not-found.module.css';
import { NotFoundMark } from '@/lib/page-title';

/** `/NotFound`, `/{lang}/NotFound` and every unknown path (answered with a 404 status). */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  return (
    <section className={styles.page}>
      <NotFoundMark />
      <div className={`container ${styles.inner}`}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>{t('notFound.title')}</h1>
        <p className={styles.text}>{t('notFound.description')}</p>
        <Link to={homePath(lang)} className={styles.home}>
          {t('notFound.home')}
        </Link>
      </div>
    </section>
  );
}
