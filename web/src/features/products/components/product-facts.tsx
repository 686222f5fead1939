import { useTranslation } from 'react-i18next';
import { usePageLanguage } from '@/lib/use-page-language';
import { formatNumber } from '../utils/format';
import styles from './product-facts.module.css';

export interface ProductFactsProps {
  payload?: number | null;
  reach?: number | null;
  /** `large` for the product page's key figures. */
  size?: 'small' | 'large';
}

/** Payload and reach of a product, where they apply. */
export function ProductFacts({ payload, reach, size = 'small' }: ProductFactsProps) {
  const { t } = useTranslation('products');
  const lang = usePageLanguage();
  const hasPayload = payload !== null && payload !== undefined;
  const hasReach = reach !== null && reach !== undefined;
  if (!hasPayload && !hasReach) return null;
  return (
    <dl className={size === 'large' ? styles.large : styles.small}>
      {hasPayload ? (
        <div className={styles.fact}>
          <dt>{t('payload')}</dt>
          <dd>{t('payloadValue', { value: formatNumber(payload, lang) })}</dd>
        </div>
      ) : null}
      {hasReach ? (
        <div className={styles.fact}>
          <dt>{t('reach')}</dt>
          <dd>{t('reachValue', { value: formatNumber(reach, lang) })}</dd>
        </div>
      ) : null}
    </dl>
  );
}
