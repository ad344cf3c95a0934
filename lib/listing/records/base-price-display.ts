import { formatAmount, formatSignedAmount } from "@/lib/format/money";
import type { BasePriceHistory, BasePriceRecommendation } from "@/lib/svc/schemas/listing-extras";
import { formatDay } from "@/lib/format/dates";

/**
 * The history tab's figures: the base price recommendation's attribution as the parts that
 * add up to it, and the daily history as chart points. Pure and unit-tested.
 */

export interface AttributionRow {
  key: string;
  label: string;
  amount: number;
  /** `$150.39` for the start, `+$9.02` / `−$3` for each factor. */
  shown: string;
  /** The same part in a sentence, for screen readers and the summary. */
  sentence: string;
}

export interface AttributionView {
  rows: AttributionRow[];
  total: number;
  totalShown: string;
  /** starting price + factors, rounded to cents; equals `total` up to a cent per term. */
  sum: number;
  /** One sentence: where the recommendation starts and what moves it most. */
  summary: string;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function attributionView(rec: BasePriceRecommendation): AttributionView {
  const { currency } = rec;
  const start = rec.attribution.starting_price;
  const rows: AttributionRow[] = [
    {
      key: "starting_price",
      label: "Starting price (the neighborhood's median base price)",
      amount: start,
      shown: formatAmount(start, currency),
      sentence: `It starts from ${formatAmount(start, currency)}, the neighborhood's median base price.`,
    },
    ...rec.attribution.factors.map((f) => ({
      key: f.factor,
      label: f.label || f.factor,
      amount: f.amount,
      shown: formatSignedAmount(f.amount, currency),
      sentence:
        f.amount === 0
          ? `${f.label || f.factor}: no change.`
          : `${f.label || f.factor} ${f.amount > 0 ? "adds" : "takes off"} ${formatAmount(Math.abs(f.amount), currency)}.`,
    })),
  ];
  const sum = round2(rec.attribution.factors.reduce((s, f) => s + f.amount, start));
  const biggest = [...rec.attribution.factors].sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount))[0];
  const summary =
    `The recommended base price is ${formatAmount(rec.recommended_base_price, currency)}: ` +
    `${formatAmount(start, currency)} from the neighborhood` +
    (biggest && biggest.amount !== 0
      ? `, moved most by ${(biggest.label || biggest.factor).toLowerCase()} (${formatSignedAmount(biggest.amount, currency)}).`
      : ".");
  return {
    rows,
    total: rec.recommended_base_price,
    totalShown: formatAmount(rec.recommended_base_price, currency),
    sum,
    summary,
  };
}

/** Whether the base price in use is the recommendation or the listing's own setting. */
export function effectiveBasePriceNote(rec: BasePriceRecommendation): string {
  if (rec.effective_base_price === rec.recommended_base_price) {
    return "The listing prices from the recommended base price.";
  }
  const diff = rec.effective_base_price - rec.recommended_base_price;
  return (
    `The listing prices from its own base price, ${formatAmount(rec.effective_base_price, rec.currency)}, ` +
    `${formatAmount(Math.abs(round2(diff)), rec.currency)} ${diff > 0 ? "above" : "below"} the recommendation.`
  );
}

export interface HistoryPoint {
  label: string;
  date: string;
  recommended: number | null;
  effective: number | null;
}

/** Days oldest first as chart points; a day the service has no figure for stays a gap (null), never 0. */
export function historyPoints(history: BasePriceHistory): HistoryPoint[] {
  return [...history.days]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((d) => ({
      label: formatDay(d.date),
      date: d.date,
      recommended: d.recommended_base_price,
      effective: d.effective_base_price,
    }));
}

/** How the recommendation moved over the range: first and last known values, and its extremes. */
export function historyChange(
  points: HistoryPoint[],
): { from: number; to: number; low: number; high: number } | null {
  const known = points.map((p) => p.recommended).filter((v): v is number => v !== null);
  if (known.length === 0) return null;
  return { from: known[0]!, to: known[known.length - 1]!, low: Math.min(...known), high: Math.max(...known) };
}

/** The chart's description: where the recommendation went, and how far it ranged on the way. */
export function historySentence(
  change: ReturnType<typeof historyChange>,
  currency: string,
): string | undefined {
  if (!change) return undefined;
  const money = (n: number) => formatAmount(n, currency);
  const moved =
    change.from === change.to
      ? `The recommendation is ${money(change.to)}, as at the start of the range`
      : `The recommendation moved from ${money(change.from)} to ${money(change.to)}`;
  return change.low === change.high
    ? `The recommendation held at ${money(change.to)}.`
    : `${moved}; it ranged from ${money(change.low)} to ${money(change.high)}.`;
}
