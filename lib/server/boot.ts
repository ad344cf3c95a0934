import "server-only";
import { hearEndedSessions } from "@/lib/server/ended-sessions";
import { startAlertWebhook } from "@/lib/server/delivery/webhook/runtime";
import { env } from "@/lib/server/env";
import { installRelayTransport, onRelayed, receiveRelayed } from "@/lib/server/instance-relay";
import { openPostgresRelay } from "@/lib/server/postgres-relay";
import { dashboardStore } from "@/lib/server/store";
import { openOrStop } from "@/lib/server/store-select";
import {
  deliverWebhookEventHere,
  hearWebhookEvents,
  WEBHOOK_REF,
  webhookRef,
} from "@/lib/server/webhooks/event-bus";
import { noticeOf } from "@/lib/server/webhooks/processor";
import { receiverRuntime } from "@/lib/server/webhooks/runtime";
import { hearSinkChanges } from "@/lib/server/webhooks/sink-directory";
import { hearMirrorChanges } from "@/lib/server/mirror/mirror-bus";
import { mirrorRuntime } from "@/lib/server/mirror/runtime";
import { startEmailDelivery } from "@/lib/server/delivery/email/runtime";

/**
 * The server's composition root, run once at start (instrumentation.ts): it opens the store,
 * wires what other instances tell this one, and starts the webhook receiver, so that events
 * accepted before the last stop are processed now rather than at the next delivery. A
 * DATABASE_URL that is malformed or unreachable stops the server with one sentence.
 */
export async function boot(): Promise<void> {
  await openOrStop(async () => {
    const { store: choice } = env();
    if (choice.engine === "postgres") await joinOtherInstances(choice.url);
    await receiverRuntime();
    // The portfolio mirror's sync runs in the background from the start: accounts whose
    // users are back resume where it stopped. A mirror that cannot open leaves the dashboard
    // serving (its routes then answer in a sentence), said once in the log.
    await mirrorRuntime().catch((error: unknown) =>
      console.error("The portfolio mirror could not start:", error instanceof Error ? error.message : error),
    );
    // Alerts by outgoing webhook: due attempts every 15 s, and at once when alerts fire.
    startAlertWebhook();
    // Alerts by e-mail: the morning digests every minute, and immediate e-mail of fired alerts.
    await startEmailDelivery().catch((error: unknown) =>
      console.error("E-mail delivery could not start:", error instanceof Error ? error.message : error),
    );
  });
}

/**
 * Several instances share one PostgreSQL: what one processes or ends, the others hear through
 * LISTEN/NOTIFY (instance-relay.ts). Each kind's handler is wired before the transport opens,
 * so nothing is heard unhandled.
 */
async function joinOtherInstances(url: string): Promise<void> {
  const store = await dashboardStore();
  hearWebhookEvents();
  hearEndedSessions();
  hearSinkChanges();
  hearMirrorChanges();
  // An event too large for NOTIFY arrives as its id: its notice is read from the shared store.
  onRelayed(WEBHOOK_REF, webhookRef, async ({ eventId }) => {
    const event = await store.findEvent(eventId);
    // An event of an unknown type was published too (ignored, yet its listings refresh).
    const notice = event && event.state !== "pending" ? noticeOf(event) : null;
    if (notice) deliverWebhookEventHere(notice);
  });
  installRelayTransport(openPostgresRelay({ url, onMessage: (text) => void receiveRelayed(text) }));
}
