import "server-only";
import { env } from "@/lib/server/env";
import type { DashboardStore } from "@/lib/server/dashboard-store";
import { openDashboardStore } from "@/lib/server/store-select";
import { createInboxWriter, type InboxWriter } from "./inbox-writer";
import { createProcessor, type Processor } from "./processor";

/**
 * The receiver's parts, one set per process, made on first use from the environment. Kept on
 * globalThis because Next may load this module once per route bundle, and two copies would
 * open the database twice and process events twice. Opening is asynchronous (PostgreSQL
 * applies its migrations first); every caller shares the one opening, and a failed opening
 * is forgotten so that the next caller tries again.
 */
export interface ReceiverRuntime {
  store: DashboardStore;
  writer: InboxWriter;
  processor: Processor;
}

const KEY = Symbol.for("rate-desk.webhook-receiver");
const holder = globalThis as typeof globalThis & { [KEY]?: Promise<ReceiverRuntime> };

async function start(): Promise<ReceiverRuntime> {
  const { dataDir, sessionSecret } = env();
  // SQLite under DATA_DIR, or PostgreSQL when DATABASE_URL names one (store-select.ts).
  const store = await openDashboardStore(process.env, { dataDir, sessionSecret });
  const processor = createProcessor(store);
  // Restart recovery: whatever was accepted but not processed before the last stop.
  processor.schedule();
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
