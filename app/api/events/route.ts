import type { LiveChange } from "@/lib/shell/live-updates";
import { concerns, isSessionEnded, onSessionEnded } from "@/lib/server/ended-sessions";
import { errorResponse } from "@/lib/server/http";
import { clearedSessionCookie, sessionCookieFrom, unsealSession } from "@/lib/server/session";
import { onWebhookEvent } from "@/lib/server/webhooks/event-bus";
import { sinkDirectory } from "@/lib/server/webhooks/sink-directory";
import { SvcError } from "@/lib/svc/errors";
import { mirrorOfStream } from "@/lib/server/mirror/live";
import { knownAccountOf } from "@/lib/server/mirror/account";
import { onAlertsFired } from "@/lib/server/alerts/fired-bus";

// A long-lived stream: Node's runtime, never cached or prerendered.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Under the 30–60 s idle timeouts of common proxies, so an idle stream stays open. */
const HEARTBEAT_MS = 25_000;

const encoder = new TextEncoder();

function ended(): Response {
  return errorResponse(401, "unauthenticated", "Your session has ended. Sign in again.", {
    headers: { "set-cookie": clearedSessionCookie() },
  });
}

/**
 * Server-sent events for the signed-in user's open pages: one `change` per processed webhook
 * event of a sink bound to one of the user's subscriptions. An account with no connected sink
 * gets heartbeats only. Which sinks an account hears is learned once and shared by all its
 * pages (sink-directory.ts), so an idle page makes no upstream request.
 */
export async function GET(request: Request): Promise<Response> {
  const session = await unsealSession(sessionCookieFrom(request.headers));
  if (!session) return errorResponse(401, "unauthenticated", "Your session has ended. Sign in again.");
  // Signed out or its key revoked here: the learned sinks may outlive the key, the record does not.
  if (await isSessionEnded(session)) return ended();

  const directory = sinkDirectory();
  try {
    await directory.sinksOf(session.apiKey);
  } catch (error) {
    // A key revoked elsewhere ends the session, as in the BFF. Anything else (the service
    // down) leaves an open stream that hears nothing until the next refresh succeeds.
    if (error instanceof SvcError && error.status === 401) return ended();
  }

  // The account's mirror, when it has one: this open page holds the key its sync reads with.
  const mirror = await mirrorOfStream(session);

  let release = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      const unsubscribe = onWebhookEvent((notice) => {
        if (!directory.known(session.apiKey).has(notice.sinkId)) return;
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
        isSessionEnded(session).then(
          (ended) => (ended ? finish() : send(": heartbeat\n\n")),
          (error: unknown) => {
            // The store did not answer this time: the stream stays open, the next beat asks again.
            console.error(
              "Checking an open stream's session failed:",
              error instanceof Error ? error.message : error,
            );
            send(": heartbeat\n\n");
          },
        );
      }, HEARTBEAT_MS);
      // A revoked key ends the stream; EventSource's reconnect then meets the 401 and stops.
      const unwatch = directory.watch(session.apiKey, () => finish());
      const unmirror =
        mirror?.listen((change) => send(`event: mirror\ndata: ${JSON.stringify(change)}\n\n`)) ?? (() => {});
      // Alerts this process just fired for the account: the bell and the inbox read again.
      const unalerts = onAlertsFired((accountId) => {
        if (accountId === knownAccountOf(session)?.accountId) send("event: alerts\ndata: {}\n\n");
      });

      release = () => {
        if (!open) return;
        open = false;
        unsubscribe();
        unsubscribeEnded();
        clearInterval(heartbeat);
        unwatch();
        unmirror();
        unalerts();
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
