import { PreparingPage } from '@/components/ui/preparing-page';

/** /jakaAcademy: certificates, online classes, course types, courseware. For now the page frame with a "being prepared" panel. */
export function JakaAcademyRoute() {
  return <PreparingPage />;
}
