import { queryOptions } from "@tanstack/react-query";
import { SvcError } from "@/lib/svc/errors";
import type { UsageQuery } from "@/lib/svc/schemas/usage";
import { USAGE_MAX_DAYS } from "@/lib/svc/schemas/usage";
import { windowProblem } from "@/lib/usage/window";
import { queryKeys } from "@/lib/queries/keys";
import { svc } from "@/lib/queries/svc";

/** The service caches a report for a few minutes (120 s on the reference service): asking sooner gets the same figures. */
const USAGE_CACHE_MS = 120_000;

/**
 * One usage report. A window the service would refuse is refused here first, as the same
 * SvcError the service answers (400 `window_too_long`), so the page explains it one way
 * whether the refusal came from this check or from the service, and no request is spent.
 */
export function usageReportQuery(query: UsageQuery) {
  return queryOptions({
    queryKey: queryKeys.usage.report(query),
    queryFn: ({ signal }) => {
      const problem = windowProblem(query);
      if (problem === "window_too_long") {
        throw new SvcError({
          status: 400,
          code: "window_too_long",
          message: `The window is at most ${USAGE_MAX_DAYS} days.`,
        });
      }
      if (problem === "invalid_window") {
        throw new SvcError({ status: 400, code: "invalid_query", message: "Invalid query for GET /usage." });
      }
      return svc.call("usage.get", { query, signal });
    },
    staleTime: USAGE_CACHE_MS,
  });
}
