import { PreparingPage } from '@/components/ui/preparing-page';

/** /position: open positions with keyword search. For now the page frame with a "being prepared" panel. */
export function PositionRoute() {
  return <PreparingPage />;
}
