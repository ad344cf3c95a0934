import "server-only";
import { z } from "zod";
import { periodOf } from "@/lib/pace/table";
import { errorResponse } from "@/lib/server/http";
import { paceGap, pickupReservations } from "@/lib/server/mirror/pace-drill";
import { paceRequestOf } from "@/lib/server/mirror/pace-route";
import { handle, json } from "@/lib/server/mirror/sync-route";
import { serviceNow } from "@/lib/server/service-clock";

/**
 * GET /api/mirror/pace/listings?unit=…&period=…&currency=… and
 * GET /api/mirror/pace/reservations?unit=…&period=…&pickup=…&year=this|last, with the Pace
 * page's scope: what lies behind a row and a pickup cell of the pace table, from the mirror.
 */
const cell = z.object({
  period: z.string().min(1).max(20),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "The currency is a three-letter code.")
    .optional(),
  year: z.enum(["this", "last"]).default("this"),
});

function cellOf(request: Request) {
  const asked = paceRequestOf(request);
  if (!asked.ok) return asked;
  const parsed = cell.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return { ok: false as const, error: parsed.error.issues[0]!.message };
  const period = periodOf(asked.view.unit, parsed.data.period);
  if (!period)
    return { ok: false as const, error: `"${parsed.data.period}" is not a stay ${asked.view.unit}.` };
  return { ...asked, period, currency: parsed.data.currency, year: parsed.data.year };
}

const now = () => new Date(serviceNow()).toISOString();

export const getPaceListings = (request: Request) =>
  handle(
    request,
    async ({ runtime, account }) => {
      const asked = cellOf(request);
      if (!asked.ok) return errorResponse(400, "invalid_query", asked.error);
      if (!asked.currency) return errorResponse(400, "invalid_query", "Say which currency's gap to rank.");
      return json(
        await paceGap(runtime.store, account.accountId, {
          period: asked.period,
          currency: asked.currency,
          now: now(),
          scope: asked.scope,
        }),
      );
    },
    { enabled: false, now: null, period: "", currency: "", gap: { nights: 0, revenue: 0 }, listings: [] },
  );

export const getPaceReservations = (request: Request) =>
  handle(
    request,
    async ({ runtime, account }) => {
      const asked = cellOf(request);
      if (!asked.ok) return errorResponse(400, "invalid_query", asked.error);
      return json(
        await pickupReservations(runtime.store, account.accountId, {
          period: asked.period,
          pickupDays: asked.view.pickup,
          year: asked.year,
          now: now(),
          scope: asked.scope,
        }),
      );
    },
    { enabled: false, period: "", year: "this", window: null, reservations: [] },
  );
