import { useArticle } from '@/api/article';
import { ArticleIntro, ArticleSections, ArticleView } from '@/components/ui/article';
import { PageFrame } from '@/components/ui/page-frame';
import { articleHead } from '@/lib/content-head';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { CompetitionFormSlot } from '../components/competition-form-slot';
import styles from './activity.module.css';

/** The developer challenge article. */
export const CHALLENGE_ARTICLE = 308;

/** /activity: the developer challenge: what it is, its timeline and prizes, and the sign-up form. */
export function ActivityRoute() {
  const context = usePageContext();
  const article = useArticle(CHALLENGE_ARTICLE, context);
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
      <div id="signup" className={styles.form}>
        <CompetitionFormSlot />
      </div>
    </PageFrame>
  );
}
