import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner, toast as sonner } from 'sonner';
import { connectToaster } from '@/lib/toast';

/**
 * Toasts at the top centre, offset 200 px from the top as the legacy site had them (spec
 * section 9), but never more than a quarter of the viewport down, so they stay in view on phones
 * and short windows. Mounted on first use; `toast.*` from lib/toast feeds it.
 */
export function Toaster() {
  const { t } = useTranslation();
  useEffect(
    () =>
      connectToaster(({ kind, message, description }) => {
        sonner[kind](message, description ? { description } : undefined);
      }),
    [],
  );
  return (
    <Sonner
      position="top-center"
      offset={{ top: 'min(200px, 25vh)' }}
      mobileOffset={{ top: 'min(200px, 25vh)' }}
      richColors
      closeButton
      duration={3000}
      containerAriaLabel={t('toasts.region')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}
