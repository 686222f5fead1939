import { PreparingPage } from '@/components/ui/preparing-page';

/** /industry/{id}: one industry. For now the page frame with a "being prepared" panel. */
export function IndustryRoute() {
  return <PreparingPage />;
}
