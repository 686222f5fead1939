import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { cardImage } from '@/lib/page-head';
import { usePageTitle } from '@/lib/page-title';
import { summaryOf } from '@/lib/structured-data';
import { usePageContext } from '@/lib/use-page-language';
import { useIndustry } from '../api/get-industry';
import { DetailState, SolutionDetail } from '../components/solution-detail';
import { caseListHref } from '../utils/links';
import { routeId } from '../utils/route-id';

/**
 * /industry/{id}: an industry solution: its challenges, applications, recommended products and
 * cases. An industry hidden from the lists (isShow 1) is still shown when opened by its address:
 * the CMS serves it, and links to it may still be in use.
 */
export function IndustryRoute() {
  const { t } = useTranslation('solutions');
  const context = usePageContext();
  const id = routeId(useParams().id);
  const industry = useIndustry(context, id);
  const data = industry.data;
  usePageTitle({
    page: data?.name,
    document: data?.seoTitle,
    description: data ? summaryOf([data.seoDescription, data.summary], data.content) : null,
    image: cardImage([data?.banner, data?.image]),
  });

  if (!data) return <DetailState id={id} query={industry} notFound={t('industryNotFound')} />;
  return (
    <SolutionDetail
      name={data.name}
      summary={data.summary}
      picture={data.banner ?? data.image}
      content={data.content}
      blocks={{ title: t('painPointsTitle'), items: data.painPoints }}
      applications={data.applications}
      products={data.products}
      cases={data.cases}
      moreCases={caseListHref({ industryId: data.id })}
    />
  );
}
