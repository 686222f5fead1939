import { getDistrict } from '@/api/generated/endpoints/crm/crm';
import type { SiteLanguage } from '@/lib/language';

export interface DistrictResolution {
  /** What the enquiry's `city` carries: the district, or the province when there is none. */
  city: string;
  /** False when the CRM does not serve the region yet (the visitor is warned). */
  available: boolean;
}

/**
 * The district the CRM files a Chinese enquiry under, looked up by province and city (the BFF
 * tries the province name, then the city name). None: the province is used and `available` is
 * false. A failed lookup also falls back to the province, so the lead is never lost over it.
 */
export async function resolveDistrict(province: string, city: string, lang: SiteLanguage): Promise<DistrictResolution> {
  try {
    const envelope = await getDistrict(city ? { province, city } : { province }, { lang });
    const district = envelope.data.district;
    return district ? { city: district, available: true } : { city: province, available: false };
  } catch (error: unknown) {
    console.warn('[enquiry] district lookup failed; the province is used', error);
    return { city: province, available: true };
  }
}
