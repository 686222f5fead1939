import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { SmartLink } from '@/components/ui/smart-link';
import { isExternalUrl } from '@/lib/routing';
import { usePageContext } from '@/lib/use-page-language';
import { useNavTree } from '../api/get-nav-tree';
import type { MenuItem } from '../utils/menu';
import { Badges, ExternalIcon } from './badges';
import styles from './mobile-nav.module.css';

/**
 * The navigation tree of the mobile menu: each level with children is a disclosure button
 * (aria-expanded) that opens the next level in place, like an accordion.
 */
export function MobileNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const menu = useNavTree(usePageContext());
  return (
    <nav aria-label={t('nav.mainNavigation')} className={styles.nav}>
      {menu.isPending ? (
        <div role="status" className={styles.loading}>
          <span className="visually-hidden">{t('status.loading')}</span>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className={styles.loadingBar} />
          ))}
        </div>
      ) : menu.isError ? (
        <ErrorState compact error={menu.error} onRetry={() => void menu.refetch()} />
      ) : (
        <ul className={styles.tree} data-level={1}>
          {menu.data.map((item) => (
            <Node key={item.id} item={item} level={1} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
    </nav>
  );
}

function Node({ item, level, onNavigate }: { item: MenuItem; level: number; onNavigate: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();

  if (item.children.length === 0) {
    return (
      <li>
        {item.href ? (
          <SmartLink href={item.href} className={styles.link} data-level={level} onClick={onNavigate}>
            <span>{item.name}</span>
            <Badges item={item} />
            {item.external ? <ExternalIcon /> : null}
          </SmartLink>
        ) : (
          <span className={styles.link} data-level={level}>
            {item.name}
          </span>
        )}
      </li>
    );
  }

  return (
    <li>
      <button
        type="button"
        className={styles.toggle}
        data-level={level}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span>
          {item.name}
          <Badges item={item} />
        </span>
        <svg className={styles.chevron} viewBox="0 0 12 12" width="14" height="14" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <ul id={listId} className={styles.tree} data-level={level + 1} hidden={!open}>
        {item.href && !isExternalUrl(item.href) ? (
          <li>
            <SmartLink href={item.href} className={`${styles.link} ${styles.overview}`} data-level={level + 1} onClick={onNavigate}>
              {t('nav.overview', { name: item.name })}
            </SmartLink>
          </li>
        ) : null}
        {item.children.map((child) => (
          <Node key={child.id} item={child} level={level + 1} onNavigate={onNavigate} />
        ))}
      </ul>
    </li>
  );
}
