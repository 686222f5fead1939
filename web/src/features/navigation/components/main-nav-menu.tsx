import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import { type MouseEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SmartLink } from '@/components/ui/smart-link';
import { isExternalUrl } from '@/lib/routing';
import type { MenuItem } from '../utils/menu';
import { Badges, Chevron, ExternalIcon } from './badges';
import bar from './main-nav.module.css';
import styles from './main-nav-menu.module.css';

export interface MainNavMenuProps {
  items: MenuItem[];
  /** The item whose panel opens at once: the one the visitor reached for before this loaded. */
  initialValue: string;
  /** The item whose placeholder trigger had keyboard focus: its real trigger takes it over. */
  focusValue: string | null;
}

/**
 * The desktop navigation's mega-menus (Radix NavigationMenu: opens on hover and on Enter/Space,
 * Tab walks into the panel, Escape closes and returns focus). Each top-level item lays out its
 * panel by its `templateStyle`. Loaded after the first paint, in place of MainNav's look-alike.
 */
export function MainNavMenu({ items, initialValue, focusValue }: MainNavMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [value, setValue] = useState(initialValue);
  const pointerType = useRef('');
  const rootRef = useRef<HTMLElement>(null);
  const shownAt = useRef(pathname);

  // A followed link (or a language switch) closes the open panel.
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    setValue('');
  }, [pathname]);

  // Keyboard focus on a placeholder moves to its real trigger, once, when this replaces it.
  const focusOnArrival = useRef(focusValue);
  useEffect(() => {
    const target = focusOnArrival.current;
    if (target) rootRef.current?.querySelector<HTMLElement>(`[data-nav-value="${target}"]`)?.focus();
  }, []);

  // With a mouse the panel is already open from hovering: a click keeps it open rather than
  // toggling it shut under the pointer. Keyboard (detail 0) and touch still toggle.
  const keepOpenOnClick = (itemValue: string) => (event: MouseEvent<HTMLButtonElement>) => {
    if (pointerType.current === 'mouse' && event.detail > 0 && value === itemValue) event.preventDefault();
  };
  const rememberPointer = (event: PointerEvent<HTMLButtonElement>) => {
    pointerType.current = event.pointerType;
  };

  return (
    <NavigationMenu.Root
      ref={rootRef}
      className={bar.root}
      aria-label={t('nav.mainNavigation')}
      value={value}
      onValueChange={setValue}
      delayDuration={120}
    >
      <NavigationMenu.List className={bar.list}>
        {items.map((item) => {
          const itemValue = String(item.id);
          if (item.children.length === 0) {
            return (
              <NavigationMenu.Item key={item.id} className={bar.item}>
                {item.href ? (
                  <NavigationMenu.Link asChild>
                    <SmartLink href={item.href} className={bar.trigger}>
                      {item.name}
                      <Badges item={item} />
                    </SmartLink>
                  </NavigationMenu.Link>
                ) : (
                  <span className={bar.trigger}>{item.name}</span>
                )}
              </NavigationMenu.Item>
            );
          }
          return (
            <NavigationMenu.Item key={item.id} value={itemValue} className={bar.item}>
              <NavigationMenu.Trigger
                className={bar.trigger}
                data-nav-value={itemValue}
                onPointerDown={rememberPointer}
                onClick={keepOpenOnClick(itemValue)}
              >
                {item.name}
                <Badges item={item} />
                <Chevron className={bar.chevron} />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className={styles.content}>
                <MegaPanel item={item} />
              </NavigationMenu.Content>
            </NavigationMenu.Item>
          );
        })}
      </NavigationMenu.List>
      <div className={styles.viewportPosition}>
        <NavigationMenu.Viewport className={styles.viewport} />
      </div>
    </NavigationMenu.Root>
  );
}

