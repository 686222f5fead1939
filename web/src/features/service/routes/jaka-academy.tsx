import { useTranslation } from 'react-i18next';
import { columnAsArticle, useColumnPage } from '@/api/article';
import { ArticleIntro, ArticleSkeleton, ContentSection } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { columnHead } from '@/lib/content-head';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { ACADEMY_COLUMN } from '../api/academy';
import { CurriculumLevels, Instructors, OnlineClasses } from '../components/academy-sections';
import { CertificateLookup } from '../components/certificate-lookup';
import { InPageNav } from '../components/in-page-nav';

/** /jakaAcademy: certificate lookup and download, the three levels, online classes, instructors. */
export function JakaAcademyRoute() {
  const { t } = useTranslation('service');
  const context = usePageContext();
  const column = useColumnPage(ACADEMY_COLUMN, context);
  usePageTitle(columnHead(column.data));

  return (
    <PageFrame lead={column.data?.subhead}>
      {column.isPending ? (
        <ArticleSkeleton />
      ) : column.isError ? (
        <ErrorState error={column.error} onRetry={() => void column.refetch()} />
      ) : (
        <ArticleIntro article={columnAsArticle(column.data)} showTitle={false} />
      )}

      <InPageNav
        label={t('academy.onThisPage')}
        links={[
          { href: '#academy-certificate', label: t('certificate.title') },
          { href: '#academy-levels', label: t('academy.levelsTitle') },
          { href: '#academy-classes', label: t('academy.classesTitle') },
          { href: '#academy-instructors', label: t('academy.instructorsTitle') },
        ]}
      />

      <ContentSection id="academy-certificate" title={t('certificate.title')} intro={t('certificate.intro')}>
        <CertificateLookup />
      </ContentSection>

      <ContentSection id="academy-levels" title={t('academy.levelsTitle')} intro={t('academy.levelsIntro')}>
        <CurriculumLevels context={context} />
      </ContentSection>

      <ContentSection id="academy-classes" title={t('academy.classesTitle')} intro={t('academy.classesIntro')}>
        <OnlineClasses context={context} />
      </ContentSection>

      <ContentSection id="academy-instructors" title={t('academy.instructorsTitle')}>
        <Instructors context={context} />
      </ContentSection>
    </PageFrame>
  );
}
