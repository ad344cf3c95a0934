import "server-only";
import { env } from "@/lib/server/env";
import type { DashboardStore } from "@/lib/server/dashboard-store";
import { openStore } from "@/lib/server/sqlite-store";
import { createInboxWriter, type InboxWriter } from "./inbox-writer";
import { createProcessor, type Processor } from "./processor";

/**
 * The receiver's parts, one set per process, made on first use from the environment. Kept on
 * globalThis because Next may load this module once per route bundle, and two copies would
 * open the database twice and process events twice.
 */
export interface ReceiverRuntime {
  store: DashboardStore;
  writer: InboxWriter;
  processor: Processor;
}

const KEY = Symbol.for("rate-desk.webhook-receiver");
const holder = globalThis as typeof globalThis & { [KEY]?: ReceiverRuntime };

export function receiverRuntime(): ReceiverRuntime {
  if (!holder[KEY]) {
    const { dataDir, sessionSecret } = env();
    const store = openStore({ dataDir, sessionSecret });
    const processor = createProcessor(store);
    holder[KEY] = { store, writer: createInboxWriter(store), processor };
    // Restart recovery: whatever was accepted but not processed before the last stop.
    processor.schedule();
  }
  return holder[KEY];
}

/** The dashboard's store, for the other server code (connect, inbox page, live updates). */
export function dashboardStore(): DashboardStore {
  return receiverRuntime().store;
}
