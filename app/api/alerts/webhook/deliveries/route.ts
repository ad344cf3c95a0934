import { listDeliveries } from "@/lib/server/delivery/webhook/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The messages sent to the endpoint, newest first, each with its attempts and its body. */
export const GET = listDeliveries;
