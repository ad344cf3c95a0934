import type { KpiMetric, KpiWindow } from "../svc/schemas/kpis";
import { portfolioKpisQuery } from "../listing/kpis/queries";
import { portfolioQuery } from "../listings/queries";

/**
 * What the Overview reads on first load, built from the same query builders as the pages
 * that own the data, so that moving on to Listings costs no request: the portfolio (the
 * table's default filters) and four GET /listings/kpis rankings.
 */

/** The pulse's window: the next 30 nights, what is on the books. */
export const PULSE_WINDOW: KpiWindow = "0_30";
export const PULSE_METRICS = [
  "revenue",
  "nights_booked",
  "occupancy",
] as const satisfies readonly KpiMetric[];
/** The attention list's window: a listing empty in the next 14 nights still has time to sell. */
export const ATTENTION_WINDOW: KpiWindow = "0_14";

/** The portfolio table's default (managed listings included, inactive shown). */
export const overviewPortfolioQuery = () => portfolioQuery({ include_managed_listings: true });

export const pulseQuery = (metric: (typeof PULSE_METRICS)[number]) =>
  portfolioKpisQuery({ metric, window: PULSE_WINDOW, currency: null });

export const occupancyNext14Query = () =>
  portfolioKpisQuery({ metric: "occupancy", window: ATTENTION_WINDOW, currency: null });
