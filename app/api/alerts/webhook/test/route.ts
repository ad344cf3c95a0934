import { sendTest } from "@/lib/server/delivery/webhook/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Sends a test message now: 202 with the message and its first attempt. */
export const POST = sendTest;
