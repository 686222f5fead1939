import { PreparingPage } from '@/components/ui/preparing-page';

/** /jakaHotline: partner hotline. For now the page frame with a "being prepared" panel. */
export function JakaHotlineRoute() {
  return <PreparingPage />;
}