/** A link inside a panel: closes the menu when followed; external links open in a new tab. */
function PanelLink({ item, className, children }: { item: MenuItem; className?: string | undefined; children?: ReactNode }) {
  const label = children ?? (
    <>
      <span>{item.name}</span>
      <Badges item={item} />
      {item.external ? <ExternalIcon /> : null}
    </>
  );
  if (!item.href) return <span className={className}>{label}</span>;
  return (
    <NavigationMenu.Link asChild>
      <SmartLink href={item.href} className={className}>
        {label}
      </SmartLink>
    </NavigationMenu.Link>
  );
}

function Overview({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  if (!item.href || isExternalUrl(item.href)) return null;
  return (
    <PanelLink item={item} className={styles.overview}>
      {t('nav.overview', { name: item.name })}
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <path d="M3 8h10M9 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
    </PanelLink>
  );
}

/** The panel layout of a top-level item, by its templateStyle. */
function MegaPanel({ item }: { item: MenuItem }) {
  switch (item.templateStyle) {
    case 'products':
      return <ProductsPanel item={item} />;
    case 'solutions':
      return <SolutionsPanel item={item} />;
    default:
      return <LinksPanel item={item} />;
  }
}

/** Products: the product lines with their picture and products; single links (e.g. compare) below. */
function ProductsPanel({ item }: { item: MenuItem }) {
  const lines = item.children.filter((child) => child.children.length > 0);
  const extras = item.children.filter((child) => child.children.length === 0);
  return (
    <div className={`container ${styles.panel}`} data-template="products">
      <div className={styles.lines}>
        {lines.map((line) => (
          <section key={line.id} className={styles.line} aria-label={line.name}>
            <div className={styles.lineMedia}>
              {line.image ? <img src={line.image} alt="" loading="lazy" decoding="async" /> : null}
            </div>
            <PanelLink item={line} className={styles.lineTitle} />
            <ul className={styles.lineProducts}>
              {line.children.map((product) => (
                <li key={product.id}>
                  <PanelLink item={product} className={styles.leafLink} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className={styles.panelFoot}>
        <ul className={styles.extraLinks}>
          {extras.map((extra) => (
            <li key={extra.id}>
              <PanelLink item={extra} className={styles.extraLink} />
            </li>
          ))}
        </ul>
        <Overview item={item} />
      </div>
    </div>
  );
}

/** Solutions: one column per grouping (by industry, by application); single links beside them. */
function SolutionsPanel({ item }: { item: MenuItem }) {
  const groups = item.children.filter((child) => child.children.length > 0);
  const extras = item.children.filter((child) => child.children.length === 0);
  return (
    <div className={`container ${styles.panel} ${styles.solutions}`} data-template="solutions">
      {groups.map((group) => (
        <section key={group.id} className={styles.column} aria-label={group.name}>
          <p className={styles.columnTitle}>
            <PanelLink item={group} className={styles.columnTitleLink} />
          </p>
          <ul className={styles.columnList}>
            {group.children.map((leaf) => (
              <li key={leaf.id}>
                <PanelLink item={leaf} className={styles.leafLink} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className={styles.aside}>
        <ul className={styles.featureLinks}>
          {extras.map((extra) => (
            <li key={extra.id}>
              <PanelLink item={extra} className={styles.featureLink} />
            </li>
          ))}
        </ul>
        <Overview item={item} />
      </div>
    </div>
  );
}

/** Service & support, about, insights: the section's name and overview, then its links as tiles. */
function LinksPanel({ item }: { item: MenuItem }) {
  return (
    <div className={`container ${styles.panel} ${styles.links}`} data-template={item.templateStyle ?? 'links'}>
      <div className={styles.intro}>
        <p className={styles.introTitle}>{item.name}</p>
        <Overview item={item} />
      </div>
      <ul className={styles.tiles}>
        {item.children.map((child) => (
          <li key={child.id}>
            <PanelLink item={child} className={styles.tile} />
            {child.children.length > 0 ? (
              <ul className={styles.tileChildren}>
                {child.children.map((leaf) => (
                  <li key={leaf.id}>
                    <PanelLink item={leaf} className={styles.leafLink} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
