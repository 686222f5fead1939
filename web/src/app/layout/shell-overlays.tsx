import { Suspense, lazy, useEffect, useState } from 'react';
import { useIdle } from '@/lib/use-idle';
import { attentionStore } from '@/lib/attention';
import { enquiryDialogStore } from '@/lib/enquiry-dialog';
import { headerOverlayStore } from '@/lib/overlays';
import { useStore } from '@/lib/store';
import { toasterWanted } from '@/lib/toast';

const Overlays = lazy(() => import('./overlays').then((m) => ({ default: m.Overlays })));

/**
 * Mounts the overlays (dialogs, menus, toasts) once any of them is wanted, or when the browser
 * is idle: their code is not part of the first page load.
 */
export function ShellOverlays() {
  const idle = useIdle();
  const enquiryOpen = useStore(enquiryDialogStore).open;
  const attention = useStore(attentionStore) !== null;
  const toast = useStore(toasterWanted);
  const headerOverlay = useStore(headerOverlayStore) !== null;
  const [mounted, setMounted] = useState(false);
  const wanted = idle || enquiryOpen || attention || toast || headerOverlay;

  useEffect(() => {
    if (wanted) setMounted(true);
  }, [wanted]);

  if (!mounted && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  );
}
