/*
 * The money words of the records and the tables, kept under this name for the modules that
 * import them here; every format itself is in `./numbers`.
 */
import { formatCurrency } from "@/lib/format/numbers";

export { formatAmount, formatSignedAmount } from "@/lib/format/numbers";

/** Money in whole units (`$150`), as tables and previews state prices; null is a dash. */
export function formatMoney(value: number | null, currency: string): string {
  // A dash, not EMPTY: the one null these tables show is a base price left to the
  // recommendation, a setting that is not there rather than a figure we do not know.
  if (value === null) return "—";
  return formatCurrency(value, currency, { maxDigits: 0 });
}
