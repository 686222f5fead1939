import { useTranslation } from 'react-i18next';
import { useArticle } from '@/api/article';
import { ArticleIntro, ArticleSections, ArticleView, CardsSkeleton, ContentSection } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { articleHead } from '@/lib/content-head';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { useMilestones, useOffices } from '../api/get-company';
import { ARTICLES } from '../api/articles';
import { MilestoneTimeline } from '../components/milestone-timeline';
import { OfficeCards } from '../components/office-cards';
import { RelatedLinks } from '../components/related-links';

/** /about: the company profile, its history as a timeline, and its offices. */
export function AboutRoute() {
  const { t } = useTranslation('about');
  const context = usePageContext();
  const article = useArticle(ARTICLES.about, context);
  usePageTitle(articleHead(article.data));
  const milestones = useMilestones(context);
  const offices = useOffices(context);

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

      <ContentSection id="about-milestones" title={t('about.milestonesTitle')} intro={t('about.milestonesIntro')}>
        {milestones.isPending ? (
          <CardsSkeleton count={2} />
        ) : milestones.isError ? (
          <ErrorState error={milestones.error} onRetry={() => void milestones.refetch()} />
        ) : milestones.data.length === 0 ? (
          <p>{t('about.milestonesEmpty')}</p>
        ) : (
          <MilestoneTimeline milestones={milestones.data} />
        )}
      </ContentSection>

      <ContentSection id="about-offices" title={t('about.officesTitle')} intro={t('about.officesIntro')}>
        {offices.isPending ? (
          <CardsSkeleton />
        ) : offices.isError ? (
          <ErrorState error={offices.error} onRetry={() => void offices.refetch()} />
        ) : (
          <OfficeCards offices={offices.data} />
        )}
      </ContentSection>

      <RelatedLinks
        links={[
          { href: '/ESG', label: t('links.esg'), text: t('links.esgText') },
          { href: '/investment', label: t('links.investment'), text: t('links.investmentText') },
          { href: '/showRoom', label: t('links.showRoom'), text: t('links.showRoomText') },
          { href: '/join', label: t('links.join'), text: t('links.joinText') },
          { href: '/contact', label: t('links.contact'), text: t('links.contactText') },
        ]}
      />
    </PageFrame>
  );
}
