import { PreparingPage } from '@/components/ui/preparing-page';

/** /solutionList: solutions by industry and by application. For now the page frame with a "being prepared" panel. */
export function SolutionListRoute() {
  return <PreparingPage />;
}
