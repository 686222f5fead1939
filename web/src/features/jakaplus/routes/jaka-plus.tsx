import { PreparingPage } from '@/components/ui/preparing-page';

/** /jaka+: ecosystem partners. For now the page frame with a "being prepared" panel. */
export function JakaPlusRoute() {
  return <PreparingPage />;
}
