import { PreparingPage } from '@/components/ui/preparing-page';

/** /showRoom: showroom visits. For now the page frame with a "being prepared" panel. */
export function ShowRoomRoute() {
  return <PreparingPage />;
}
