import { PreparingPage } from '@/components/ui/preparing-page';

/** /caseDetail/{id}: one customer case. For now the page frame with a "being prepared" panel. */
export function CaseDetailRoute() {
  return <PreparingPage />;
}
