import { PreparingPage } from '@/components/ui/preparing-page';

/** /news: news list, weekly and hot news. For now the page frame with a "being prepared" panel. */
export function NewsListRoute() {
  return <PreparingPage />;
}
