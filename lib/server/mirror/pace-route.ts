import "server-only";
import { z } from "zod";
import { paceScopeSchema } from "@/lib/pace/scope";
import { PACE_UNITS, PICKUP_WINDOWS, type PaceUnit } from "@/lib/pace/table";
import { errorResponse } from "@/lib/server/http";
import { NO_PACE, paceReport } from "@/lib/server/mirror/pace-report";
import { handle, json } from "@/lib/server/mirror/sync-route";
import { serviceNow } from "@/lib/server/service-clock";

/**
 * GET /api/mirror/pace?unit=month|week|night&pickup=1|7|30, with a scope (the Listings page's
 * filters, market, bedrooms, channel) or one `listing`: the pace table from the account's
 * mirror, taken at the service's "now" (its clock, as its answers' Date headers tell it).
 */
export const paceViewSchema = z.object({
  unit: z.enum(PACE_UNITS as [PaceUnit, ...PaceUnit[]]).default("month"),
  pickup: z.coerce
    .number()
    .refine((n) => (PICKUP_WINDOWS as readonly number[]).includes(n), "Pickup is over 1, 7 or 30 days.")
    .default(7),
  listing: z.string().min(1).max(100).optional(),
});

/**
 * The view (read by `viewSchema`) and the Pace scope a request of the Pace routes asks for,
 * or the sentence that says why it cannot be read.
 */
export function scopedRequestOf<View>(request: Request, viewSchema: z.ZodType<View>) {
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const view = viewSchema.safeParse(search);
  const scope = paceScopeSchema.safeParse(search);
  if (!view.success) return { ok: false as const, error: view.error.issues[0]!.message };
  if (!scope.success)
    return {
      ok: false as const,
      error: `The scope's ${String(scope.error.issues[0]!.path[0])} cannot be read.`,
    };
  return { ok: true as const, view: view.data, scope: scope.data };
}

export const paceRequestOf = (request: Request) => scopedRequestOf(request, paceViewSchema);

export const getPace = (request: Request) =>
  handle(
    request,
    async ({ runtime, account }) => {
      const asked = paceRequestOf(request);
      if (!asked.ok) return errorResponse(400, "invalid_query", asked.error);
      const now = new Date(serviceNow()).toISOString();
      return json(
        await paceReport(runtime.store, account.accountId, {
          unit: asked.view.unit,
          pickupDays: asked.view.pickup,
          now,
          scope: asked.scope,
          listing: asked.view.listing,
        }),
      );
    },
    NO_PACE,
  );
