import type { PortfolioKpiRow } from "@/lib/svc/schemas/kpis";

/**
 * The Overview's pulse: the next 30 days on the books, per currency, from three portfolio
 * rankings (GET /listings/kpis for revenue, nights booked and occupancy). Amounts in two
 * currencies are never added: each currency is its own group.
 *
 * Occupancy is `100 × booked / nights`, and every listing's window has the same number of
 * nights, so the mean of the listings' occupancies is exactly the portfolio's occupancy.
 * ADR is revenue over nights booked, pooled, never a mean of means.
 */

export interface PulseRows {
  revenue: readonly PortfolioKpiRow[];
  nightsBooked: readonly PortfolioKpiRow[];
  occupancy: readonly PortfolioKpiRow[];
}

export interface PulseGroup {
  currency: string;
  /** Listings of this currency the figures cover. */
  listings: number;
  /** Listings whose revenue the service has not generated yet. */
  withoutFigures: number;
  /** Sum of the listings' revenue; null when no listing has a figure. */
  revenue: number | null;
  /** Percent; null when no listing has a figure. */
  occupancy: number | null;
  /** Revenue per booked night; null without booked nights. */
  adr: number | null;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function pulseByCurrency(
  rows: PulseRows,
  include: (svcId: string) => boolean = () => true,
): PulseGroup[] {
  const booked = new Map(rows.nightsBooked.map((row) => [row.listing_id, row.value]));
  const occupancy = new Map(rows.occupancy.map((row) => [row.listing_id, row.value]));
  const groups = new Map<
    string,
    {
      listings: number;
      without: number;
      revenue: number[];
      adrRevenue: number;
      adrNights: number;
      occ: number[];
    }
  >();

  for (const row of rows.revenue) {
    if (!include(row.listing_id)) continue;
    const group = groups.get(row.currency) ?? {
      listings: 0,
      without: 0,
      revenue: [],
      adrRevenue: 0,
      adrNights: 0,
      occ: [],
    };
    groups.set(row.currency, group);
    group.listings += 1;
    if (row.value === null) group.without += 1;
    else group.revenue.push(row.value);
    const nights = booked.get(row.listing_id);
    if (row.value !== null && nights !== undefined && nights !== null && nights > 0) {
      group.adrRevenue += row.value;
      group.adrNights += nights;
    }
    const occ = occupancy.get(row.listing_id);
    if (occ !== undefined && occ !== null) group.occ.push(occ);
  }

  return [...groups.entries()]
    .map(([currency, g]) => ({
      currency,
      listings: g.listings,
      withoutFigures: g.without,
      revenue: g.revenue.length
        ? round(
            g.revenue.reduce((a, b) => a + b, 0),
            2,
          )
        : null,
      occupancy: g.occ.length ? round(g.occ.reduce((a, b) => a + b, 0) / g.occ.length, 1) : null,
      adr: g.adrNights > 0 ? round(g.adrRevenue / g.adrNights, 2) : null,
    }))
    .sort((a, b) => b.listings - a.listings || a.currency.localeCompare(b.currency));
}
