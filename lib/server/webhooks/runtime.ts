import "server-only";
import { env } from "@/lib/server/env";
import type { DashboardStore } from "@/lib/server/dashboard-store";
import { installRelayTransport, onRelayed, receiveRelayed } from "@/lib/server/instance-relay";
import { openPostgresRelay } from "@/lib/server/postgres-relay";
import { openChosenStore } from "@/lib/server/store-select";
import { deliverWebhookEventHere, WEBHOOK_REF, webhookRef } from "./event-bus";
import { createInboxWriter, type InboxWriter } from "./inbox-writer";
import { createProcessor, noticeOf, type Processor } from "./processor";

/**
 * The receiver's parts, one set per process, made on first use from the environment. Kept on
 * globalThis because Next may load this module once per route bundle, and two copies would
 * open the database twice and process events twice. Opening is asynchronous (PostgreSQL
 * applies its migrations first); every caller shares the one opening, and a failed opening
 * is forgotten so that the next caller tries again.
 *
 * On PostgreSQL (several instances) it also opens the relay between instances
 * (postgres-relay.ts), and drains pending events on a timer as well as on each delivery: the
 * events an instance accepted or claimed before it died are taken by another within a lease.
 */
export interface ReceiverRuntime {
  store: DashboardStore;
  writer: InboxWriter;
  processor: Processor;
}

const KEY = Symbol.for("rate-desk.webhook-receiver");
const holder = globalThis as typeof globalThis & { [KEY]?: Promise<ReceiverRuntime> };

/** Often enough that a dead instance's events are taken soon after their lease; never busier than 1/s. */
export const drainEveryMs = (claimLeaseMs: number) => Math.min(15_000, Math.max(1_000, claimLeaseMs / 2));

async function start(): Promise<ReceiverRuntime> {
  const { dataDir, sessionSecret, store: choice, claimLeaseMs } = env();
  // SQLite under DATA_DIR, or PostgreSQL when DATABASE_URL names one (store-select.ts).
  const store = await openChosenStore(choice, claimLeaseMs, { dataDir, sessionSecret });
  if (choice.engine === "postgres") {
    // The modules that hear other instances register their kinds when they load; Next loads a
    // route's modules at its first request, so they are loaded here, before anything is heard.
    await Promise.all([import("@/lib/server/ended-sessions"), import("./sink-directory")]);
    installRelayTransport(
      openPostgresRelay({ url: choice.url, onMessage: (text) => void receiveRelayed(text) }),
    );
    // An event too large for NOTIFY arrives as its id: its notice is read from the shared store.
    onRelayed(WEBHOOK_REF, webhookRef, async ({ eventId }) => {
      const event = await store.findEvent(eventId);
      // An event of an unknown type was published too (ignored, yet its listings refresh).
      const notice = event && event.state !== "pending" ? noticeOf(event) : null;
      if (notice) deliverWebhookEventHere(notice);
    });
  }
  const processor = createProcessor(store);
  // Restart recovery: whatever was accepted but not processed before the last stop.
  processor.schedule();
  setInterval(() => processor.schedule(), drainEveryMs(claimLeaseMs)).unref();
  return { store, writer: createInboxWriter(store), processor };
}

export function receiverRuntime(): Promise<ReceiverRuntime> {
  holder[KEY] ??= start().catch((error: unknown) => {
    holder[KEY] = undefined;
    throw error;
  });
  return holder[KEY];
}

/** The dashboard's store, for the other server code (connect, inbox page, live updates). */
export async function dashboardStore(): Promise<DashboardStore> {
  return (await receiverRuntime()).store;
}
