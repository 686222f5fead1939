import { PreparingPage } from '@/components/ui/preparing-page';

/** /application/{id}: one application. For now the page frame with a "being prepared" panel. */
export function ApplicationRoute() {
  return <PreparingPage />;
}
