/**
 * Money as the listing workspace's record tabs show it: whole amounts without cents
 * (`$72`), others with them (`$150.39`), in the answer's currency; null is "unknown",
 * never 0 or a blank.
 */
export function formatAmount(value: number | null, currency: string): string {
  if (value === null) return "unknown";
  const whole = Number.isInteger(value);
  return new Intl.NumberFormat("en", {
    style: "currency",
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** A signed amount for a part of a sum: `+$9.02`, `−$3`, `$0`. */
export function formatSignedAmount(value: number, currency: string): string {
  if (value === 0) return formatAmount(0, currency);
  return `${value > 0 ? "+" : "−"}${formatAmount(Math.abs(value), currency)}`;
}
