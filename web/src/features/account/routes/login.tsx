import { PreparingPage } from '@/components/ui/preparing-page';

/** /login: password or verification-code login. For now the page frame with a "being prepared" panel. */
export function LoginRoute() {
  return <PreparingPage />;
}
