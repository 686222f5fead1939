import { PreparingPage } from '@/components/ui/preparing-page';

/** /newsDetail/{id}: one article with previous/next and share. For now the page frame with a "being prepared" panel. */
export function NewsDetailRoute() {
  return <PreparingPage />;
}
