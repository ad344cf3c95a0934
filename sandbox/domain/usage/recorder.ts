import type { RuntimeState, SandboxContext } from "../../context";
import type { RequestRecord } from "../../dispatch";

export interface UsageRecorder {
  /** Queues one answered request; it reaches `usage_requests` by the next flush. */
  record(record: RequestRecord): void;
  /** Writes every queued request now, in one transaction. GET /usage calls it before reading. */
  flush(): void;
}

/** Queued records are written when this many are waiting, or on the next turn of the event loop. */
const FLUSH_AT = 500;

type Row = [number, string | null, string | null, string, string | null, number, number];

const recorders = new WeakMap<SandboxContext, UsageRecorder>();

/**
 * Records every request the service answers, for GET /usage: 401s and unmatched paths too
 * (key and user null then), 429s with the key that was refused. Inserts are queued and written
 * in one transaction per batch, so recording costs the request path an array push.
 */
export function createUsageRecorder(ctx: SandboxContext): UsageRecorder {
  const insert = ctx.db.prepare(
    `INSERT INTO usage_requests (at_ms, token_id, user_id, method, route, status, latency_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertAll = ctx.db.transaction((rows: Row[]) => {
    for (const row of rows) insert.run(...row);
  });

  let queue: Row[] = [];
  // A reset drops the table and replaces ctx.state: records queued before it belong to the old world.
  let generation: RuntimeState = ctx.state;
  let timer: NodeJS.Immediate | null = null;

  const flush = () => {
    if (timer) clearImmediate(timer);
    timer = null;
    const rows = queue;
    queue = [];
    if (rows.length === 0 || generation !== ctx.state || !ctx.db.open) return;
    insertAll(rows);
  };

  /** Off the request path: a failed write is logged, never turned into an answer. */
  const flushQuietly = () => {
    try {
      flush();
    } catch (error) {
      console.error("[sandbox] usage records lost:", error instanceof Error ? error.message : error);
    }
  };

  const recorder: UsageRecorder = {
    record(r) {
      if (generation !== ctx.state) {
        queue = [];
        generation = ctx.state;
      }
      queue.push([
        r.atMs,
        r.tokenId,
        r.userId,
        r.method.toUpperCase(),
        r.route,
        r.status,
        Math.max(0, r.latencyMs),
      ]);
      if (queue.length >= FLUSH_AT) flushQuietly();
      else if (!timer) timer = setImmediate(flushQuietly);
    },
    flush,
  };
  recorders.set(ctx, recorder);
  return recorder;
}

/** Writes the queued records of the sandbox behind `ctx`, if it records usage at all. */
export function flushUsage(ctx: SandboxContext): void {
  recorders.get(ctx)?.flush();
}
