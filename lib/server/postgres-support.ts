import type { Pool, PoolClient } from "pg";
import type { InboxEvent, InboxState, Sink } from "@/lib/server/dashboard-store";

/**
 * What the PostgreSQL store's queries share (postgres-store.ts): the rows as pg returns them
 * (timestamptz as Date, bytea as Buffer) and their mapping to the interface's types (ISO
 * strings), a transaction on one pooled connection, and the retry of a deadlocked statement.
 */

export type SinkRow = {
  id: string;
  owner_account_id: string;
  owner_label: string;
  subscription_id: string | null;
  secret: Buffer;
  previous_secret: Buffer | null;
  previous_valid_until: Date | null;
  created_at: Date;
};
export type InboxRow = {
  event_id: string;
  sink_id: string;
  event_type: string;
  body: string;
  received_at: Date;
  verification: "verified";
  state: InboxState;
  processed_at: Date | null;
  error: string | null;
};

export const sinkOf = (r: SinkRow): Sink => ({
  id: r.id,
  ownerAccountId: r.owner_account_id,
  ownerLabel: r.owner_label,
  subscriptionId: r.subscription_id,
  previousValidUntil: r.previous_valid_until?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});
export const eventOf = (r: InboxRow): InboxEvent => ({
  eventId: r.event_id,
  sinkId: r.sink_id,
  eventType: r.event_type,
  body: r.body,
  receivedAt: r.received_at.toISOString(),
  verification: r.verification,
  state: r.state,
  processedAt: r.processed_at?.toISOString() ?? null,
  error: r.error,
});

/** The first occurrence of each key, in order: what SQLite's one-row-at-a-time loop keeps. */
export function firstOf<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
}

/**
 * Two instances inserting overlapping batches in different orders can each wait for the
 * other's uncommitted row; PostgreSQL then aborts one (deadlock_detected). Its statement
 * changed nothing, so it is sent again, and meets the other's rows as duplicates.
 */
export async function retryDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: unknown }).code !== "40P01" || attempt >= attempts) throw error;
    }
  }
}

/**
 * A connection the server closed while it sat idle in the pool (PostgreSQL restarted, an
 * administrator ended it) fails the first statement sent on it; the server ran nothing of it
 * (57P01–57P03 end the session before or instead of the statement, and a client "not
 * queryable" sent nothing), so the work is tried once more on a fresh connection.
 */
function isStaleConnection(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (typeof code === "string" && /^57P0[123]$/.test(code)) ||
    (typeof message === "string" && message.includes("is not queryable"))
  );
}

export async function onFreshConnection<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isStaleConnection(error)) throw error;
    return await work();
  }
}

/** The pool's promise `query` retried once on a stale connection (the callback form is not used here). */
export function retryingStaleConnections(pool: Pool): Pool {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: typeof query }).query = (...args) => onFreshConnection(() => query(...args));
  return pool;
}

export function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  // The server rolls back the open transaction of a session it ends, so all of it runs again.
  return onFreshConnection(() => transaction(pool, work));
}

async function transaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
