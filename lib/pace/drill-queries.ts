import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { callDashboard } from "@/lib/queries/dashboard-api";
import { queryKeys } from "@/lib/queries/keys";
import { paceSearch, type PaceParams } from "@/lib/pace/queries";

/**
 * What lies behind a cell of the pace table (GET /api/mirror/pace/listings and
 * /reservations): the dashboard's own routes over the mirror, no service request. Under the
 * sync's keys, so a finished read of the mirror refreshes an open dialog too.
 */
export const listingGapSchema = z.object({
  listing_id: z.string(),
  name: z.string().nullable(),
  otb_nights: z.number(),
  otb_revenue: z.number(),
  stly_nights: z.number(),
  stly_revenue: z.number(),
  delta_nights: z.number(),
  delta_revenue: z.number(),
  delta_revenue_pct: z.number().nullable(),
  share_of_gap: z.number().nullable(),
});
export type ListingGapView = z.infer<typeof listingGapSchema>;

const gapReportSchema = z.object({
  enabled: z.boolean(),
  period: z.string(),
  currency: z.string(),
  gap: z.object({ nights: z.number(), revenue: z.number() }),
  listings: z.array(listingGapSchema),
});
export type PaceGapView = z.infer<typeof gapReportSchema>;

export const pickupReservationSchema = z.object({
  listing_id: z.string(),
  name: z.string().nullable(),
  reservation_id: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  booked_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  currency: z.string().nullable(),
  nights: z.number(),
  revenue: z.number().nullable(),
  booked: z.boolean(),
  canceled: z.boolean(),
});
export type PickupReservationView = z.infer<typeof pickupReservationSchema>;

const pickupReportSchema = z.object({
  enabled: z.boolean(),
  period: z.string(),
  year: z.enum(["this", "last"]),
  window: z.object({ from: z.string(), to: z.string() }).nullable(),
  reservations: z.array(pickupReservationSchema),
});
export type PickupReservationsView = z.infer<typeof pickupReportSchema>;

export function paceGapQuery(params: PaceParams & { period: string; currency: string }) {
  const search = paceSearch(params);
  search.set("period", params.period);
  search.set("currency", params.currency);
  return queryOptions({
    queryKey: queryKeys.sync.paceDetail(Object.fromEntries(search)),
    queryFn: ({ signal }) =>
      callDashboard(`/api/mirror/pace/listings?${search}`, gapReportSchema, { signal }),
    staleTime: 30_000,
  });
}

export function pickupReservationsQuery(params: PaceParams & { period: string; year: "this" | "last" }) {
  const search = paceSearch(params);
  search.set("period", params.period);
  search.set("year", params.year);
  return queryOptions({
    queryKey: queryKeys.sync.paceDetail(Object.fromEntries(search)),
    queryFn: ({ signal }) =>
      callDashboard(`/api/mirror/pace/reservations?${search}`, pickupReportSchema, { signal }),
    staleTime: 30_000,
  });
}
