import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductLine } from '../api/get-product-lines';
import { MAX_COMPARED, MIN_COMPARED } from '../utils/comparison';
import styles from './comparison-picker.module.css';
import { TypeBadge } from './type-badge';

export interface ComparisonPickerProps {
  lines: ProductLine[];
  chosen: readonly number[];
  onToggle: (id: number) => void;
}

/**
 * Chooses the compared products: one group of checkboxes per product line. Open while fewer
 * than two are chosen; a button folds it away once a table is shown. At most four: the rest are
 * disabled then, and a note says why.
 */
export function ComparisonPicker({ lines, chosen, onToggle }: ComparisonPickerProps) {
  const { t } = useTranslation('products');
  const panelId = useId();
  const [expanded, setExpanded] = useState(chosen.length < MIN_COMPARED);
  const open = expanded || chosen.length < MIN_COMPARED;
  const full = chosen.length >= MAX_COMPARED;

  return (
    <section className={styles.picker} aria-labelledby={`${panelId}-title`}>
      <div className={styles.head}>
        <h2 id={`${panelId}-title`} className={styles.title}>
          {t('pickerTitle')}
        </h2>
        <p className={styles.count} aria-live="polite">
          {t('pickerCount', { chosen: chosen.length, max: MAX_COMPARED })}
        </p>
        {chosen.length >= MIN_COMPARED ? (
          <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} onClick={() => setExpanded(!open)}>
            {open ? t('pickerHide') : t('pickerShow')}
          </button>
        ) : null}
      </div>
      <div id={panelId} hidden={!open} className={styles.panel}>
        {lines.map((line) => (
          <fieldset key={line.id} className={styles.group}>
            <legend>{line.lineName}</legend>
            <ul>
              {line.children.map((product) => {
                const checked = chosen.includes(product.id);
                return (
                  <li key={product.id}>
                    <label className={styles.option} data-checked={checked || undefined}>
                      <input type="checkbox" checked={checked} disabled={!checked && full} onChange={() => onToggle(product.id)} />
                      <img src={product.image} alt="" loading="lazy" decoding="async" width="40" height="40" />
                      <span className={styles.name}>
                        {product.productName}{' '}
                        <TypeBadge type={product.productType} />
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      </div>
      <p className={styles.note} aria-live="polite">
        {full && open ? t('maxReached', { max: MAX_COMPARED }) : null}
      </p>
    </section>
  );
}
