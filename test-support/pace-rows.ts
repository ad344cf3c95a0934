import type { PaceRowView } from "../lib/pace/queries";

/**
 * A pace row as GET /api/mirror/pace answers it, with nothing on the books unless told: for
 * the tests of the pages that show pace (answers shaped by the route's schema). Imported by
 * test files only.
 */
export function paceRow(period: string, currency: string, figures: Partial<PaceRowView> = {}): PaceRowView {
  return {
    period,
    currency,
    listings: 1,
    otb_nights: 0,
    otb_revenue: 0,
    otb_adr: null,
    otb_occupancy: null,
    stly_nights: 0,
    stly_revenue: 0,
    stly_adr: null,
    stly_occupancy: null,
    delta_nights_pct: null,
    delta_revenue_pct: null,
    ly_final_nights: 0,
    ly_final_revenue: 0,
    pickup_nights: 0,
    pickup_revenue: 0,
    booked_nights: 0,
    canceled_nights: 0,
    ly_pickup_nights: 0,
    ly_pickup_revenue: 0,
    ly_booked_nights: 0,
    ly_canceled_nights: 0,
    nights_without_revenue: 0,
    ...figures,
  };
}
