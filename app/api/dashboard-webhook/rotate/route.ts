import { handleConnectRequest } from "@/lib/server/webhooks/connect-route";
import { rotateDashboardSecret } from "@/lib/server/webhooks/rotate";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Rotates the dashboard subscription's secret; the receiver keeps the previous one 24 hours. */
export const POST = (request: Request) => handleConnectRequest(request, rotateDashboardSecret);
