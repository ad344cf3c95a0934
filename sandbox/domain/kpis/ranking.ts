import {
  KPI_ORDER_DEFAULT,
  KPI_WINDOW_DEFAULT,
  type PortfolioKpiRow,
  type PortfolioKpisQuery,
} from "../../../lib/svc/schemas/kpis";
import { isoTimestamp } from "../../clock";
import type { SandboxContext } from "../../context";
import { converter, requireKnownCurrency } from "../fx";
import { accessibleListings } from "../listings";
import { loadNightFacts } from "./nights";
import { windowDates, windowTotals } from "./periods";
import { MONETARY_METRICS, metricsFromTotals } from "./totals";

/** Ties and the order of equal values: by svc_id, numerically, whatever the order. */
const bySvcId = (a: PortfolioKpiRow, b: PortfolioKpiRow) => Number(a.listing_id) - Number(b.listing_id);

/**
 * GET /listings/kpis: every listing the caller can access (owned and managed, hidden and
 * inactive included), narrowed by `owner_user_id`, valued by one metric over one window and
 * ranked. Monetary values are converted into `currency` when given, else stay in each
 * listing's own currency. Rows whose value is null rank last in either order.
 */
export function rankListings(
  ctx: SandboxContext,
  userId: string,
  query: PortfolioKpisQuery,
): PortfolioKpiRow[] {
  if (query.currency !== undefined) requireKnownCurrency(ctx, query.currency);
  const window = query.window ?? KPI_WINDOW_DEFAULT;
  const order = query.order ?? KPI_ORDER_DEFAULT;
  const today = ctx.clock.today();
  const range = windowDates(window, today);
  const convert = converter(ctx);
  // Computed on request, so every value is fresh as of now.
  const updatedAt = isoTimestamp(ctx.clock.now());

  let listings = accessibleListings(ctx, userId, true);
  if (query.owner_user_id !== undefined) {
    listings = listings.filter(({ row }) => row.owner_user_id === query.owner_user_id);
  }
  const rows = listings.map(({ row }): PortfolioKpiRow => {
    const totals = windowTotals(loadNightFacts(ctx, row, range), window, today);
    let value = metricsFromTotals(totals)[query.metric];
    const currency = query.currency ?? row.currency;
    if (value !== null && MONETARY_METRICS.has(query.metric)) value = convert(value, row.currency, currency);
    return {
      listing_id: row.svc_id,
      partner_listing_id: row.channel_listing_id,
      channel: row.channel,
      value,
      currency,
      updated_at: updatedAt,
    };
  });

  const sign = order === "asc" ? 1 : -1;
  return rows.sort((a, b) => {
    if (a.value === null || b.value === null) {
      return a.value === b.value ? bySvcId(a, b) : a.value === null ? 1 : -1;
    }
    return sign * (a.value - b.value) || bySvcId(a, b);
  });
}
