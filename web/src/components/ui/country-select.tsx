import { useQuery } from '@tanstack/react-query';
import type { SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCountries } from '@/lib/countries';
import type { SiteLanguage } from '@/lib/language';
import { formStyles as styles } from './form-controls';

interface CountrySelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'ref'> {
  lang: SiteLanguage;
  value: string;
  onChange: (code: string) => void;
  selectRef?: (element: HTMLSelectElement | null) => void;
}

/**
 * The country list (two-letter codes, the United Kingdom as UK) with names in the page
 * language, sorted by name. The chosen code is kept while the list loads, so a default country
 * is never lost.
 */
export function CountrySelect({ lang, value, onChange, selectRef, ...rest }: CountrySelectProps) {
  const { t } = useTranslation('forms');
  const countries = useQuery({ queryKey: ['countries', lang], queryFn: () => loadCountries(lang), staleTime: Infinity, gcTime: Infinity });
  const list = countries.data ?? [];
  const known = list.some((c) => c.code === value);
  return (
    <select
      {...rest}
      ref={selectRef}
      className={styles.select}
      value={value}
      aria-busy={countries.isPending || undefined}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{countries.isPending ? t('country.loading') : t('common.select')}</option>
      {value && !known ? <option value={value}>{value}</option> : null}
      {list.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </select>
  );
}
