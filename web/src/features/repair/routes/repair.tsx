import { PreparingPage } from '@/components/ui/preparing-page';

/** /repair: repair report form. For now the page frame with a "being prepared" panel. */
export function RepairRoute() {
  return <PreparingPage />;
}
