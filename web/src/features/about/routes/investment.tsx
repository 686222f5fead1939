import { useTranslation } from 'react-i18next';
import { useArticle, useChildArticles } from '@/api/article';
import { ArticleIntro, ArticleSections, ArticleView, CardsSkeleton, ContentSection } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { showsDrafts } from '@/lib/preview-token';
import { articleHead } from '@/lib/content-head';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { ARTICLES, announcementIds } from '../api/articles';
import { AnnouncementList } from '../components/announcement-list';

/** /investment: investor relations and the company's announcements. */
export function InvestmentRoute() {
  const { t } = useTranslation('about');
  const context = usePageContext();
  const article = useArticle(ARTICLES.investment, context);
  usePageTitle(articleHead(article.data));
  const announcements = useChildArticles(ARTICLES.investment, announcementIds(context.lang, showsDrafts(context.preview)), context);

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

      <ContentSection id="investment-announcements" title={t('investment.announcementsTitle')}>
        {announcements.error ? (
          <ErrorState error={announcements.error} onRetry={announcements.refetch} />
        ) : announcements.isPending ? (
          <CardsSkeleton count={2} />
        ) : announcements.articles.length === 0 ? (
          <p>{t('investment.announcementsEmpty')}</p>
        ) : (
          <AnnouncementList items={announcements.articles} lang={context.lang} />
        )}
      </ContentSection>
    </PageFrame>
  );
}
