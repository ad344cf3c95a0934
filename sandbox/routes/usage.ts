import type { RouteTable } from "../context";
import { usageReport } from "../domain/usage/report";

/** GET /usage: the caller's own traffic (docs/interface.md §Usage, docs/interface-decisions.md §7). */
export const usageRoutes: RouteTable = {
  "usage.get": ({ ctx, caller, query }) => ({ body: usageReport(ctx, caller, query) }),
};
