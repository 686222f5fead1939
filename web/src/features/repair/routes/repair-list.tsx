import { PreparingPage } from '@/components/ui/preparing-page';

/** /repairList: the visitor's work orders (all, pending, completed). For now the page frame with a "being prepared" panel. */
export function RepairListRoute() {
  return <PreparingPage />;
}
