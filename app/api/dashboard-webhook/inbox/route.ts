import { connectContextFor, connectFailure, inboxOf, jsonAnswer } from "@/lib/server/webhooks/connect";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The Inbox page: events received for the account's sinks and recent refusals, newest first. */
export async function GET(request: Request) {
  const ctx = await connectContextFor(request);
  if (ctx instanceof Response) return ctx;
  try {
    const page = await inboxOf(ctx);
    return jsonAnswer(page);
  } catch (error) {
    return connectFailure(error);
  }
}
