/** "10–49 USD" — a denomination band in card-currency units. */
export function bandLabel(min: number | undefined, max: number | undefined, currency: string): string {
  if (min === undefined || max === undefined) return currency;
  return `${min}–${max} ${currency}`;
}
