import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/ui/page-frame';
import styles from './auth-layout.module.css';

/**
 * The frame of the account pages: breadcrumb and title (PageFrame), then the form on a card and,
 * on wide screens, what an account is good for beside it.
 */
export function AuthLayout({
  title,
  lead,
  children,
  aside = true,
}: {
  title?: string;
  lead?: ReactNode;
  children: ReactNode;
  aside?: boolean;
}) {
  const { t } = useTranslation('account');
  const items = t('aside.items', { returnObjects: true });
  return (
    <PageFrame title={title} lead={lead}>
      <div className={styles.layout} data-aside={aside}>
        <section className={styles.card}>{children}</section>
        {aside ? (
          <aside className={styles.aside} aria-labelledby="account-aside-title">
            <h2 id="account-aside-title" className={styles.asideTitle}>
              {t('aside.title')}
            </h2>
            <ul className={styles.benefits}>
              {(Array.isArray(items) ? items : []).map((item) => (
                <li key={String(item)}>{String(item)}</li>
              ))}
            </ul>
          </aside>
        ) : null}
      </div>
    </PageFrame>
  );
}
