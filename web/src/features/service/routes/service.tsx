import { useTranslation } from 'react-i18next';
import { useArticle } from '@/api/article';
import { ArticleIntro, ArticleSections, ArticleView, ContentSection } from '@/components/ui/article';
import { PageFrame } from '@/components/ui/page-frame';
import { articleHead } from '@/lib/content-head';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { ServiceLinks } from '../components/service-links';

/** The service overview article. */
export const SERVICE_ARTICLE = 307;

/** /service: the service overview and the ways into repair, downloads, FAQ, academy, partners, virtual robot. */
export function ServiceRoute() {
  const { t } = useTranslation('service');
  const context = usePageContext();
  const article = useArticle(SERVICE_ARTICLE, context);
  usePageTitle(articleHead(article.data));

  return (
    <PageFrame lead={article.data?.subhead}>
      <ArticleView query={article}>{(data) => <ArticleIntro article={data} />}</ArticleView>
      <ContentSection id="service-links" title={t('service.linksTitle')}>
        <ServiceLinks />
      </ContentSection>
      {article.data && article.data.sections.length > 0 ? (
        <ContentSection id="service-promise" title={t('service.promiseTitle')}>
          <ArticleSections sections={article.data.sections} />
        </ContentSection>
      ) : null}
    </PageFrame>
  );
}
