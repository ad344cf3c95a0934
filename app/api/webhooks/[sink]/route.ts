import { errorResponse } from "@/lib/server/http";
import { receiveDeliverySafely } from "@/lib/server/webhooks/receiver";
import { receiverRuntime } from "@/lib/server/webhooks/runtime";

// better-sqlite3 and node:crypto: the Node.js runtime, never the edge.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The webhook receiver. Public by design: the signature, not a session, authenticates. */
export async function POST(request: Request, context: { params: Promise<{ sink: string }> }) {
  const { sink } = await context.params;
  return receiveDeliverySafely(request, sink, receiverRuntime);
}

const notAllowed = () =>
  errorResponse(405, "method_not_allowed", "The webhook receiver only accepts POST.", {
    headers: { allow: "POST" },
  });
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
