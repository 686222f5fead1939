/** A positive whole number from a query value, else the fallback. */
export function positiveInt(value: string | null, fallback: number): number {
  if (!value || !/^\d{1,9}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 ? n : fallback;
}
