import { PreparingPage } from '@/components/ui/preparing-page';

/** /download: document tree and search. For now the page frame with a "being prepared" panel. */
export function DownloadRoute() {
  return <PreparingPage />;
}
