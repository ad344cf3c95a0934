import { getDelivery, putDelivery } from "@/lib/server/delivery/email/routes";

// better-sqlite3 and pg: the Node.js runtime, never the edge.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The signed-in person's own e-mail delivery: settings, next and last digest, whether e-mail is set up. */
export const GET = getDelivery;
/** `{"email", "time_zone", "digest_time", "digest", "immediate"}`: a read-only key may set its own. */
export const PUT = putDelivery;
