import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isNotFound } from '@/lib/http';
import { CardsSkeleton, ContentSection } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { SmartLink } from '@/components/ui/smart-link';
import { cardImage } from '@/lib/page-head';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { parseId, usePartnerProducts, usePartners } from '../api/jakaplus';
import { MissingPanel } from '../components/missing-panel';
import { ProductCards } from '../components/partner-cards';
import styles from './jaka-list.module.css';

/** /jakaList/:id: one JAKA+ partner and its certified products. */
export function JakaListRoute() {
  const { t } = useTranslation('jakaplus');
  const context = usePageContext();
  const partnerId = parseId(useParams().id);
  const partners = usePartners(context);
  const products = usePartnerProducts(partnerId, context);
  const partner = partners.data?.find((p) => p.id === partnerId);
  usePageTitle({ page: partner?.name, description: partner?.summary, image: cardImage([partner?.logo]) });
  const missing = partnerId === null || (products.isError && isNotFound(products.error)) || (partners.isSuccess && !partner && products.isSuccess && products.data.length === 0);

  if (missing) {
    return (
      <PageFrame>
        <MissingPanel title={t('missing.partnerTitle')} text={t('missing.partnerText')} />
      </PageFrame>
    );
  }

  return (
    <PageFrame title={partner?.name} lead={partner?.summary}>
      {partner ? (
        <div className={styles.partner}>
          <div className={styles.logo}>
            <img src={partner.logo} alt="" decoding="async" />
          </div>
          <dl className={styles.facts}>
            <div>
              <dt>{t('partners.category')}</dt>
              <dd>{partner.category}</dd>
            </div>
            {partner.website ? (
              <div>
                <dt>{t('partners.websiteLabel')}</dt>
                <dd>
                  <SmartLink href={partner.website}>{partner.website.replace(/^https?:\/\//, '')}</SmartLink>
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
      ) : partners.isError ? (
        <ErrorState compact error={partners.error} onRetry={() => void partners.refetch()} />
      ) : null}

      <ContentSection id="jakalist-products" title={t('products.title')}>
        {products.isPending ? (
          <CardsSkeleton />
        ) : products.isError ? (
          <ErrorState error={products.error} onRetry={() => void products.refetch()} />
        ) : products.data.length === 0 ? (
          <p className={styles.empty}>{t('products.empty')}</p>
        ) : (
          <ProductCards products={products.data} />
        )}
      </ContentSection>
    </PageFrame>
  );
}
