import { PreparingPage } from '@/components/ui/preparing-page';

/** /thx: thanks after an enquiry. For now the page frame with a "being prepared" panel. */
export function ThxRoute() {
  return <PreparingPage />;
}
