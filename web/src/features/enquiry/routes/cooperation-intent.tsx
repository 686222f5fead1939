import { PreparingPage } from '@/components/ui/preparing-page';

/** /cooperationIntent: cooperation intent form. For now the page frame with a "being prepared" panel. */
export function CooperationIntentRoute() {
  return <PreparingPage />;
}
