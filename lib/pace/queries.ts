import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { callDashboard } from "@/lib/queries/dashboard-api";
import { queryKeys } from "@/lib/queries/keys";
import { marketOverlaySchema } from "@/lib/pace/market-overlay";
import { scopeSearch, type PaceScope } from "@/lib/pace/scope";
import type { PaceUnit, PickupWindow } from "@/lib/pace/table";

/**
 * The pace table as the Pace page reads it (GET /api/mirror/pace): the dashboard's own route
 * over the portfolio mirror, which costs no service request. Under the sync's keys, so a
 * finished read of the mirror (a webhook's, the sync's) refreshes an open page.
 */
const count = z.number();
const figure = z.number().nullable();
export const paceRowSchema = z.object({
  period: z.string(),
  currency: z.string(),
  listings: count,
  otb_nights: count,
  otb_revenue: count,
  otb_adr: figure,
  otb_occupancy: figure,
  stly_nights: count,
  stly_revenue: count,
  stly_adr: figure,
  stly_occupancy: figure,
  delta_nights_pct: figure,
  delta_revenue_pct: figure,
  ly_final_nights: count,
  ly_final_revenue: count,
  pickup_nights: count,
  pickup_revenue: count,
  booked_nights: count,
  canceled_nights: count,
  ly_pickup_nights: count,
  ly_pickup_revenue: count,
  ly_booked_nights: count,
  ly_canceled_nights: count,
  nights_without_revenue: count,
});
export type PaceRowView = z.infer<typeof paceRowSchema>;

export const paceReportSchema = z.object({
  enabled: z.boolean(),
  now: z.string().nullable(),
  as_of: z.string().nullable(),
  unit: z.string(),
  pickup_days: z.number(),
  listings_covered: z.number(),
  listings_total: z.number(),
  choices: z.object({
    owners: z.array(z.object({ id: z.string(), name: z.string() })),
    markets: z.array(z.object({ id: z.string(), name: z.string() })),
    bedrooms: z.array(z.string()),
    channels: z.array(z.string()),
    segments: z.array(z.object({ id: z.string(), name: z.string() })),
    sets: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  rows: z.array(paceRowSchema),
  market: marketOverlaySchema,
});
export type PaceReportView = z.infer<typeof paceReportSchema>;

export interface PaceParams {
  unit: PaceUnit;
  pickup: PickupWindow;
  scope?: PaceScope;
  /** One listing (the listing workspace) instead of a scope. */
  listing?: string;
}

/** The query string of a pace read: the view, then only the scope's filters that narrow it. */
export function paceSearch({ unit, pickup, scope, listing }: PaceParams): URLSearchParams {
  return new URLSearchParams({
    unit,
    pickup: String(pickup),
    ...(scope ? scopeSearch(scope) : {}),
    ...(listing === undefined ? {} : { listing }),
  });
}

export function paceQuery(params: PaceParams) {
  const search = paceSearch(params);
  return queryOptions({
    queryKey: queryKeys.sync.pace(Object.fromEntries(search)),
    queryFn: ({ signal }) => callDashboard(`/api/mirror/pace?${search}`, paceReportSchema, { signal }),
    staleTime: 30_000,
  });
}
