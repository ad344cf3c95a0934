import { driftLog } from "@/lib/server/drift-log";
import { readiness } from "@/lib/server/readiness";
import { serviceAnswers } from "@/lib/server/upstream";
import { dashboardStore } from "@/lib/server/store";

export const dynamic = "force-dynamic";

/** How soon a balancer should ask again after a 503. */
const RETRY_AFTER_S = 5;

/**
 * GET: 200 when this instance can serve users (its store can be read, its schema is in place,
 * the pricing service answers), else 503 with `Retry-After` and each check in a sentence. For
 * a load balancer's readiness probe: unauthenticated, no secret in the answer, and one
 * keyless request to the service (no budget is spent).
 */
export async function GET(): Promise<Response> {
  const result = await readiness({
    store: dashboardStore,
    serviceAnswers: () => serviceAnswers(2000),
    differences: () => driftLog().list(),
  });
  return new Response(JSON.stringify(result), {
    status: result.ready ? 200 : 503,
    headers: {
      "content-type": "application/json",
      "cache-control": "no-store",
      ...(result.ready ? {} : { "retry-after": String(RETRY_AFTER_S) }),
    },
  });
}
