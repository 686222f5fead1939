import { PreparingPage } from '@/components/ui/preparing-page';

/** /search?searchInfo=…: results across content types, "explore details", clear. For now the page frame with a "being prepared" panel. */
export function SearchRoute() {
  return <PreparingPage />;
}
