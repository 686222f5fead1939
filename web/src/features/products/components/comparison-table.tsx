import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SmartLink } from '@/components/ui/smart-link';
import type { ComparedProduct, ComparedRow } from '../api/get-comparison';
import { type RowGroup, isIdentical } from '../utils/comparison';
import { productHref } from '../utils/links';
import styles from './comparison-table.module.css';
import { TypeBadge } from './type-badge';

export interface ComparisonTableProps {
  products: ComparedProduct[];
  groups: RowGroup<ComparedRow>[];
  onRemove: (id: number) => void;
  /** A changed choice is loading; the table shown is the previous one. */
  busy?: boolean;
}

/**
 * The compared parameters: products as columns (picture, name, remove), one row group per
 * parameter group. From tablet width a table that scrolls sideways with the parameter names kept
 * in view; on a phone each parameter is a block of its own, its name above the products' values,
 * each value beside its product's name (the cell's `data-product`, comparison-table.module.css).
 */
export function ComparisonTable({ products, groups, onRemove, busy = false }: ComparisonTableProps) {
  const { t } = useTranslation('products');
  const captionId = useId();
  const names = products.map((product) => product.productName).join(', ');
  return (
    // A focusable region, so that keyboard users can scroll the table sideways.
    <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0} aria-busy={busy}>
      <table className={styles.table} style={{ ['--columns' as string]: products.length }}>
        <caption id={captionId} className="visually-hidden">
          {t('tableCaption', { names })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.corner}>
              {t('parameter')}
            </th>
            {products.map((product) => (
              <th key={product.id} scope="col" className={styles.product}>
                <div className={styles.productCell}>
                  <img src={product.image} alt="" decoding="async" width="160" height="160" />
                  <SmartLink href={productHref(product.id)} className={styles.productName}>
                    {product.productName}
                  </SmartLink>{' '}
                  <TypeBadge type={product.productType} />
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={t('removeProduct', { name: product.productName })}
                    onClick={() => onRemove(product.id)}
                  >
                    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                      <path d="m4 4 8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="1.8" />
                    </svg>
                  </button>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.name}>
            <tr className={styles.groupRow}>
              <th scope="colgroup" colSpan={products.length + 1}>
                <span className={styles.groupName}>{group.name}</span>
              </th>
            </tr>
            {group.rows.map((row, index) => (
              <tr key={`${row.name}-${index}`} data-identical={isIdentical(row) || undefined}>
                <th scope="row">
                  {row.name}
                  {row.unit ? <span className={styles.unit}> ({row.unit})</span> : null}
                </th>
                {row.values.map((value, column) => (
                  <td key={products[column]?.id ?? column} data-product={products[column]?.productName}>
                    {value === null || value === undefined || value.trim() === '' ? (
                      <>
                        <span aria-hidden="true" className={styles.na}>
                          —
                        </span>
                        <span className="visually-hidden">{t('notAvailable')}</span>
                      </>
                    ) : (
                      value
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
