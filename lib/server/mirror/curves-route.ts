import "server-only";
import { z } from "zod";
import { BOOKING_WINDOWS, type BookingWindow } from "@/lib/pace/curves";
import { periodOf } from "@/lib/pace/table";
import { errorResponse } from "@/lib/server/http";
import { curvesReport, NO_CURVES } from "@/lib/server/mirror/curves-report";
import { scopedRequestOf } from "@/lib/server/mirror/pace-route";
import { handle, json } from "@/lib/server/mirror/sync-route";
import { serviceNow } from "@/lib/server/service-clock";

/**
 * GET /api/mirror/pace/curves?period=2026-12&booked=30|90|365, with the Pace page's scope: the
 * booking curve of a stay month against the same month last year (364 days back), and the
 * booking windows and stay lengths of the reservations booked in the last `booked` days against
 * the same days last year, from the account's mirror at the service's "now". No service request.
 */
export const curvesViewSchema = z.object({
  period: z
    .string()
    .refine((p) => periodOf("month", p) !== null, "The stay month is a month like 2026-12.")
    .optional(),
  booked: z.coerce
    .number()
    .refine(
      (n) => (BOOKING_WINDOWS as readonly number[]).includes(n),
      "The booking window is the last 30, 90 or 365 days.",
    )
    .transform((n) => n as BookingWindow)
    .default(90),
});

export const getCurves = (request: Request) =>
  handle(
    request,
    async ({ runtime, account }) => {
      const asked = scopedRequestOf(request, curvesViewSchema);
      if (!asked.ok) return errorResponse(400, "invalid_query", asked.error);
      return json(
        await curvesReport(runtime.store, account.accountId, {
          period: asked.view.period,
          bookedDays: asked.view.booked,
          now: new Date(serviceNow()).toISOString(),
          scope: asked.scope,
        }),
      );
    },
    NO_CURVES,
  );
