import { errorResponse } from "@/lib/server/http";
import { sessionCookieFrom, unsealSession } from "@/lib/server/session";
import { serviceAnswers } from "@/lib/server/upstream";

export const dynamic = "force-dynamic";

/**
 * GET: 200 when the pricing service answers, 503 when it does not. Open pages ask it, after
 * growing pauses, while their queries failed as unreachable (lib/queries/service-recovery.ts).
 * Signed-in callers only: each call costs an outbound request.
 */
export async function GET(request: Request): Promise<Response> {
  if (!(await unsealSession(sessionCookieFrom(request.headers)))) {
    return errorResponse(401, "unauthenticated", "Your session has ended. Sign in again.");
  }
  if (!(await serviceAnswers())) {
    return errorResponse(503, "upstream_unreachable", "The pricing service cannot be reached right now.");
  }
  return new Response(JSON.stringify({ service: "answering" }), {
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}
