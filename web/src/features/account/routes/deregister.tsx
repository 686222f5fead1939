import { PreparingPage } from '@/components/ui/preparing-page';

/** /deregister: account deletion by verification code. For now the page frame with a "being prepared" panel. */
export function DeregisterRoute() {
  return <PreparingPage />;
}
