import type { LiveChange } from "@/lib/shell/live-updates";
import { concerns, isSessionEnded, onSessionEnded } from "@/lib/server/ended-sessions";
import { errorResponse } from "@/lib/server/http";
import { clearedSessionCookie, sessionCookieFrom, unsealSession } from "@/lib/server/session";
import { onWebhookEvent } from "@/lib/server/webhooks/event-bus";
import { sinksHeardBy } from "@/lib/server/webhooks/live";
import { SvcError } from "@/lib/svc/errors";

// A long-lived stream: Node's runtime, never cached or prerendered.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Under the 30–60 s idle timeouts of common proxies, so an idle stream stays open. */
const HEARTBEAT_MS = 25_000;
/** Connecting or disconnecting the dashboard takes effect on open pages within this. */
const RECHECK_MS = 3 * 60_000;

const encoder = new TextEncoder();

function ended(): Response {
  return errorResponse(401, "unauthenticated", "Your session has ended. Sign in again.", {
    headers: { "set-cookie": clearedSessionCookie() },
  });
}

/**
 * Server-sent events for the signed-in user's open pages: one `change` per processed webhook
 * event of a sink bound to one of the user's subscriptions. An account with no connected sink
 * gets heartbeats only; the sinks are looked up again every few minutes.
 */
export async function GET(request: Request): Promise<Response> {
  const session = await unsealSession(sessionCookieFrom(request.headers));
  if (!session) return errorResponse(401, "unauthenticated", "Your session has ended. Sign in again.");

  let sinks: Set<string>;
  try {
    sinks = await sinksHeardBy(session.apiKey);
  } catch (error) {
    // A key revoked elsewhere ends the session, as in the BFF. Anything else (the service
    // down) leaves an open stream that hears nothing until the next re-check succeeds.
    if (error instanceof SvcError && error.status === 401) return ended();
    sinks = new Set();
  }

  let release = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      const unsubscribe = onWebhookEvent((notice) => {
        if (!sinks.has(notice.sinkId)) return;
        const change: LiveChange = {
          type: notice.type,
          listing_ids: notice.listingIds,
          market_id: notice.marketId,
        };
        send(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
      });
      // Signed out or key revoked: in this process the stream closes at once; a sign-out
      // recorded by another process is seen at the next heartbeat.
      const unsubscribeEnded = onSessionEnded((notice) => {
        if (concerns(notice, session)) finish();
      });
      const heartbeat = setInterval(() => {
        if (isSessionEnded(session)) finish();
        else send(": heartbeat\n\n");
      }, HEARTBEAT_MS);
      const recheck = setInterval(() => {
        sinksHeardBy(session.apiKey, undefined, request.signal).then(
          (fresh) => {
            sinks = fresh;
          },
          (error: unknown) => {
            // A revoked key ends the stream; EventSource's reconnect then meets the 401 and stops.
            if (error instanceof SvcError && error.status === 401) finish();
          },
        );
      }, RECHECK_MS);

      release = () => {
        if (!open) return;
        open = false;
        unsubscribe();
        unsubscribeEnded();
        clearInterval(heartbeat);
        clearInterval(recheck);
        request.signal.removeEventListener("abort", finish);
      };
      function finish() {
        const wasOpen = open;
        release();
        if (!wasOpen) return;
        try {
          controller.close();
        } catch {
          // Already closed or errored by the runtime: nothing left to release.
        }
      }
      if (request.signal.aborted) finish();
      else request.signal.addEventListener("abort", finish);

      // The first bytes flush the headers now, and ask for a 5 s reconnect after a drop.
      send("retry: 5000\n: connected\n\n");
    },
    cancel() {
      release();
    },
  });

  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: Next's gzip (the `compression` package) would otherwise hold small events.
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
