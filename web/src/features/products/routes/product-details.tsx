import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame';
import { RichText } from '@/components/ui/rich-text';
import { SmartLink } from '@/components/ui/smart-link';
import { useOrganization } from '@/api/organization';
import { openEnquiryDialog } from '@/lib/enquiry-dialog';
import { cardImage } from '@/lib/page-head';
import { usePageTitle, usePageUrl } from '@/lib/page-title';
import { siteOrigin } from '@/lib/render-context';
import { absoluteUrls, productData, summaryOf } from '@/lib/structured-data';
import { usePageContext } from '@/lib/use-page-language';
import { type ProductDetail, useProduct } from '../api/get-product';
import { ApplicationCards } from '../components/application-cards';
import { DownloadList } from '../components/download-list';
import { FeaturesList } from '../components/features-list';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { ProductFacts } from '../components/product-facts';
import { ProductGallery } from '../components/product-gallery';
import { SectionHead } from '../components/section-head';
import { SpecTables, withUnit } from '../components/spec-table';
import { TypeBadge } from '../components/type-badge';
import { comparisonHref, lineHref } from '../utils/links';
import { routeId } from '../utils/route-id';
import styles from './product-details.module.css';
import { buttonClass } from '@/components/ui/button';
import centre from '@/components/ui/centre-page.module.css';

/**
 * /productDetails/{id}: one product: gallery and key figures, description, highlights, the full
 * specification by groups, applications, downloads, and the ways on (enquiry, comparison).
 */
export function ProductDetailsRoute() {
  const { t } = useTranslation('products');
  const context = usePageContext();
  const productId = routeId(useParams().id);
  const product = useProduct(context, productId);
  const organization = useOrganization();
  const url = usePageUrl();
  const data = product.data;
  const description = data ? summaryOf([data.seoDescription, data.summary], data.content) : null;
  usePageTitle({
    page: data?.productName,
    document: data?.seoTitle,
    description,
    image: data ? cardImage([data.image, ...data.images]) : null,
    type: 'product',
    structuredData:
      data && organization
      ? [
          productData({
            name: data.productName,
            description: summaryOf([data.summary, data.seoDescription], data.content),
            images: absoluteUrls(siteOrigin(), [...data.images, data.image]),
            brand: organization.name,
            manufacturer: organization.reference,
            category: data.lineName,
            url,
          }),
        ]
      : undefined,
  });

  if (productId === null || product.isError) {
    return (
      <PageFrame>
        <LoadError
          error={product.error}
          onRetry={() => void product.refetch()}
          notFound={{ title: t('notFoundTitle'), text: t('productNotFound') }}
          back={{ href: '/productList', label: t('allProducts') }}
        />
      </PageFrame>
    );
  }
  if (product.isPending) {
    return (
      <PageFrame>
        <PageSkeleton cards={3} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={product.data.productName} lead={product.data.summary ?? undefined}>
      <ProductContent product={product.data} />
    </PageFrame>
  );
}

type SectionId = 'overview' | 'highlights' | 'specs' | 'applications' | 'downloads';

function ProductContent({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('products');
  const { lang } = usePageContext();
  const images = product.images.length > 0 ? product.images : [product.image];
  const sections: Array<{ id: SectionId; label: string; shown: boolean }> = [
    { id: 'overview', label: t('overviewTitle'), shown: Boolean(product.content) },
    { id: 'highlights', label: t('highlightsTitle'), shown: product.highlights.length > 0 },
    { id: 'specs', label: t('specsTitle'), shown: true },
    { id: 'applications', label: t('applicationsTitle'), shown: product.applications.length > 0 },
    { id: 'downloads', label: t('downloadsTitle'), shown: true },
  ];
  const shown = sections.filter((section) => section.shown);

  return (
    <>
      <div className={styles.top}>
        <ProductGallery images={images} name={product.productName} />
        <div className={styles.info}>
          <p className={styles.line}>
            <span className={styles.label}>{t('lineLabel')}</span>
            <span>
              <SmartLink href={lineHref(product.lineId)}>{product.lineName}</SmartLink>{' '}
              <TypeBadge type={product.productType} />
            </span>
          </p>
          <ProductFacts payload={product.payload} reach={product.reach} size="large" />
          <KeyData product={product} />
          <div className={centre.actions}>
            <button type="button" className={buttonClass({ variant: 'primary' })} aria-haspopup="dialog" onClick={() => openEnquiryDialog('contact')}>
              {t('enquire')}
            </button>
            {lang === 'zh' ? (
              <button type="button" className={buttonClass({ variant: 'secondary' })} aria-haspopup="dialog" onClick={() => openEnquiryDialog('prototype')}>
                {t('requestPrototype')}
              </button>
            ) : null}
          </div>
          <ul className={styles.links}>
            <li>
              <SmartLink href={comparisonHref([product.id])} className={centre.more}>
                {t('compareWithOthers')}
              </SmartLink>
            </li>
            <li>
              <a href="#downloads" className={centre.more}>
                {t('goToDownloads')}
              </a>
            </li>
          </ul>
          {product.applications.length > 0 ? (
            <div className={styles.uses}>
              <p className={styles.label}>{t('typicalApplications')}</p>
              <ul>
                {product.applications.map((application) => (
                  <li key={application.id}>
                    <SmartLink href={`/application/${application.id}`}>{application.name}</SmartLink>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </div>

      <nav className={styles.tabs} aria-label={t('onThisPage')}>
        <ul>
          {shown.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.label}</a>
            </li>
          ))}
        </ul>
      </nav>

      {product.content ? (
        <section className={centre.section} aria-labelledby="overview">
          <SectionHead id="overview" title={t('overviewTitle')} />
          <RichText html={product.content} className={styles.overview} />
        </section>
      ) : null}

      {product.highlights.length > 0 ? (
        <section className={centre.section} aria-labelledby="highlights">
          <SectionHead id="highlights" title={t('highlightsTitle')} />
          <FeaturesList items={product.highlights} />
        </section>
      ) : null}

      <section className={centre.section} aria-labelledby="specs">
        <SectionHead
          id="specs"
          title={t('specsTitle')}
          action={
            <SmartLink href={comparisonHref([product.id])} className={centre.more}>
              {t('compareWithOthers')}
            </SmartLink>
          }
        />
        <SpecTables groups={product.specGroups} />
      </section>

      {product.applications.length > 0 ? (
        <section className={centre.section} aria-labelledby="applications">
          <SectionHead id="applications" title={t('applicationsTitle')} />
          <ApplicationCards applications={product.applications} />
        </section>
      ) : null}

      <section className={centre.section} aria-labelledby="downloads">
        <SectionHead id="downloads" title={t('downloadsTitle')} />
        <DownloadList downloads={product.downloads} />
      </section>

    </>
  );
}

const KEY_DATA_ROWS = 4;

/**
 * A few more figures from the first parameter group (e.g. repeatability, speed), leaving out the
 * payload and reach shown large above.
 */
function KeyData({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('products');
  const group = product.specGroups[0];
  if (!group) return null;
  const shown = new Set([product.payload, product.reach].filter((v) => v !== null && v !== undefined).map(String));
  const items = group.items.filter((item) => !shown.has(item.value)).slice(0, KEY_DATA_ROWS);
  if (items.length === 0) return null;
  return (
    <dl className={styles.keyData} aria-label={t('keyData')}>
      {items.map((item, index) => (
        <div key={`${item.name}-${index}`}>
          <dt>{item.name}</dt>
          <dd>{withUnit(item.value, item.unit)}</dd>
        </div>
      ))}
    </dl>
  );
}
