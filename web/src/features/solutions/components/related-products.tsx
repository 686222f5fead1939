import { useTranslation } from 'react-i18next';
import type { ProductSummary } from '@/api/generated/model/productSummary.zod';
import { SmartLink } from '@/components/ui/smart-link';
import { usePageLanguage } from '@/lib/use-page-language';
import { formatNumber } from '../utils/format';
import { productHref } from '../utils/links';
import styles from './related-products.module.css';

/** Products recommended for (or used in) a solution: picture, name with C/M badge, figures. */
export function RelatedProducts({ products }: { products: ProductSummary[] }) {
  const { t } = useTranslation('solutions');
  const lang = usePageLanguage();
  return (
    <ul className={styles.list}>
      {products.map((product) => {
        const facts = [
          product.payload !== null && product.payload !== undefined ? t('payloadValue', { value: formatNumber(product.payload, lang) }) : null,
          product.reach !== null && product.reach !== undefined ? t('reachValue', { value: formatNumber(product.reach, lang) }) : null,
        ].filter(Boolean);
        return (
          <li key={product.id}>
            <SmartLink href={productHref(product.id)} className={styles.card}>
              <img src={product.image} alt="" loading="lazy" decoding="async" width="160" height="160" />
              <span className={styles.text}>
                <span className={styles.name}>
                  {product.productName}{' '}
                  {product.productType === 'C' || product.productType === 'M' ? (
                    <span className={styles.badge} data-type={product.productType}>
                      <span aria-hidden="true">{product.productType}</span>
                      <span className="visually-hidden">{t('typeBadge', { type: product.productType })}</span>
                    </span>
                  ) : null}
                </span>
                {facts.length > 0 ? <span className={styles.facts}>{facts.join(' · ')}</span> : null}
              </span>
            </SmartLink>
          </li>
        );
      })}
    </ul>
  );
}
