import "server-only";
import { z } from "zod";
import { PACE_UNITS, PICKUP_WINDOWS, type PaceUnit } from "@/lib/pace/table";
import { errorResponse } from "@/lib/server/http";
import { NO_PACE, paceReport } from "@/lib/server/mirror/pace-report";
import { handle, json } from "@/lib/server/mirror/sync-route";
import { serviceNow } from "@/lib/server/service-clock";

/**
 * GET /api/mirror/pace?unit=month|week|night&pickup=1|7|30: the pace table from the account's
 * mirror, taken at the service's "now" (its clock, as its answers' Date headers tell it).
 */
const query = z.object({
  unit: z.enum(PACE_UNITS as [PaceUnit, ...PaceUnit[]]).default("month"),
  pickup: z.coerce
    .number()
    .refine((n) => (PICKUP_WINDOWS as readonly number[]).includes(n), "Pickup is over 1, 7 or 30 days.")
    .default(7),
});

export const getPace = (request: Request) =>
  handle(
    request,
    async ({ runtime, account }) => {
      const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!parsed.success) return errorResponse(400, "invalid_query", parsed.error.issues[0]!.message);
      const now = new Date(serviceNow()).toISOString();
      return json(
        await paceReport(runtime.store, account.accountId, {
          unit: parsed.data.unit,
          pickupDays: parsed.data.pickup,
          now,
        }),
      );
    },
    NO_PACE,
  );
