import { PreparingPage } from '@/components/ui/preparing-page';

/** /resource: resources. For now the page frame with a "being prepared" panel. */
export function ResourceRoute() {
  return <PreparingPage />;
}
