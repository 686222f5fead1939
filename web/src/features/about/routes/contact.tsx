import { useTranslation } from 'react-i18next';
import { useArticle } from '@/api/article';
import { ArticleIntro, ArticleSections, ArticleView, CardsSkeleton, ContentSection } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { articleHead } from '@/lib/content-head';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { ARTICLES } from '../api/articles';
import { useOffices } from '../api/get-company';
import { ContactEntries } from '../components/contact-entries';
import { OfficeCards } from '../components/office-cards';

/** /contact: how to reach the company (feedback, partnership, prototype) and its offices. */
export function ContactRoute() {
  const { t } = useTranslation('about');
  const context = usePageContext();
  const article = useArticle(ARTICLES.contact, context);
  usePageTitle(articleHead(article.data));
  const offices = useOffices(context);

  return (
    <PageFrame lead={article.data?.subhead}>
      <ArticleView query={article}>{(data) => <ArticleIntro article={data} showTitle={false} />}</ArticleView>

      <ContentSection id="contact-entries" title={t('contact.entriesTitle')}>
        <ContactEntries />
      </ContentSection>

      {article.data && article.data.sections.length > 0 ? (
        <ContentSection id="contact-desks" title={t('contact.desksTitle')}>
          <ArticleSections sections={article.data.sections} />
        </ContentSection>
      ) : null}

      <ContentSection id="contact-offices" title={t('about.officesTitle')} intro={t('about.officesIntro')}>
        {offices.isPending ? (
          <CardsSkeleton />
        ) : offices.isError ? (
          <ErrorState error={offices.error} onRetry={() => void offices.refetch()} />
        ) : (
          <OfficeCards offices={offices.data} />
        )}
      </ContentSection>
    </PageFrame>
  );
}
