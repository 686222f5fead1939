import { PreparingPage } from '@/components/ui/preparing-page';

/** /productDetails/{id}: specifications, downloads, applications. For now the page frame with a "being prepared" panel. */
export function ProductDetailsRoute() {
  return <PreparingPage />;
}
