import type { MirrorStore, SyncTask, TaskKind } from "@/lib/server/mirror/mirror-store";
import { DEFAULT_SHARES, paceVerdict, retryAfter429, type BudgetReading } from "@/lib/server/mirror/pace";
import { readTask, type MirrorWindow, type Send } from "@/lib/server/mirror/reader";
import { createSvcClient } from "@/lib/svc/client";
import { endpoints } from "@/lib/svc/endpoints";
import { isSvcError, type RateLimitInfo } from "@/lib/svc/errors";

/**
 * The mirror's sync, in the background of one process: for each account with a key to read
 * with, it claims one task at a time (claims and leases keep instances apart), reads it
 * through paced requests, and finishes it with its rows. Never in a request's path.
 *
 * What stops it, each said in a sentence on the Sync page: a 429 (until Retry-After), a key
 * the service refuses (the sync stops until started again, and the key is let go), a listing
 * no longer reachable (its task waits; the next listing read drops it), anything else (the
 * task is tried again later, backing off).
 */

export interface HeldKey {
  apiKey: string;
  /** Someone of the account has the dashboard open: the smaller share applies. */
  online: boolean;
}
export interface KeySource {
  keyFor(accountId: string): HeldKey | null | Promise<HeldKey | null>;
  /** The service refused the key: it must not be used again. */
  refused(accountId: string, apiKey: string): void;
}

export interface SyncWorkerOptions {
  store: MirrorStore;
  keys: KeySource;
  baseUrl: string;
  timeoutMs?: number;
  /** How requests reach the service; the global fetch unless a test routes them in-process. */
  fetch?: typeof fetch;
  shares?: { online: number; idle: number };
  leaseMs?: number;
  /** After a read, how long its rows count as fresh: the nightly reconcile (24 hours). */
  freshForMs?: number;
  historyMonths?: number;
  now?: () => number;
  /** Waits for the pace; real time unless a test moves a clock of its own. */
  sleep?: (ms: number) => Promise<void>;
  /** A task finished with rows: open pages of the account hear it. */
  onRead?: (accountId: string, kind: TaskKind, subject: string) => void;
}

/** What the Sync page shows of the pace, per account, as this process sees it. */
export interface PaceState {
  share: number;
  limit: number | null;
  waitingFor: "budget" | "key" | null;
}

export const DEFAULT_LEASE_MS = 120_000;
export const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** How often the worker looks for accounts with something to read. */
const TICK_MS = 250;

export const KEY_REFUSED =
  "The pricing service refused the API key the sync was reading with (revoked or expired). Sign in with a valid key and start the sync again.";

function sentence(error: unknown): string {
  if (isSvcError(error)) {
    if (error.status === 403 || error.status === 404)
      return `The pricing service no longer gives this account access to a listing (${error.status}); it leaves the mirror at the next read of the listings.`;
    if (error.status >= 500)
      return `The pricing service could not answer (${error.status}); the read is tried again shortly.`;
    return `The pricing service refused a read (${error.status}): ${error.message}`;
  }
  return `A read failed: ${error instanceof Error ? error.message : String(error)}`;
}

