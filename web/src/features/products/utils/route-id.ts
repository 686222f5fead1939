/** The numeric id of a detail route (`/productDetails/103`); null for anything else. */
export function routeId(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
