import { connectDashboard, connectionStatus, disconnectDashboard } from "@/lib/server/webhooks/connect";
import { handleConnectRequest } from "@/lib/server/webhooks/connect-route";

// better-sqlite3: the Node.js runtime, never the edge.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** `{connected, sink?, subscription?}` for the signed-in account. */
export const GET = (request: Request) => handleConnectRequest(request, connectionStatus);
/** Connects: a subscription to this dashboard's receiver; the secret stays on the server. */
export const POST = (request: Request) => handleConnectRequest(request, connectDashboard, 201);
export const DELETE = (request: Request) => handleConnectRequest(request, disconnectDashboard);
