import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { cardImage } from '@/lib/page-head';
import { usePageTitle } from '@/lib/page-title';
import { summaryOf } from '@/lib/structured-data';
import { usePageContext } from '@/lib/use-page-language';
import { useProductLevel } from '../api/get-product-level';
import { DetailState, SolutionDetail } from '../components/solution-detail';
import { routeId } from '../utils/route-id';

/** /productLevel/{id}: solutions by payload class: guidance, the products of the class, cases. */
export function ProductLevelRoute() {
  const { t } = useTranslation('solutions');
  const context = usePageContext();
  const id = routeId(useParams().id);
  const level = useProductLevel(context, id);
  const data = level.data;
  usePageTitle({
    page: data?.name,
    document: data?.seoTitle,
    description: data ? summaryOf([data.seoDescription, data.summary], data.content) : null,
    image: cardImage([data?.image]),
  });

  if (!data) return <DetailState id={id} query={level} notFound={t('levelNotFound')} />;
  return (
    <SolutionDetail
      name={data.name}
      summary={data.summary}
      picture={data.image}
      content={data.content}
      products={data.products}
      cases={data.cases}
      moreCases="/case"
    />
  );
}
