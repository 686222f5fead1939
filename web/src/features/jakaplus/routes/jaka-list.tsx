import { PreparingPage } from '@/components/ui/preparing-page';

/** /jakaList/{id}: products of a partner. For now the page frame with a "being prepared" panel. */
export function JakaListRoute() {
  return <PreparingPage />;
}
