import { useTranslation } from 'react-i18next';
import { SmartLink } from '@/components/ui/smart-link';
import { buttonClass } from '@/components/ui/button';
import styles from './missing-panel.module.css';
import { NotFoundMark } from '@/lib/page-title';

/** A partner or product that does not exist (or is not published in this language). */
export function MissingPanel({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('jakaplus');
  return (
    <section className={styles.panel} aria-labelledby="missing-title">
      <NotFoundMark />
      <h2 id="missing-title" className={styles.title}>
        {title}
      </h2>
      <p className={styles.text}>{text}</p>
      <SmartLink href="/jaka+" className={buttonClass({ variant: 'secondary' })}>
        {t('missing.back')}
      </SmartLink>
    </section>
  );
}
