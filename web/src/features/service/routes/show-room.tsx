import { useTranslation } from 'react-i18next';
import { useArticle } from '@/api/article';
import { ArticleIntro, ArticleSections, ArticleView } from '@/components/ui/article';
import { PageFrame } from '@/components/ui/page-frame';
import { openEnquiryDialog } from '@/lib/enquiry-dialog';
import { articleHead } from '@/lib/content-head';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { buttonClass } from '@/components/ui/button';
import styles from './show-room.module.css';

/** The showroom article. */
export const SHOWROOM_ARTICLE = 306;

/** /showRoom: the showroom, what a visit shows, how to get there; a visit is booked through the enquiry dialog. */
export function ShowRoomRoute() {
  const { t } = useTranslation('service');
  const context = usePageContext();
  const article = useArticle(SHOWROOM_ARTICLE, context);
  usePageTitle(articleHead(article.data));

  return (
    <PageFrame lead={article.data?.subhead}>
      <ArticleView query={article}>
        {(data) => (
          <>
            <ArticleIntro article={data}>
              <div>
                <button type="button" className={buttonClass({ variant: 'primary' }, styles.book)} aria-haspopup="dialog" onClick={() => openEnquiryDialog('contact')}>
                  {t('showRoom.book')}
                </button>
              </div>
            </ArticleIntro>
            <ArticleSections sections={data.sections} />
          </>
        )}
      </ArticleView>
    </PageFrame>
  );
}
