import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame';
import { RichText } from '@/components/ui/rich-text';
import { SmartLink } from '@/components/ui/smart-link';
import { openEnquiryDialog } from '@/lib/enquiry-dialog';
import { cardImage } from '@/lib/page-head';
import { usePageTitle } from '@/lib/page-title';
import { summaryOf } from '@/lib/structured-data';
import { usePageContext } from '@/lib/use-page-language';
import { type ProductLineDetail, useProductLine } from '../api/get-product-line';
import { FeaturesList } from '../components/features-list';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { ProductCard } from '../components/product-card';
import { SectionHead } from '../components/section-head';
import { MIN_COMPARED } from '../utils/comparison';
import { comparisonHref } from '../utils/links';
import { routeId } from '../utils/route-id';
import { buttonClass } from '@/components/ui/button';
import centre from '@/components/ui/centre-page.module.css';
import { balancedGrid } from '@/lib/balanced-grid';
import { PRODUCT_COLUMNS } from '../utils/grid';
import styles from './products.module.css';

/** /productList/{id}: one product line: banner, description, features and its products. */
export function ProductLineRoute() {
  const { t } = useTranslation('products');
  const context = usePageContext();
  const lineId = routeId(useParams().id);
  const line = useProductLine(context, lineId);
  const data = line.data;
  usePageTitle({
    page: data?.lineName,
    document: data?.seoTitle,
    description: data ? summaryOf([data.seoDescription, data.summary], data.description) : null,
    image: cardImage([data?.banner, data?.image]),
  });

  if (lineId === null || line.isError) {
    return (
      <PageFrame>
        <LoadError
          error={line.error}
          onRetry={() => void line.refetch()}
          notFound={{ title: t('notFoundTitle'), text: t('lineNotFound') }}
          back={{ href: '/productList', label: t('allProducts') }}
        />
      </PageFrame>
    );
  }
  if (line.isPending) {
    return (
      <PageFrame>
        <PageSkeleton />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={line.data.lineName} lead={line.data.summary ?? undefined}>
      <LineContent line={line.data} />
    </PageFrame>
  );
}

function LineContent({ line }: { line: ProductLineDetail }) {
  const { t } = useTranslation('products');
  const productIds = line.children.map((product) => product.id);
  return (
    <>
      <section className={centre.intro} aria-labelledby="line-about">
        <div className={centre.introText}>
          <h2 id="line-about" className="visually-hidden">
            {t('aboutLine', { line: line.lineName })}
          </h2>
          <RichText html={line.description} />
          <div className={centre.actions}>
            <a href="#line-models" className={buttonClass({ variant: 'primary' })}>
              {t('seeModels')}
            </a>
            <button type="button" className={buttonClass({ variant: 'secondary' })} aria-haspopup="dialog" onClick={() => openEnquiryDialog('contact')}>
              {t('talkToExpert')}
            </button>
          </div>
        </div>
        {line.banner || line.image ? (
          <div className={centre.introMedia}>
            <img src={line.banner ?? line.image} alt="" decoding="async" width="1200" height="800" />
          </div>
        ) : null}
      </section>

      {line.features.length > 0 ? (
        <section className={centre.section} aria-labelledby="line-features">
          <SectionHead id="line-features" title={t('featuresTitle')} />
          <FeaturesList items={line.features} />
        </section>
      ) : null}

      <section className={centre.section} aria-labelledby="line-models">
        <SectionHead
          id="line-models"
          title={t('modelsTitle')}
          action={
            productIds.length >= MIN_COMPARED ? (
              <SmartLink href={comparisonHref(productIds)} className={centre.more}>
                {t('compareLine')}
              </SmartLink>
            ) : undefined
          }
        />
        {line.children.length === 0 ? (
          <p className={centre.empty}>{t('noProductsInLine')}</p>
        ) : (
          <ul className={styles.grid} style={balancedGrid(line.children.length, PRODUCT_COLUMNS, true)}>
            {line.children.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
