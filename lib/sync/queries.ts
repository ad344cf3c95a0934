import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { callDashboard } from "@/lib/queries/dashboard-api";
import { queryKeys } from "@/lib/queries/keys";

/**
 * The portfolio mirror's sync as the browser reads it (GET /api/sync/status) and drives it
 * (POST and DELETE /api/sync): the dashboard's own routes, which cost no service request.
 * `state` is read openly: a state a newer dashboard adds is shown as it came.
 */
export const syncStatusSchema = z.object({
  enabled: z.boolean(),
  state: z.string(),
  listings_total: z.number(),
  listings_synced: z.number(),
  requests_spent: z.number(),
  share: z.number(),
  last_event_at: z.string().nullable(),
  last_error: z.string().nullable(),
  as_of: z.string().nullable(),
  started_at: z.string().nullable(),
  retry_at: z.string().nullable(),
  minutes_left: z.number().nullable(),
  waiting_for_user: z.boolean(),
  stored_key: z.object({ last4: z.string(), stored_at: z.string() }).nullable(),
  /** Reads done of reads there are, per kind; kinds this page does not know are kept aside. */
  reads: z.record(z.string(), z.object({ done: z.number(), total: z.number() })),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;
export type SyncAction = "start" | "pause" | "resume" | "erase_key";

/** Whether reads are still coming: the page follows them closely then, and at ease after. */
export const isSyncing = (status: SyncStatus | undefined) =>
  !!status?.enabled && (status.state === "backfilling" || status.state === "waiting_for_budget");

export function syncStatusQuery() {
  return queryOptions({
    queryKey: queryKeys.sync.status(),
    queryFn: ({ signal }) => callDashboard("/api/sync/status", syncStatusSchema, { signal }),
    staleTime: 2_000,
    // While the first fill runs, its progress; after it, a quiet minute (which also tells the
    // sync that someone of the account is here). No mirror: nothing to follow.
    refetchInterval: (query) =>
      isSyncing(query.state.data) ? 3_000 : query.state.data?.enabled ? 60_000 : false,
  });
}

export async function changeSync(
  queryClient: QueryClient,
  action: SyncAction | "forget" | { action: "store_key"; key: string },
) {
  const status =
    action === "forget"
      ? await callDashboard("/api/sync", syncStatusSchema, { method: "DELETE" })
      : await callDashboard("/api/sync", syncStatusSchema, {
          method: "POST",
          body: typeof action === "string" ? { action } : action,
        });
  queryClient.setQueryData(queryKeys.sync.status(), status);
  return status;
}

const monthFigures = z.object({
  month: z.string(),
  listings: z.number(),
  revenue: z.number().nullable(),
  occupancy: z.number().nullable(),
  adr: z.number().nullable(),
});
export const mirrorOverviewSchema = z.object({
  enabled: z.boolean(),
  as_of: z.string().nullable(),
  listings_covered: z.number(),
  listings_total: z.number(),
  comparisons: z.array(
    z.object({
      currency: z.string(),
      months: z.array(
        z.object({ which: z.enum(["this", "next"]), current: monthFigures, lastYear: monthFigures }),
      ),
    }),
  ),
  /** The next 30 nights on the books per currency (the pulse's figures). */
  pulse: z
    .array(
      z.object({
        currency: z.string(),
        listings: z.number(),
        withoutFigures: z.number(),
        revenue: z.number().nullable(),
        occupancy: z.number().nullable(),
        adr: z.number().nullable(),
      }),
    )
    .default([]),
});
export type MirrorOverview = z.infer<typeof mirrorOverviewSchema>;

/** This month and next against last year, from the mirror (no service request). */
export function mirrorOverviewQuery() {
  return queryOptions({
    queryKey: queryKeys.sync.overview(),
    queryFn: ({ signal }) => callDashboard("/api/mirror/overview", mirrorOverviewSchema, { signal }),
    staleTime: 10_000,
  });
}
