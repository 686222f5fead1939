import { PreparingPage } from '@/components/ui/preparing-page';

/** /virtual: virtual robot trial (its `token` query is stored as the login by the route table). For now the page frame with a "being prepared" panel. */
export function VirtualRoute() {
  return <PreparingPage />;
}
