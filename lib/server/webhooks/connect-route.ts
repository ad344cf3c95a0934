import "server-only";
import { env } from "@/lib/server/env";
import { errorResponse, isSameOriginWrite } from "@/lib/server/http";
import {
  connectContextFor,
  connectFailure,
  jsonAnswer,
  type ConnectContext,
} from "@/lib/server/webhooks/connect";

/**
 * The dashboard-webhook routes' one shape: a signed-in session, writes from the dashboard
 * itself only, the work, and its failures in the interface's error body.
 */
export async function handleConnectRequest(
  request: Request,
  work: (ctx: ConnectContext) => Promise<unknown>,
  status = 200,
): Promise<Response> {
  try {
    // Inside the try: opening the dashboard's store can fail too (a full or unreadable disk).
    const ctx = await connectContextFor(request);
    if (ctx instanceof Response) return ctx;
    if (request.method !== "GET" && !isSameOriginWrite(request, env().dashboardOrigin)) {
      return errorResponse(403, "cross_site_write", "Changes must come from the dashboard itself.");
    }
    return jsonAnswer(await work(ctx), status);
  } catch (error) {
    return connectFailure(error);
  }
}
