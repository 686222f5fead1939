import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { SmartLink } from '@/components/ui/smart-link';
import { useDeferredComponent } from '@/lib/use-deferred-menu';
import { usePageContext } from '@/lib/use-page-language';
import { useNavTree } from '../api/get-nav-tree';
import { Badges, Chevron } from './badges';
import styles from './main-nav.module.css';

const loadMenu = () => import('./main-nav-menu').then((module) => module.MainNavMenu);

/**
 * The desktop navigation: the CMS tree as a bar of mega-menus. The first paint shows the bar
 * itself (top-level links and look-alike buttons); the mega-menus' code (MainNavMenu) follows
 * when the browser is idle, or at once when the visitor hovers, focuses or presses an item,
 * which then opens as soon as it has arrived.
 */
export function MainNav() {
  const { t } = useTranslation();
  const menu = useNavTree(usePageContext());
  const [wanted, setWanted] = useState(false);
  const [openValue, setOpenValue] = useState('');
  const [focusValue, setFocusValue] = useState<string | null>(null);
  const Menu = useDeferredComponent(loadMenu, wanted);

  if (menu.isPending || menu.isError) {
    return (
      <nav aria-label={t('nav.mainNavigation')} className={styles.root}>
        {menu.isPending ? (
          <div className={styles.loading} role="status">
            <span className="visually-hidden">{t('status.loading')}</span>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className={styles.loadingBar} />
            ))}
          </div>
        ) : (
          <div className={styles.error}>
            <ErrorState compact error={menu.error} onRetry={() => void menu.refetch()} />
          </div>
        )}
      </nav>
    );
  }

  if (Menu) return <Menu items={menu.data} initialValue={openValue} focusValue={focusValue} />;

  const reachFor = (itemValue: string) => {
    setWanted(true);
    setOpenValue(itemValue);
  };
  return (
    <nav aria-label={t('nav.mainNavigation')} className={styles.root}>
      <ul className={styles.list}>
        {menu.data.map((item) => {
          const itemValue = String(item.id);
          if (item.children.length === 0) {
            return (
              <li key={item.id} className={styles.item}>
                {item.href ? (
                  <SmartLink href={item.href} className={styles.trigger}>
                    {item.name}
                    <Badges item={item} />
                  </SmartLink>
                ) : (
                  <span className={styles.trigger}>{item.name}</span>
                )}
              </li>
            );
          }
          return (
            <li key={item.id} className={styles.item}>
              <button
                type="button"
                className={styles.trigger}
                aria-expanded={false}
                onPointerEnter={() => reachFor(itemValue)}
                onPointerLeave={() => setOpenValue((open) => (open === itemValue ? '' : open))}
                onPointerDown={() => reachFor(itemValue)}
                onClick={() => reachFor(itemValue)}
                onFocus={() => {
                  setWanted(true);
                  setFocusValue(itemValue);
                }}
                onBlur={() => setFocusValue(null)}
              >
                {item.name}
                <Badges item={item} />
                <Chevron className={styles.chevron} />
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
