import { deleteMirror, postAction } from "@/lib/server/mirror/sync-route";

// better-sqlite3 and pg: the Node.js runtime, never the edge.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** `{"action": "start" | "pause" | "resume"}`: answers the sync's status after it. */
export const POST = postAction;
/** Forgets the account's mirror: its rows, its tasks, its state. */
export const DELETE = deleteMirror;
