import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { SmartLink } from '@/components/ui/smart-link';
import type { SiteLanguage } from '@/lib/language';
import { useNavTree } from '../api/get-nav-tree';
import type { MenuItem } from '../utils/menu';
import styles from './main-nav.module.css';

export interface MainNavProps {
  lang: SiteLanguage;
  /** Id the header's mobile menu button points at (aria-controls). */
  id: string;
  /** Mobile only: whether the collapsed menu is shown. */
  mobileOpen: boolean;
  /** Called after the visitor follows a link (closes the mobile menu). */
  onNavigate: () => void;
}

/** The site's main navigation: the CMS tree as a bar with hover/focus mega-menus. */
export function MainNav({ lang, id, mobileOpen, onNavigate }: MainNavProps) {
  const { t } = useTranslation();
  const menu = useNavTree(lang);

  return (
    <nav id={id} aria-label={t('nav.mainNavigation')} className={styles.nav} data-mobile-open={mobileOpen}>
      {menu.isPending ? (
        <div className={styles.loading} role="status">
          <span className="visually-hidden">{t('status.loading')}</span>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className={styles.loadingBar} />
          ))}
        </div>
      ) : menu.isError ? (
        <div className={styles.error}>
          <ErrorState compact error={menu.error} onRetry={() => void menu.refetch()} />
        </div>
      ) : (
        <ul className={styles.bar}>
          {menu.data.map((item) => (
            <TopItem key={item.id} item={item} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
    </nav>
  );
}

function Badges({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  return (
    <>
      {item.badge ? (
        <span className={styles.badge} data-badge={item.badge}>
          {item.badge}
        </span>
      ) : null}
      {item.highlighted ? <span className={styles.badgeNew}>{t('nav.newBadge')}</span> : null}
    </>
  );
}

function ItemLink({ item, className, onNavigate }: { item: MenuItem; className?: string | undefined; onNavigate: () => void }) {
  const label = (
    <>
      <span>{item.name}</span>
      <Badges item={item} />
    </>
  );
  if (!item.href) return <span className={className}>{label}</span>;
  return (
    <SmartLink href={item.href} className={className} onClick={onNavigate}>
      {label}
    </SmartLink>
  );
}

const CLOSE_DELAY_MS = 120;

function TopItem({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hasPanel = item.children.length > 0;

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const show = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      rootRef.current?.querySelector<HTMLElement>('[data-trigger]')?.focus();
    }
  };
  const followed = () => {
    setOpen(false);
    onNavigate();
  };

  const triggerProps: { 'aria-expanded'?: boolean; 'aria-controls'?: string } = hasPanel
    ? { 'aria-expanded': open, 'aria-controls': panelId }
    : {};
  const columns = item.children;
  const isMega = columns.some((child) => child.children.length > 0);

  return (
    <li
      ref={rootRef}
      className={styles.item}
      data-open={open}
      onMouseEnter={hasPanel ? show : undefined}
      onMouseLeave={hasPanel ? hideSoon : undefined}
      onFocus={hasPanel ? show : undefined}
      onBlur={hasPanel ? onBlur : undefined}
      onKeyDown={hasPanel ? onKeyDown : undefined}
    >
      {item.href ? (
        <SmartLinkTrigger item={item} onNavigate={followed} triggerProps={triggerProps} />
      ) : (
        <button
          type="button"
          data-trigger
          className={styles.trigger}
          onClick={() => setOpen((v) => !v)}
          {...triggerProps}
        >
          <span>{item.name}</span>
          <Badges item={item} />
          {hasPanel ? <Chevron /> : null}
        </button>
      )}
      {hasPanel ? (
        <div id={panelId} className={styles.panel} data-open={open}>
          <div className={`container ${isMega ? styles.mega : styles.simple}`}>
            {isMega ? (
              columns.map((column) => (
                <section key={column.id} className={styles.column}>
                  <h2 className={styles.columnTitle}>
                    <ItemLink item={column} className={styles.columnLink} onNavigate={followed} />
                  </h2>
                  {column.children.length > 0 ? (
                    <ul className={styles.columnList}>
                      {column.children.map((leaf) => (
                        <li key={leaf.id}>
                          <ItemLink item={leaf} className={styles.leafLink} onNavigate={followed} />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </section>
              ))
            ) : (
              <ul className={styles.simpleList}>
                {columns.map((child) => (
                  <li key={child.id}>
                    <ItemLink item={child} className={styles.columnLink} onNavigate={followed} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
    </li>
  );
}

function SmartLinkTrigger({
  item,
  onNavigate,
  triggerProps,
}: {
  item: MenuItem;
  onNavigate: () => void;
  triggerProps: { 'aria-expanded'?: boolean; 'aria-controls'?: string };
}) {
  // The top-level link itself; with a panel it also carries aria-expanded/aria-controls.
  return (
    <SmartLink href={item.href ?? '/'} className={styles.trigger} onClick={onNavigate} data-trigger {...triggerProps}>
      <span>{item.name}</span>
      <Badges item={item} />
      {item.children.length > 0 ? <Chevron /> : null}
    </SmartLink>
  );
}

function Chevron() {
  return (
    <svg className={styles.chevron} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
