/**
 * Small order statistics for the set calendar's comp rows, pure. The reference service keeps
 * its own copies (lib code does not import sandbox code); these follow the same definition as
 * its set analytics: linear interpolation between closest ranks (R type 7, numpy's default),
 * so an even count's median is the mean of the two middle values.
 */

/** A new array of the finite values, ascending; NaN and infinities (a missing price) are left out. */
export function ascendingFinite(values: Iterable<number>): number[] {
  const kept: number[] = [];
  for (const value of values) if (Number.isFinite(value)) kept.push(value);
  return kept.sort((a, b) => a - b);
}

/** `p` from 0 to 1 over values sorted ascending; null when there are none. */
export function percentile(sorted: ArrayLike<number>, p: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const h = (n - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  const a = sorted[lo]!;
  const b = sorted[Math.min(n - 1, lo + 1)]!;
  return a + (h - lo) * (b - a);
}

export const median = (sorted: ArrayLike<number>): number | null => percentile(sorted, 0.5);
