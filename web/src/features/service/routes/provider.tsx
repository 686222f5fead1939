import { PreparingPage } from '@/components/ui/preparing-page';

/** /provider: channel partner lookup by full company name. For now the page frame with a "being prepared" panel. */
export function ProviderRoute() {
  return <PreparingPage />;
}
