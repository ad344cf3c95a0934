import { toCsv } from "@/lib/format/csv";
import type { MarketOverlayState } from "@/lib/pace/market-overlay";
import type { PaceRowView } from "@/lib/pace/queries";

/** The pace table's columns, by the names the definitions give them (lib/pace/definitions.ts). */
export const PACE_CSV_COLUMNS = [
  "period",
  "currency",
  "listings",
  "otb_nights",
  "otb_revenue",
  "otb_adr",
  "otb_occupancy",
  "stly_nights",
  "stly_revenue",
  "stly_adr",
  "stly_occupancy",
  "delta_nights_pct",
  "delta_revenue_pct",
  "ly_final_nights",
  "ly_final_revenue",
  "pickup_nights",
  "pickup_revenue",
  "booked_nights",
  "canceled_nights",
  "ly_pickup_nights",
  "ly_pickup_revenue",
  "ly_booked_nights",
  "ly_canceled_nights",
] as const satisfies ReadonlyArray<keyof PaceRowView>;

/** The market's figures for the same period, apart from the portfolio's: empty when not shown. */
export const MARKET_CSV_COLUMNS = ["market_occupancy", "market_adr", "market_currency"] as const;

/**
 * One row per period and currency, every currency of the table, in the table's order, then
 * the market's figures for the period where the view shows them.
 */
export function paceCsv(rows: readonly PaceRowView[], market?: MarketOverlayState) {
  const shown = market?.state === "shown" ? market : null;
  const byPeriod = new Map(shown?.periods.map((p) => [p.period, p]));
  return toCsv(
    [...PACE_CSV_COLUMNS, ...MARKET_CSV_COLUMNS],
    rows.map((row) => {
      const m = byPeriod.get(row.period);
      return [
        ...PACE_CSV_COLUMNS.map((column) => row[column]),
        m?.occupancy ?? null,
        m?.adr ?? null,
        m ? shown!.currency : null,
      ];
    }),
  );
}
