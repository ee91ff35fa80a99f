/**
 * Web vitals are kept as histograms: a value falls in a logarithmic bin 5 % wide, so a minute of a
 * version holds at most a couple of hundred rows per metric however many phones report, and a
 * percentile read back from the bins is within 2.5 % of the true one.
 */
export const VITALS = ['lcp', 'cls', 'inp'] as const;
export type Vital = (typeof VITALS)[number];

const STEP = Math.log(1.05);
/** CLS is a unitless score (0.1 is good); it is binned in thousandths, LCP and INP in milliseconds. */
const SCALE: Record<Vital, number> = { lcp: 1, cls: 1000, inp: 1 };
/** Bin 0 holds every value under one unit (a CLS of 0, an INP under 1 ms). */
const MAX_BIN = 400;

export function binOf(metric: Vital, value: number): number {
  const scaled = value * SCALE[metric];
  if (!(scaled >= 1)) return 0;
  return Math.min(MAX_BIN, 1 + Math.floor(Math.log(scaled) / STEP));
}

/** The value a bin stands for: the geometric middle of its range, in the metric's own unit. */
export function valueOfBin(metric: Vital, bin: number): number {
  if (bin <= 0) return 0;
  const scaled = Math.exp((bin - 0.5) * STEP);
  return metric === 'cls' ? Math.round(scaled) / 1000 : Math.round(scaled);
}

/** The p-th percentile (0–1) of a histogram given as [bin, count] pairs, or null when it is empty. */
export function percentileOfBins(metric: Vital, bins: Array<[number, number]>, p: number): number | null {
  const total = bins.reduce((sum, [, n]) => sum + n, 0);
  if (total <= 0) return null;
  const sorted = [...bins].sort((a, b) => a[0] - b[0]);
  const rank = Math.ceil(p * total);
  let seen = 0;
  for (const [bin, n] of sorted) {
    seen += n;
    if (seen >= rank) return valueOfBin(metric, bin);
  }
  return valueOfBin(metric, sorted[sorted.length - 1]![0]);
}
