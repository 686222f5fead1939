import { PreparingPage } from '@/components/ui/preparing-page';

/** /case: customer cases. For now the page frame with a "being prepared" panel. */
export function CaseListRoute() {
  return <PreparingPage />;
}
