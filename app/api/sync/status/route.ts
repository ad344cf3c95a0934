import { getStatus } from "@/lib/server/mirror/sync-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The signed-in account's sync: listings synced of total, requests spent, share, state, last error. */
export const GET = getStatus;
