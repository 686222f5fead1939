import { PreparingPage } from '@/components/ui/preparing-page';

/** /commonQuestion: FAQ types and questions (no loading overlay). For now the page frame with a "being prepared" panel. */
export function CommonQuestionRoute() {
  return <PreparingPage />;
}
