import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { callDashboard } from "@/lib/queries/dashboard-api";
import { queryKeys } from "@/lib/queries/keys";
import type { BookingWindow } from "@/lib/pace/curves";
import { scopeSearch, type PaceScope } from "@/lib/pace/scope";

/**
 * The booking curve and the booking windows as the Pace page reads them (GET
 * /api/mirror/pace/curves): the dashboard's own route over the portfolio mirror, no service
 * request. Under the sync's keys, so a finished read of the mirror refreshes an open page.
 */
const years = <T extends z.ZodType>(value: T) => z.object({ this_year: value, last_year: value });
const range = z.object({ from: z.string(), to: z.string() });
const histogramRow = z.object({ bucket: z.string(), this_year: z.number(), last_year: z.number() });

export const curvesReportSchema = z.object({
  enabled: z.boolean(),
  now: z.string().nullable(),
  as_of: z.string().nullable(),
  listings_covered: z.number(),
  listings_total: z.number(),
  period: z.string().nullable(),
  stay: years(range).nullable(),
  curve: years(z.array(z.number())),
  known_from: years(z.number()),
  final_nights: years(z.number()),
  booked_days: z.number(),
  booked: years(range).nullable(),
  reservations: years(z.number()),
  lead_time: z.array(histogramRow),
  length_of_stay: z.array(histogramRow),
});
export type CurvesReportView = z.infer<typeof curvesReportSchema>;

export interface CurvesParams {
  /** The stay month, `2026-12`; none: the route's default, the next month by the service's clock. */
  period: string | null;
  booked: BookingWindow;
  scope?: PaceScope;
}

/** The query string of a curves read: the month if chosen, the window, then the scope's narrowing filters. */
export function curvesSearch({ period, booked, scope }: CurvesParams): URLSearchParams {
  return new URLSearchParams({
    ...(period === null ? {} : { period }),
    booked: String(booked),
    ...(scope ? scopeSearch(scope) : {}),
  });
}

export function curvesQuery(params: CurvesParams) {
  const search = curvesSearch(params);
  return queryOptions({
    queryKey: queryKeys.sync.paceCurves(Object.fromEntries(search)),
    queryFn: ({ signal }) =>
      callDashboard(`/api/mirror/pace/curves?${search}`, curvesReportSchema, { signal }),
    staleTime: 30_000,
    // Another month or window keeps the charts and pickers in place until its answer arrives.
    placeholderData: keepPreviousData,
  });
}
