/**
 * Everything that opens over the page, in one lazily loaded chunk: toasts, the attention dialog,
 * the enquiry dialog, the search overlay and the mobile menu. Each reads its store in lib/, so
 * it can be asked to open from anywhere, also before this chunk has arrived.
 */
import { useEffect } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { AttentionDialog } from '@/components/ui/attention-dialog';
import { Toaster } from '@/components/ui/toaster';
import { EnquiryDialog } from '@/features/enquiry/components/enquiry-dialog';
import { SearchOverlay } from '@/features/search/components/search-overlay';
import { closeEnquiryDialog } from '@/lib/enquiry-dialog';
import { closeHeaderOverlay, headerOverlayStore, openHeaderOverlay } from '@/lib/overlays';
import { useStore } from '@/lib/store';
import { MobileDrawer } from './mobile-drawer';

export function Overlays() {
  const overlay = useStore(headerOverlayStore);
  const { pathname } = useLocation();
  const next = useNavigation().location?.pathname;

  // Leaving for another page closes the header's overlays and the enquiry dialog (e.g. after the
  // back button). Keyed on the navigation's start, so an overlay opened on the new page stays.
  useEffect(() => {
    if (next === undefined || next === pathname) return;
    closeHeaderOverlay();
    closeEnquiryDialog();
  }, [next, pathname]);

  return (
    <>
      <Toaster />
      <AttentionDialog />
      <EnquiryDialog />
      <SearchOverlay
        open={overlay === 'search'}
        onOpenChange={(open) => (open ? openHeaderOverlay('search') : closeHeaderOverlay())}
      />
      <MobileDrawer open={overlay === 'menu'} onOpenChange={(open) => (open ? openHeaderOverlay('menu') : closeHeaderOverlay())} />
    </>
  );
}
