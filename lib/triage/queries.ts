import { queryOptions } from "@tanstack/react-query";
import { callDashboard } from "@/lib/queries/dashboard-api";
import { queryKeys } from "@/lib/queries/keys";
import { readAnswer } from "@/lib/svc/read-answer";
import { triageAnswer, triageListing, type TriageAnswer } from "@/lib/triage/queue";
import { z } from "zod";

/**
 * The triage queue as the page reads it (GET /api/triage): the dashboard's own route over the
 * portfolio mirror, under the sync's keys so a finished read of the mirror refreshes it. A
 * listing entry that cannot be read is left out and counted, never the whole queue.
 */
export function triageQuery() {
  return queryOptions({
    queryKey: queryKeys.sync.triage(),
    queryFn: async ({ signal }): Promise<TriageAnswer & { skipped: number }> => {
      const body = await callDashboard("/api/triage", triageAnswer, { signal });
      const read = readAnswer(z.array(triageListing), body.listings);
      return read.ok
        ? { ...body, listings: read.data, skipped: read.skipped.length }
        : { ...body, listings: [], skipped: body.listings.length };
    },
    staleTime: 30_000,
  });
}
