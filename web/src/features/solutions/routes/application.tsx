import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { cardImage } from '@/lib/page-head';
import { usePageTitle } from '@/lib/page-title';
import { summaryOf } from '@/lib/structured-data';
import { usePageContext } from '@/lib/use-page-language';
import { useApplication } from '../api/get-application';
import { DetailState, SolutionDetail } from '../components/solution-detail';
import { routeId } from '../utils/route-id';

/**
 * /application/{id}: an application (process) solution: its benefits, products and cases. An
 * application hidden from the lists (flag 1) is still shown when opened by its address: the CMS
 * serves it, and links to it may still be in use.
 */
export function ApplicationRoute() {
  const { t } = useTranslation('solutions');
  const context = usePageContext();
  const id = routeId(useParams().id);
  const application = useApplication(context, id);
  const data = application.data;
  usePageTitle({
    page: data?.name,
    document: data?.seoTitle,
    description: data ? summaryOf([data.seoDescription, data.summary], data.content) : null,
    image: cardImage([data?.banner, data?.image]),
  });

  if (!data) return <DetailState id={id} query={application} notFound={t('applicationNotFound')} />;
  return (
    <SolutionDetail
      name={data.name}
      summary={data.summary}
      picture={data.banner ?? data.image}
      content={data.content}
      blocks={{ title: t('benefitsTitle'), items: data.highlights }}
      products={data.products}
      cases={data.cases}
      moreCases="/case"
    />
  );
}
