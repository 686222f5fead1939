import { PreparingPage } from '@/components/ui/preparing-page';

/** /register: registration by password or code, complete information, success. For now the page frame with a "being prepared" panel. */
export function RegisterRoute() {
  return <PreparingPage />;
}
