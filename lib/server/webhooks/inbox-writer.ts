import type { DashboardStore, NewInboxEvent } from "@/lib/server/dashboard-store";

/**
 * Group commit for the inbox. Each delivery waits for its durable write before it is
 * answered; deliveries arriving in the same turn of the event loop share one transaction
 * (one commit, one WAL append, and one fsync should the store ever run with
 * synchronous = FULL). Alone, a delivery waits only for the next `setImmediate`. One write is
 * in flight at a time: deliveries that arrive while a database on the network commits wait
 * for the next one together, so the batch grows with the load instead of the connections.
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
  let writing = false;

  async function flush() {
    scheduled = false;
    writing = true;
    const batch = waiting.slice(0, BATCH_MAX);
    waiting = waiting.slice(BATCH_MAX);
    try {
      // Duplicates inside one batch are settled by the database too: the first insert wins.
      const outcomes = await store.insertEvents(batch.map((w) => w.event));
      batch.forEach((w, i) => w.resolve(outcomes[i]!));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      writing = false;
      if (waiting.length > 0) schedule();
    }
  }

  function schedule() {
    if (scheduled || writing) return;
    scheduled = true;
    setImmediate(() => void flush());
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
