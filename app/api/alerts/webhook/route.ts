import { getEndpoint, putEndpoint } from "@/lib/server/delivery/webhook/routes";

// better-sqlite3 and pg: the Node.js runtime, never the edge.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The account's alerts webhook: `{endpoint, can_edit}`, the endpoint null until it is saved. */
export const GET = getEndpoint;
/** `{"url", "enabled", "digest_time", "time_zone"}`: 201 with the signing secret when made, once. */
export const PUT = putEndpoint;
