import type { PaceRowView } from "@/lib/pace/queries";

/** A cell of the pace table: its period, currency and column (`2026-12:USD:otb_nights`). */
export const cellKey = (row: Pick<PaceRowView, "period" | "currency">, column: keyof PaceRowView) =>
  `${row.period}:${row.currency}:${column}`;

/**
 * The cells a fresh read changed: every figure of a row that was there before and differs now
 * (a row new to the table is not a change, it is the table growing). What a live update
 * highlights for a moment.
 */
export function changedCells(before: readonly PaceRowView[], after: readonly PaceRowView[]): Set<string> {
  const previous = new Map(before.map((row) => [`${row.period}:${row.currency}`, row]));
  const changed = new Set<string>();
  for (const row of after) {
    const was = previous.get(`${row.period}:${row.currency}`);
    if (!was) continue;
    for (const column of Object.keys(row) as Array<keyof PaceRowView>)
      if (column !== "period" && column !== "currency" && row[column] !== was[column])
        changed.add(cellKey(row, column));
  }
  return changed;
}
