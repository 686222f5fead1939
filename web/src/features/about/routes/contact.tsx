import { PreparingPage } from '@/components/ui/preparing-page';

/** /contact: feedback, cooperation, apply for a prototype. For now the page frame with a "being prepared" panel. */
export function ContactRoute() {
  return <PreparingPage />;
}
