/** Small statistics shared by the market report's series and distributions. */

export const round = (value: number, digits = 2): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** Nearest-rank percentile (the smallest value with at least p% of values at or below it). */
export function percentile(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export function mean(values: ArrayLike<number>): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
}

export const BUCKET_COUNT = 10;

/**
 * Equal-width buckets from the smallest to the largest value (the last one includes its
 * upper bound); one bucket when every value is the same; none without values.
 */
export function buckets(sorted: readonly number[]): Array<{ lower: number; upper: number; count: number }> {
  if (sorted.length === 0) return [];
  const min = sorted[0]!;
  const max = sorted[sorted.length - 1]!;
  if (min === max) return [{ lower: round(min), upper: round(max), count: sorted.length }];
  const width = (max - min) / BUCKET_COUNT;
  const counts = new Array<number>(BUCKET_COUNT).fill(0);
  for (const v of sorted) counts[Math.min(BUCKET_COUNT - 1, Math.floor((v - min) / width))]! += 1;
  return counts.map((count, i) => ({
    lower: round(min + i * width),
    upper: round(i === BUCKET_COUNT - 1 ? max : min + (i + 1) * width),
    count,
  }));
}
