import "server-only";
import { handle, json } from "@/lib/server/mirror/sync-route";
import { serviceNow } from "@/lib/server/service-clock";
import { NO_TRIAGE, triageQueue } from "@/lib/server/triage/queue";
import { triageCsv } from "@/lib/triage/csv";

/**
 * GET /api/triage (JSON) and GET /api/triage.csv (or `?format=csv`): the triage queue from
 * the account's mirror under the BFF's rules (a live session; failures as sentences), scored
 * at the service's "now". No request reaches the service, beyond the one per key and process
 * that tells whose account the session is.
 */
export function csvResponse(text: string, filename: string) {
  return new Response(text, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}

export const getTriage = (request: Request, { csv = false }: { csv?: boolean } = {}) => {
  const asCsv = csv || new URL(request.url).searchParams.get("format") === "csv";
  return handle(
    request,
    async ({ runtime, account }) => {
      const now = new Date(serviceNow()).toISOString();
      const queue = await triageQueue(runtime.store, account.accountId, now);
      return asCsv ? csvResponse(triageCsv(queue.listings), "triage.csv") : json(queue);
    },
    asCsv ? undefined : NO_TRIAGE,
  );
};
