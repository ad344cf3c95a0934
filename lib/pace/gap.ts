import { change } from "@/lib/metrics/change";

/**
 * The listings behind a period's gap against the same time last year: each listing's nights
 * and revenue on the books now and then, in one currency, ranked by how much of the gap it
 * makes. When the period is behind, the listings furthest behind come first; when ahead, the
 * furthest ahead. Its share is its revenue change over the whole change (so shares add up to
 * 100 %, some beyond it when others pull the other way).
 */
export interface ListingGap {
  listing_id: string;
  name: string | null;
  otb_nights: number;
  otb_revenue: number;
  stly_nights: number;
  stly_revenue: number;
  delta_nights: number;
  delta_revenue: number;
  delta_revenue_pct: number | null;
  /** Percent of the period's revenue change this listing makes; null when there is no change. */
  share_of_gap: number | null;
}

export interface GapFigures {
  listingId: string;
  currency: string | null;
  nights: number;
  revenue: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function rankByGap(
  now: readonly GapFigures[],
  lastYear: readonly GapFigures[],
  currency: string,
  nameOf: (listingId: string) => string | null,
): { gap: { nights: number; revenue: number }; listings: ListingGap[] } {
  const rows = new Map<string, ListingGap>();
  const row = (listingId: string) => {
    let r = rows.get(listingId);
    if (!r) {
      r = {
        listing_id: listingId,
        name: nameOf(listingId),
        otb_nights: 0,
        otb_revenue: 0,
        stly_nights: 0,
        stly_revenue: 0,
        delta_nights: 0,
        delta_revenue: 0,
        delta_revenue_pct: null,
        share_of_gap: null,
      };
      rows.set(listingId, r);
    }
    return r;
  };
  for (const f of now)
    if (f.currency === currency) {
      row(f.listingId).otb_nights += f.nights;
      row(f.listingId).otb_revenue += f.revenue;
    }
  for (const f of lastYear)
    if (f.currency === currency) {
      row(f.listingId).stly_nights += f.nights;
      row(f.listingId).stly_revenue += f.revenue;
    }
  const listings = [...rows.values()].map((r) => ({
    ...r,
    otb_revenue: round2(r.otb_revenue),
    stly_revenue: round2(r.stly_revenue),
    delta_nights: r.otb_nights - r.stly_nights,
    delta_revenue: round2(r.otb_revenue - r.stly_revenue),
    delta_revenue_pct: change(round2(r.otb_revenue), round2(r.stly_revenue)),
  }));
  const gap = {
    nights: listings.reduce((sum, r) => sum + r.delta_nights, 0),
    revenue: round2(listings.reduce((sum, r) => sum + r.delta_revenue, 0)),
  };
  const direction = gap.revenue < 0 ? 1 : -1;
  return {
    gap,
    listings: listings
      .map((r) => ({
        ...r,
        share_of_gap: gap.revenue === 0 ? null : Math.round((1000 * r.delta_revenue) / gap.revenue) / 10,
      }))
      .sort(
        (a, b) =>
          direction * (a.delta_revenue - b.delta_revenue) ||
          direction * (a.delta_nights - b.delta_nights) ||
          a.listing_id.localeCompare(b.listing_id),
      ),
  };
}
