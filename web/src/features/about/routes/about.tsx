import { PreparingPage } from '@/components/ui/preparing-page';

/** /about: the company. For now the page frame with a "being prepared" panel. */
export function AboutRoute() {
  return <PreparingPage />;
}
