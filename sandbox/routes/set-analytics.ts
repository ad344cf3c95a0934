import type { RouteTable, SandboxContext } from "../context";
import { aggregatedMetrics, timeSeries } from "../domain/set-analytics/aggregates";
import { setPriceCalendar } from "../domain/set-analytics/calendar";
import { distribution } from "../domain/set-analytics/distribution";
import { requireSetAction, resolveSet, type SetRow } from "../domain/sets/access";

/**
 * A free set, a missing one and one the caller cannot see all answer the same 404 (docs/interface.md,
 * Dynamic sets rule 5); every access level may read analytics, a viewer's included.
 */
function readablePaidSet(ctx: SandboxContext, userId: string, setId: string): SetRow {
  const { set, access } = resolveSet(ctx, userId, setId, { paidOnly: true });
  requireSetAction(access, "read");
  return set;
}

/** Paid-only set analytics: thin handlers over domain/set-analytics. */
export const setAnalyticsRoutes: RouteTable = {
  "sets.aggregatedMetrics": ({ ctx, caller, params, query }) => {
    const set = readablePaidSet(ctx, caller.user.id, params.set_id!);
    return { body: aggregatedMetrics(ctx, set, query) };
  },
  "sets.priceCalendar": ({ ctx, caller, params, query }) => {
    const set = readablePaidSet(ctx, caller.user.id, params.set_id!);
    return { body: setPriceCalendar(ctx, set, query) };
  },
  "sets.timeSeries": ({ ctx, caller, params, query }) => {
    const set = readablePaidSet(ctx, caller.user.id, params.set_id!);
    return { body: timeSeries(ctx, set, query) };
  },
  "sets.distribution": ({ ctx, caller, params, query }) => {
    const set = readablePaidSet(ctx, caller.user.id, params.set_id!);
    return { body: distribution(ctx, set, query) };
  },
};
