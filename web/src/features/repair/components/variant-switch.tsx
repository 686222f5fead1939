import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './repair-form.module.css';

export type Variant = 'repair' | 'consultation';
const VARIANTS: readonly Variant[] = ['repair', 'consultation'];

/** The `type` query value as a form variant (the repair form unless it says consultation). */
export function variantOf(value: string | null): Variant {
  return value === 'consultation' ? 'consultation' : 'repair';
}

/**
 * The switch at the top of the form: a repair report or a technical consultation. A radio group
 * (one tab stop, arrow keys move and choose), drawn as two large choices with a line each.
 */
export function VariantSwitch({ value, onChange }: { value: Variant; onChange: (value: Variant) => void }) {
  const { t } = useTranslation('repair');
  const refs = useRef(new Map<Variant, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = VARIANTS.indexOf(value);
    let next = -1;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % VARIANTS.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + VARIANTS.length) % VARIANTS.length;
    const target = VARIANTS[next];
    if (!target) return;
    event.preventDefault();
    onChange(target);
    refs.current.get(target)?.focus();
  };
  return (
    <div role="radiogroup" aria-label={t('variant.label')} className={styles.variants} onKeyDown={onKeyDown}>
      {VARIANTS.map((variant) => {
        const checked = variant === value;
        return (
          <button
            key={variant}
            ref={(node) => {
              if (node) refs.current.set(variant, node);
              else refs.current.delete(variant);
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            className={styles.variant}
            onClick={() => onChange(variant)}
          >
            <span className={styles.variantName}>{t(`variant.${variant}`)}</span>
            <span className={styles.variantText}>{t(`variant.${variant}Text`)}</span>
          </button>
        );
      })}
    </div>
  );
}
