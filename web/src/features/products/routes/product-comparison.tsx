import { PreparingPage } from '@/components/ui/preparing-page';

/** /productComparison: two or more products side by side. For now the page frame with a "being prepared" panel. */
export function ProductComparisonRoute() {
  return <PreparingPage />;
}
