import type { DashboardStore, NewInboxEvent } from "@/lib/server/dashboard-store";

/**
 * Group commit for the inbox. Each delivery waits for its durable write before it is
 * answered; deliveries arriving in the same turn of the event loop share one transaction
 * (one commit, one WAL append, and one fsync should the store ever run with
 * synchronous = FULL). Alone, a delivery waits only for the next `setImmediate`.
 */
export interface InboxWriter {
  /** Resolves once the event is committed, or was already stored under its id. */
  insert(event: NewInboxEvent): Promise<"inserted" | "duplicate">;
}

type Waiting = {
  event: NewInboxEvent;
  resolve: (outcome: "inserted" | "duplicate") => void;
  reject: (error: unknown) => void;
};

/** Bounds one transaction; a larger burst is written in several. */
const BATCH_MAX = 500;

export function createInboxWriter(store: Pick<DashboardStore, "insertEvents">): InboxWriter {
  let waiting: Waiting[] = [];
  let scheduled = false;

  function flush() {
    scheduled = false;
    const batch = waiting.slice(0, BATCH_MAX);
    waiting = waiting.slice(BATCH_MAX);
    if (waiting.length > 0) schedule();
    try {
      // Duplicates inside one batch are settled by the database too: the first insert wins.
      const outcomes = store.insertEvents(batch.map((w) => w.event));
      batch.forEach((w, i) => w.resolve(outcomes[i]!));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  }

  return {
    insert(event) {
      return new Promise((resolve, reject) => {
        waiting.push({ event, resolve, reject });
        schedule();
      });
    },
  };
}
