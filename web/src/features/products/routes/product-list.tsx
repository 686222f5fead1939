import { PreparingPage } from '@/components/ui/preparing-page';

/** /productList: all product lines. For now the page frame with a "being prepared" panel. */
export function ProductListRoute() {
  return <PreparingPage />;
}
