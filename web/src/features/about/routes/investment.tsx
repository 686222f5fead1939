import { PreparingPage } from '@/components/ui/preparing-page';

/** /investment: investor relations. For now the page frame with a "being prepared" panel. */
export function InvestmentRoute() {
  return <PreparingPage />;
}
