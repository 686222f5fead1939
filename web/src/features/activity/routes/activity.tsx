import { PreparingPage } from '@/components/ui/preparing-page';

/** /activity: developer challenge. For now the page frame with a "being prepared" panel. */
export function ActivityRoute() {
  return <PreparingPage />;
}
