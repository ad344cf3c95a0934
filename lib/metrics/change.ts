const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Relative change in percent, or null when either side is missing or the base is 0. */
export function change(current: number | null, before: number | null): number | null {
  if (current === null || before === null || before === 0) return null;
  return round((100 * (current - before)) / Math.abs(before), 1);
}

/** Occupancy moves in percentage points, not percent of itself: 66.3 % against 67.3 % is −1.0. */
export function pointsChange(current: number | null, before: number | null): number | null {
  if (current === null || before === null) return null;
  return round(current - before, 1);
}
