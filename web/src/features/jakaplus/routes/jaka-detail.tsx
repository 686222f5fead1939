import { PreparingPage } from '@/components/ui/preparing-page';

/** /jakaDetail/{id}: one partner product. For now the page frame with a "being prepared" panel. */
export function JakaDetailRoute() {
  return <PreparingPage />;
}
