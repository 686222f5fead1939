import { useTranslation } from 'react-i18next';
import { SmartLink } from '@/components/ui/smart-link';
import type { Partner, PartnerProduct } from '../api/jakaplus';
import { buttonClass } from '@/components/ui/button';
import styles from './partner-cards.module.css';

/** Partners as cards: logo, name, category, summary; their products and web site. */
export function PartnerCards({ partners }: { partners: readonly Partner[] }) {
  const { t } = useTranslation('jakaplus');
  return (
    <ul className={styles.partners}>
      {partners.map((partner) => (
        <li key={partner.id} className={styles.partner}>
          <div className={styles.logo}>
            <img src={partner.logo} alt="" loading="lazy" decoding="async" />
          </div>
          <p className={styles.category}>{partner.category}</p>
          <h3 className={styles.name}>{partner.name}</h3>
          {partner.summary ? <p className={styles.summary}>{partner.summary}</p> : null}
          <div className={styles.actions}>
            <SmartLink href={`/jakaList/${partner.id}`} className={buttonClass({ variant: 'primary', size: 'sm' })}>
              {t('partners.products')}{' '}
              <span className="visually-hidden">{partner.name}</span>
            </SmartLink>
            {partner.website ? (
              <SmartLink href={partner.website} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                {t('partners.website')}{' '}
                <span className="visually-hidden">{partner.name}</span>
              </SmartLink>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A partner's products as picture cards linking to their pages. */
export function ProductCards({ products }: { products: readonly PartnerProduct[] }) {
  const { t } = useTranslation('jakaplus');
  return (
    <ul className={styles.products}>
      {products.map((product) => (
        <li key={product.id}>
          <SmartLink href={`/jakaDetail/${product.id}`} className={styles.product}>
            <div className={styles.productMedia}>
              <img src={product.image} alt="" loading="lazy" decoding="async" />
            </div>
            <div className={styles.productBody}>
              <h3 className={styles.productName}>{product.name}</h3>
              {product.summary ? <p className={styles.summary}>{product.summary}</p> : null}
              <span className={styles.more}>{t('products.details')}</span>
            </div>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}
