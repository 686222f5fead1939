import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isNotFound } from '@/lib/http';
import { ArticleSkeleton, ContentHtml, ContentSection } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { SmartLink } from '@/components/ui/smart-link';
import { openEnquiryDialog } from '@/lib/enquiry-dialog';
import { cardImage } from '@/lib/page-head';
import { usePageTitle, usePageUrl } from '@/lib/page-title';
import { siteOrigin } from '@/lib/render-context';
import { absoluteUrls, productData, summaryOf } from '@/lib/structured-data';
import { usePageContext } from '@/lib/use-page-language';
import { type PartnerProductDetail, parseId, usePartnerProduct } from '../api/jakaplus';
import { MissingPanel } from '../components/missing-panel';
import { buttonClass } from '@/components/ui/button';
import styles from './jaka-detail.module.css';

function Gallery({ product }: { product: PartnerProductDetail }) {
  const { t } = useTranslation('jakaplus');
  const images = product.images.length > 0 ? product.images : [product.image];
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  return (
    <div className={styles.gallery}>
      <div className={styles.main}>
        <img src={current} alt={t('detail.picture', { name: product.name, index: index + 1, count: images.length })} decoding="async" />
      </div>
      {images.length > 1 ? (
        <ul className={styles.thumbs} aria-label={t('detail.pictures')}>
          {images.map((image, i) => (
            <li key={image}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={i === index}
                aria-label={t('detail.showPicture', { index: i + 1 })}
                onClick={() => setIndex(i)}
              >
                <img src={image} alt="" loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** /jakaDetail/:id: a JAKA+ certified product: pictures, description and specifications. */
export function JakaDetailRoute() {
  const { t } = useTranslation('jakaplus');
  const context = usePageContext();
  const productId = parseId(useParams().id);
  const product = usePartnerProduct(productId, context);
  const url = usePageUrl();
  const data = product.data;
  usePageTitle({
    page: data?.name,
    document: data?.seoTitle,
    description: data ? summaryOf([data.seoDescription, data.summary], data.content) : null,
    image: data ? cardImage([data.image, ...data.images]) : null,
    type: 'product',
    structuredData: data
      ? [
          productData({
            name: data.name,
            description: summaryOf([data.summary, data.seoDescription], data.content),
            images: absoluteUrls(siteOrigin(), [...data.images, data.image]),
            brand: data.partnerName,
            url,
          }),
        ]
      : undefined,
  });

  if (productId === null || (product.isError && isNotFound(product.error))) {
    return (
      <PageFrame>
        <MissingPanel title={t('missing.productTitle')} text={t('missing.productText')} />
      </PageFrame>
    );
  }

  return (
    <PageFrame title={product.data?.name} lead={product.data?.summary}>
      {product.isPending ? (
        <ArticleSkeleton />
      ) : product.isError ? (
        <ErrorState error={product.error} onRetry={() => void product.refetch()} />
      ) : (
        <>
          <div className={styles.top}>
            <Gallery product={product.data} />
            <div className={styles.info}>
              <p className={styles.partner}>
                {t('detail.by')}{' '}
                <SmartLink href={`/jakaList/${product.data.partnerId}`}>{product.data.partnerName}</SmartLink>
              </p>
              <ContentHtml html={product.data.content} className={styles.content} />
              <div className={styles.actions}>
                <button type="button" className={buttonClass({ variant: 'primary' })} aria-haspopup="dialog" onClick={() => openEnquiryDialog('consult')}>
                  {t('detail.enquire')}
                </button>
                <SmartLink href={`/jakaList/${product.data.partnerId}`} className={buttonClass({ variant: 'secondary' })}>
                  {t('detail.moreFromPartner')}
                </SmartLink>
              </div>
            </div>
          </div>

          {product.data.specGroups.length > 0 ? (
            <ContentSection id="jakadetail-specs" title={t('detail.specs')}>
              <div className={styles.specs}>
                {product.data.specGroups.map((group) => (
                  <table key={group.groupName} className={styles.table}>
                    <caption>{group.groupName}</caption>
                    <tbody>
                      {group.items.map((item) => (
                        <tr key={item.name}>
                          <th scope="row">{item.name}</th>
                          <td>
                            {item.value}
                            {item.unit ? ` ${item.unit}` : ''}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ))}
              </div>
            </ContentSection>
          ) : null}
        </>
      )}
    </PageFrame>
  );
}
