import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../utils/menu';
import styles from './badges.module.css';

/** The product-type badge (C or M) and the "new" badge of a menu item. */
export function Badges({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  return (
    <>
      {item.badge ? (
        <span className={styles.badge} data-badge={item.badge}>
          <span aria-hidden="true">{item.badge}</span>
          <span className="visually-hidden">{t('nav.typeBadge', { type: item.badge })}</span>
        </span>
      ) : null}
      {item.highlighted ? <span className={styles.badgeNew}>{t('nav.newBadge')}</span> : null}
    </>
  );
}

/** The small arrow after a link that leaves the site. */
export function ExternalIcon() {
  return (
    <svg className={styles.external} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
      <path d="M4.5 2.5h5v5M9.5 2.5 3 9" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}

/** The arrow of a top-level navigation item that opens a panel. */
export function Chevron({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
