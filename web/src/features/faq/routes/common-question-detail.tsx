import { PreparingPage } from '@/components/ui/preparing-page';

/** /preview/commonQuestionDetail: one FAQ answer, preview only (no loading overlay). For now the page frame with a "being prepared" panel. */
export function CommonQuestionDetailRoute() {
  return <PreparingPage />;
}
