import { sendTest } from "@/lib/server/delivery/email/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Sends a test e-mail to the person's saved address now. */
export const POST = sendTest;