export function createSyncWorker(options: SyncWorkerOptions) {
  const { store, keys } = options;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const shares = options.shares ?? DEFAULT_SHARES;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const freshForMs = options.freshForMs ?? DAY_MS;
  const historyMonths = options.historyMonths ?? 24;
  const readings = new Map<string, BudgetReading & { skewMs: number | null }>();
  const lastSent = new Map<string, number>();
  const paces = new Map<string, PaceState>();
  const busy = new Set<string>();

  const note = (accountId: string, info: RateLimitInfo) => {
    if (info.limit === null && info.remaining === null) return;
    readings.set(accountId, { ...info, seenAt: now() });
  };

  /** Waits until the pace lets the account send, then sends one request. */
  function sender(accountId: string, key: HeldKey, counter: { requests: number }): Send {
    const share = key.online ? shares.online : shares.idle;
    return async (id, input) => {
      // The sync only ever reads: a key that could change prices is never used for more.
      if (endpoints[id].method !== "GET") throw new Error(`The sync reads only; ${id} is not a read.`);
      for (;;) {
        const verdict = paceVerdict({
          reading: readings.get(accountId) ?? null,
          share,
          lastSentAt: lastSent.get(accountId) ?? null,
          now: now(),
        });
        paces.set(accountId, {
          share,
          limit: readings.get(accountId)?.limit ?? null,
          waitingFor: verdict.send ? null : verdict.reason === "budget" ? "budget" : null,
        });
        if (verdict.send) break;
        await sleep(Math.max(10, verdict.until - now()));
      }
      let raw: unknown = null;
      const client = createSvcClient({
        baseUrl: options.baseUrl,
        contract: endpoints,
        apiKey: key.apiKey,
        timeoutMs: options.timeoutMs,
        fetch: async (url, init) => {
          const response = await (options.fetch ?? fetch)(url, init);
          if (response.ok)
            raw = await response
              .clone()
              .json()
              .catch(() => null);
          return response;
        },
      });
      lastSent.set(accountId, now());
      counter.requests += 1;
      try {
        const answer = await client.request(id, input);
        note(accountId, answer.rateLimit);
        return { answer, raw };
      } catch (error) {
        if (isSvcError(error)) note(accountId, error.rateLimit);
        throw error;
      }
    };
  }

  async function runTask(accountId: string, key: HeldKey, task: SyncTask): Promise<void> {
    const counter = { requests: 0 };
    const skewMs = readings.get(accountId)?.skewMs ?? 0;
    const window: MirrorWindow = {
      today: new Date(now() + skewMs).toISOString().slice(0, 10),
      historyMonths,
      bedroomsIn: async (marketId) =>
        (await store.listings(accountId)).filter((l) => l.marketId === marketId).map((l) => l.bedrooms),
    };
    try {
      const result = await readTask(task, sender(accountId, key, counter), window);
      if (
        await store.finishTask(
          task,
          { ok: true, result, requests: counter.requests },
          freshForMs,
          new Date(now()),
        )
      )
        options.onRead?.(accountId, task.kind, task.subject);
    } catch (error) {
      const at = now();
      let retryAt = at + Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** task.attempts);
      if (isSvcError(error) && error.status === 429) {
        retryAt = retryAfter429(error.rateLimit.retryAfter, at);
        await store.waitUntil(accountId, new Date(retryAt));
      }
      if (isSvcError(error) && error.status === 401) {
        keys.refused(accountId, key.apiKey);
        await store.stopSync(accountId, KEY_REFUSED, new Date(at));
        retryAt = at;
      }
      const text =
        isSvcError(error) && error.status === 429
          ? `The pricing service's rate limit was reached; the sync waits until ${new Date(retryAt).toISOString().slice(11, 19)} UTC.`
          : isSvcError(error) && error.status === 401
            ? KEY_REFUSED
            : sentence(error);
      await store.finishTask(
        task,
        { ok: false, error: text, requests: counter.requests, retryAt: new Date(retryAt) },
        freshForMs,
        new Date(at),
      );
      if (isSvcError(error) && (error.status === 403 || error.status === 404))
        await store.markDue(accountId, "listings", [""], new Date(at));
    }
  }

  /** One task for the account if it may read now; false when it had nothing to do or may not. */
  async function step(accountId: string): Promise<boolean> {
    if (busy.has(accountId)) return false;
    const record = await store.syncRecord(accountId);
    if (!record || record.paused || record.stoppedReason) return false;
    if (record.waitUntil !== null && record.waitUntil > now()) return false;
    const key = await keys.keyFor(accountId);
    if (!key) {
      paces.set(accountId, { share: shares.idle, limit: null, waitingFor: "key" });
      return false;
    }
    busy.add(accountId);
    try {
      const [task] = await store.claimTasks(accountId, 1, leaseMs, new Date(now()));
      if (!task) return false;
      await runTask(accountId, key, task);
      return true;
    } finally {
      busy.delete(accountId);
    }
  }

  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  const failed = (what: string) => (error: unknown) =>
    console.error(`The mirror's sync ${what}:`, error instanceof Error ? error.message : error);
  /**
   * Each account goes at its own pace, one task after another while it has work (its pace
   * spaces the requests), and no account waiting for its budget holds another back.
   */
  const runs = new Set<string>();
  async function run(account: string) {
    if (runs.has(account)) return;
    runs.add(account);
    try {
      while (running && (await step(account))) {
        // The next task at once: the pace decides when its request goes.
      }
    } finally {
      runs.delete(account);
    }
  }
  async function tick() {
    try {
      for (const account of await store.syncAccounts()) void run(account).catch(failed("failed a step"));
    } catch (error) {
      failed("could not read its store")(error);
    }
  }
  async function loop() {
    if (!running) return;
    await tick();
    if (running) timer = setTimeout(() => void loop(), TICK_MS);
  }

  return {
    step,
    /** Steps every account until none has anything left to do now (tests, the bench). */
    async drain(maxSteps = 100_000): Promise<number> {
      let steps = 0;
      for (; steps < maxSteps; steps++) {
        const accounts = await store.syncAccounts();
        const done = await Promise.all(accounts.map((a) => step(a)));
        if (!done.some(Boolean)) break;
      }
      return steps;
    },
    pace: (accountId: string): PaceState | null => paces.get(accountId) ?? null,
    start() {
      if (running) return;
      running = true;
      void loop();
    },
    stop() {
      running = false;
      if (timer) clearTimeout(timer);
    },
  };
}

export type SyncWorker = ReturnType<typeof createSyncWorker>;
