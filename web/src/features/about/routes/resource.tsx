import { useTranslation } from 'react-i18next';
import { useArticle } from '@/api/article';
import { ArticleIntro, ArticleSections, ArticleView } from '@/components/ui/article';
import { PageFrame } from '@/components/ui/page-frame';
import { articleHead } from '@/lib/content-head';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { ARTICLES } from '../api/articles';
import { RelatedLinks } from '../components/related-links';

/** /resource: the resource centre (white papers, application guides). */
export function ResourceRoute() {
  const { t } = useTranslation('about');
  const context = usePageContext();
  const article = useArticle(ARTICLES.resource, context);
  usePageTitle(articleHead(article.data));

  return (
    <PageFrame lead={article.data?.subhead}>
      <ArticleView query={article}>
        {(data) => (
          <>
            <ArticleIntro article={data} />
            <ArticleSections sections={data.sections} />
          </>
        )}
      </ArticleView>
      <RelatedLinks
        links={[
          { href: '/download', label: t('links.download'), text: t('links.downloadText') },
          { href: '/case', label: t('links.case'), text: t('links.caseText') },
          { href: '/news', label: t('links.news'), text: t('links.newsText') },
        ]}
      />
    </PageFrame>
  );
}
