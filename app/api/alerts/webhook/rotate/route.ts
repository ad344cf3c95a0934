import { rotateSecret } from "@/lib/server/delivery/webhook/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** A new signing secret, answered once. */
export const POST = rotateSecret;
