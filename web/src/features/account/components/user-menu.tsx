import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { localizePath } from '@/lib/routing';
import type { DeferredMenuProps } from '@/lib/use-deferred-menu';
import { usePageLanguage } from '@/lib/use-page-language';
import { confirmLogout } from '../utils/logout';
import { UserTriggerContent } from './account-menu';
import base from './account-menu.module.css';
import styles from './user-menu.module.css';

export interface UserMenuProps extends DeferredMenuProps {
  name: string;
}

/**
 * The logged-in visitor's menu (Radix DropdownMenu): who is logged in, delete account, and
 * log out (which asks first). Loaded after the first paint; see AccountMenu.
 */
export function UserMenu({ name, defaultOpen, takeFocus }: UserMenuProps) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const triggerRef = useRef<HTMLButtonElement>(null);

  // Keyboard focus on the placeholder moves to the real trigger (an open menu takes focus itself).
  useEffect(() => {
    if (!defaultOpen && takeFocus()) triggerRef.current?.focus();
  }, [defaultOpen, takeFocus]);

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={triggerRef} className={base.trigger} aria-label={t('header.userMenu', { name })}>
        <UserTriggerContent name={name} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={8} collisionPadding={12}>
          <DropdownMenu.Label className={styles.label}>
            <span className={styles.labelHint}>{t('header.signedInAs')}</span>
            <span className={styles.labelName}>{name}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item asChild>
            <Link to={localizePath('/deregister', lang)} className={styles.item}>
              {t('header.deregister')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} onSelect={() => void confirmLogout(t, triggerRef.current)}>
            {t('header.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
