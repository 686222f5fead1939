import { useTranslation } from 'react-i18next';
import { SmartLink } from '@/components/ui/smart-link';
import type { ProductSummary } from '../api/get-product-lines';
import { productHref } from '../utils/links';
import { ProductFacts } from './product-facts';
import styles from './product-card.module.css';
import { TypeBadge } from './type-badge';
import { Phrase } from '@/components/ui/phrase';

/**
 * A product as a picture card: picture, name with its C/M badge, payload and reach, summary;
 * the whole card links to the product page. `headingLevel` follows the section it sits in.
 */
export function ProductCard({ product, headingLevel = 3 }: { product: ProductSummary; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('products');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <img src={product.image} alt="" loading="lazy" decoding="async" width="400" height="400" />
      </div>
      <div className={styles.body}>
        <Heading className={styles.name}>
          <SmartLink href={productHref(product.id)} className={styles.link}>
            <Phrase>{product.productName}</Phrase>
          </SmartLink>{' '}
          <TypeBadge type={product.productType} />
        </Heading>
        <ProductFacts payload={product.payload} reach={product.reach} />
        {product.summary ? <p className={styles.summary}>{product.summary}</p> : null}
        <span className={styles.more} aria-hidden="true">
          {t('viewDetails')}
          <svg viewBox="0 0 16 16" width="16" height="16">
            <path d="M3 8h10M9 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </span>
      </div>
    </article>
  );
}
