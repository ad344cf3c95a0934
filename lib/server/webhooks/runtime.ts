import "server-only";
import type { DashboardStore } from "@/lib/server/dashboard-store";
import { env } from "@/lib/server/env";
import { processSingletonOpening } from "@/lib/server/process-singleton";
import { dashboardStore } from "@/lib/server/store";
import { createInboxWriter, type InboxWriter } from "@/lib/server/webhooks/inbox-writer";
import { createProcessor, type Processor } from "@/lib/server/webhooks/processor";

/**
 * The receiver's parts, one set per process (two would process events twice), made on first
 * use on the dashboard's store. The processor drains pending events on a timer as well as on
 * each delivery: on PostgreSQL, the events an instance accepted or claimed before it died are
 * taken by another within a lease.
 */
export interface ReceiverRuntime {
  store: DashboardStore;
  writer: InboxWriter;
  processor: Processor;
}

/** Often enough that a dead instance's events are taken soon after their lease; never busier than 1/s. */
export const drainEveryMs = (claimLeaseMs: number) => Math.min(15_000, Math.max(1_000, claimLeaseMs / 2));

export const receiverRuntime: () => Promise<ReceiverRuntime> = processSingletonOpening(
  "webhook-receiver",
  async () => {
    const store = await dashboardStore();
    const processor = createProcessor(store);
    // Restart recovery: whatever was accepted but not processed before the last stop.
    processor.schedule();
    setInterval(() => processor.schedule(), drainEveryMs(env().claimLeaseMs)).unref();
    return { store, writer: createInboxWriter(store), processor };
  },
);
