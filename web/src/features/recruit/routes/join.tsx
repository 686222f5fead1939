import { PreparingPage } from '@/components/ui/preparing-page';

/** /join: careers, social and campus recruitment. For now the page frame with a "being prepared" panel. */
export function JoinRoute() {
  return <PreparingPage />;
}
