import { PreparingPage } from '@/components/ui/preparing-page';

/** /repairDetail/{id}: one work order and its steps. For now the page frame with a "being prepared" panel. */
export function RepairDetailRoute() {
  return <PreparingPage />;
}
