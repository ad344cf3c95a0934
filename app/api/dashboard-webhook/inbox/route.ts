import { inboxOf } from "@/lib/server/webhooks/connect";
import { handleConnectRequest } from "@/lib/server/webhooks/connect-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The Inbox page: events received for the account's sinks and recent refusals, newest first. */
export const GET = (request: Request) => handleConnectRequest(request, inboxOf);
