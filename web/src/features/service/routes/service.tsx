import { PreparingPage } from '@/components/ui/preparing-page';

/** /service: service and support overview. For now the page frame with a "being prepared" panel. */
export function ServiceRoute() {
  return <PreparingPage />;
}
