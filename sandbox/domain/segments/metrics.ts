import type { AggregatedMetrics } from "../../../lib/svc/schemas/set-analytics";
import type { SandboxContext } from "../../context";
import type { ListingRow } from "../access";
import { ApiError } from "../api-error";
import { converter, requireKnownCurrency } from "../fx";
import { loadNightFacts } from "../kpis/nights";
import { periodTotals, shiftMonth } from "../kpis/periods";
import { addTotals, convertTotals, emptyTotals, metricsFromTotals, type PeriodTotals } from "../kpis/totals";

/** The widest month range one call answers (5 years), so a query cannot ask for centuries. */
export const AGGREGATED_MAX_MONTHS = 60;
/** Without any listing there is no market to take a currency from. */
const FALLBACK_CURRENCY = "USD";

const badMonth = (field: string, message: string) =>
  new ApiError(400, "invalid_query", `Invalid query parameter ${field}: ${message}.`, {
    fields: [{ field, message }],
  });

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/**
 * Months `[start, end]`: both missing, the twelve months ending with the current one; one
 * missing, the twelve months starting or ending with the other. The schema already refused
 * end before start; here a month must exist (01..12) and the range stay within 60 months.
 */
export function monthRange(today: string, start?: string, end?: string): string[] {
  for (const [field, month] of [
    ["start_month", start],
    ["end_month", end],
  ] as const) {
    const number = month === undefined ? 1 : Number(month.slice(5, 7));
    if (number < 1 || number > 12) throw badMonth(field, "expected a month 01..12");
  }
  const first = start ?? shiftMonth(end ? `${end}-01` : today, -11).slice(0, 7);
  const last = end ?? shiftMonth(`${first}-01`, 11).slice(0, 7);
  const count = monthIndex(last) - monthIndex(first) + 1;
  if (count > AGGREGATED_MAX_MONTHS) throw badMonth("end_month", `at most ${AGGREGATED_MAX_MONTHS} months`);
  return Array.from({ length: count }, (_, i) => shiftMonth(`${first}-01`, i).slice(0, 7));
}

/**
 * The currency of the listings' most common market; a tie goes to the market whose id sorts
 * first, so the answer does not depend on listing order.
 */
export function mostCommonMarketCurrency(ctx: SandboxContext, listings: readonly ListingRow[]): string {
  const counts = new Map<string, number>();
  for (const listing of listings) counts.set(listing.market_id, (counts.get(listing.market_id) ?? 0) + 1);
  const [market] = [...counts].sort(([a, na], [b, nb]) => nb - na || (a < b ? -1 : a > b ? 1 : 0))[0] ?? [];
  if (market === undefined) return FALLBACK_CURRENCY;
  return (ctx.db.prepare(`SELECT currency FROM markets WHERE id = ?`).get(market) as { currency: string })
    .currency;
}

/**
 * Monthly metrics pooled over the listings: each listing's monthly sums (see kpis/totals.ts)
 * are converted into the currency and added, and the metrics are derived from the pooled
 * sums (so ADR is total revenue over total booked nights, not a mean of ADRs).
 * `listing_count` is the number of listings with calendar nights in the month; a month
 * without any has every metric null.
 */
export function aggregatedMonthlyMetrics(
  ctx: SandboxContext,
  listings: readonly ListingRow[],
  query: { start_month?: string; end_month?: string; currency?: string },
): AggregatedMetrics {
  const months = monthRange(ctx.clock.today(), query.start_month, query.end_month);
  if (query.currency !== undefined) requireKnownCurrency(ctx, query.currency);
  const currency = query.currency ?? mostCommonMarketCurrency(ctx, listings);
  const convert = converter(ctx);
  const first = months[0]!;
  const last = months.at(-1)!;
  const range = { from: `${first}-01`, to: shiftMonth(`${last}-01`, 1) };

  const pooled = new Map<string, { totals: PeriodTotals; listings: number }>(
    months.map((month) => [month, { totals: emptyTotals(), listings: 0 }]),
  );
  for (const listing of listings) {
    const byMonth = periodTotals(loadNightFacts(ctx, listing, range), "month", { first, last });
    for (const [month, totals] of byMonth) {
      const into = pooled.get(month)!;
      addTotals(into.totals, convertTotals(totals, convert, listing.currency, currency));
      into.listings += 1;
    }
  }
  return {
    currency,
    months: months.map((month) => {
      const { totals, listings: count } = pooled.get(month)!;
      return { month, listing_count: count, ...metricsFromTotals(totals) };
    }),
  };
}
