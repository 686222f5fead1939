import { PreparingPage } from '@/components/ui/preparing-page';

/** /flsm and /imprint?key=…: legal notice, terms and privacy policy (one page for both paths). For now the page frame with a "being prepared" panel. */
export function LegalRoute() {
  return <PreparingPage />;
}
