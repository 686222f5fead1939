import { useTranslation } from 'react-i18next';
import { useArticle, useChildArticles } from '@/api/article';
import { ArticleIntro, ArticleSections, ArticleSkeleton, ArticleView, ContentSection } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { showsDrafts } from '@/lib/preview-token';
import { articleHead } from '@/lib/content-head';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { ARTICLES, esgChapterIds } from '../api/articles';
import { ChapterTabs } from '../components/chapter-tabs';

/** /ESG: the sustainability report's highlights and its chapters as tabs. */
export function EsgRoute() {
  const { t } = useTranslation('about');
  const context = usePageContext();
  const article = useArticle(ARTICLES.esg, context);
  usePageTitle(articleHead(article.data));
  const chapters = useChildArticles(ARTICLES.esg, esgChapterIds(showsDrafts(context.preview)), context);

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

      <ContentSection id="esg-chapters" title={t('esg.chaptersTitle')} intro={t('esg.chaptersIntro')}>
        {chapters.error ? (
          <ErrorState error={chapters.error} onRetry={chapters.refetch} />
        ) : chapters.isPending ? (
          <ArticleSkeleton />
        ) : chapters.articles.length === 0 ? (
          <p>{t('esg.chaptersEmpty')}</p>
        ) : (
          <ChapterTabs chapters={chapters.articles} />
        )}
      </ContentSection>
    </PageFrame>
  );
}
