import { toCsv } from "@/lib/format/csv";
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

/** One row per period and currency, every currency of the table, in the table's order. */
export const paceCsv = (rows: readonly PaceRowView[]) =>
  toCsv(
    PACE_CSV_COLUMNS,
    rows.map((row) => PACE_CSV_COLUMNS.map((column) => row[column])),
  );
