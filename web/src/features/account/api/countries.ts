/**
 * Country names in the page language for the enterprise registration (the site's shared country
 * list, src/lib/countries.ts: codes as the contract's CountryCode, the United Kingdom as `UK`).
 */
import { useQuery } from '@tanstack/react-query';
import { loadCountries } from '@/lib/countries';
import type { SiteLanguage } from '@/lib/language';

export function useCountries(lang: SiteLanguage) {
  return useQuery({ queryKey: ['countries', lang], queryFn: () => loadCountries(lang), staleTime: Infinity });
}
