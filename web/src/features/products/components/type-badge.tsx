import { useTranslation } from 'react-i18next';
import styles from './type-badge.module.css';

/** The C or M badge of a product type (spec section 2); nothing for other products. */
export function TypeBadge({ type }: { type: string | null | undefined }) {
  const { t } = useTranslation('products');
  if (type !== 'C' && type !== 'M') return null;
  return (
    <span className={styles.badge} data-type={type} title={t('typeBadge', { type })}>
      <span aria-hidden="true">{type}</span>
      <span className="visually-hidden">{t('typeBadge', { type })}</span>
    </span>
  );
}
