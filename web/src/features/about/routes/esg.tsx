import { PreparingPage } from '@/components/ui/preparing-page';

/** /ESG: sustainability. For now the page frame with a "being prepared" panel. */
export function EsgRoute() {
  return <PreparingPage />;
}
