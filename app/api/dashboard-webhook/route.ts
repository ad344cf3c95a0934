import { env } from "@/lib/server/env";
import { errorResponse, isSameOriginWrite } from "@/lib/server/http";
import {
  connectContextFor,
  connectDashboard,
  connectFailure,
  connectionStatus,
  disconnectDashboard,
  jsonAnswer,
  type ConnectContext,
} from "@/lib/server/webhooks/connect";

// better-sqlite3: the Node.js runtime, never the edge.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

async function handle(request: Request, work: (ctx: ConnectContext) => Promise<unknown>, status = 200) {
  const ctx = await connectContextFor(request);
  if (ctx instanceof Response) return ctx;
  if (request.method !== "GET" && !isSameOriginWrite(request, env().dashboardOrigin)) {
    return errorResponse(403, "cross_site_write", "Changes must come from the dashboard itself.");
  }
  try {
    return jsonAnswer(await work(ctx), status);
  } catch (error) {
    return connectFailure(error);
  }
}

/** `{connected, sink?, subscription?}` for the signed-in account. */
export const GET = (request: Request) => handle(request, connectionStatus);
/** Connects: a subscription to this dashboard's receiver; the secret stays on the server. */
export const POST = (request: Request) => handle(request, connectDashboard, 201);
export const DELETE = (request: Request) => handle(request, disconnectDashboard);
