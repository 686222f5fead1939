import { PreparingPage } from '@/components/ui/preparing-page';

/** /productLevel/{id}: applications of a product. For now the page frame with a "being prepared" panel. */
export function ProductLevelRoute() {
  return <PreparingPage />;
}
