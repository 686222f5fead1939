import { PreparingPage } from '@/components/ui/preparing-page';

/** /productList/{id}: the products of one line. For now the page frame with a "being prepared" panel. */
export function ProductLineRoute() {
  return <PreparingPage />;
}
