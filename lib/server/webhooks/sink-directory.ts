import "server-only";
import { SvcError } from "@/lib/svc/errors";
import { sinksHeardBy } from "./live";

/**
 * Which sinks each account's open pages may hear, learned once per account per instance and
 * shared by all its tabs. An idle page then costs nothing upstream: GET /webhooks is asked when
 * an account's first page opens, when this dashboard connects, disconnects or rotates for it,
 * and at most every REFRESH_MS while pages stay open (catching a subscription deleted
 * elsewhere, or a key revoked in the service's own app).
 *
 * "Account" here is the session's key, as in the connect cache: the interface names no user id,
 * and the key is what GET /webhooks answers for. Another key of the same user learns a change
 * made under this one at its next refresh.
 */
export const REFRESH_MS = 15 * 60_000;
/** Bounds memory when many accounts come and go; the oldest entry without pages goes first. */
const MAX_ENTRIES = 500;

type Learn = (apiKey: string) => Promise<Set<string>>;

interface Entry {
  sinks: Set<string>;
  learnedAt: number;
  pending: Promise<Set<string>> | null;
  /** Each open page's "the key was refused" callback. */
  pages: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
}

export interface SinkDirectory {
  /** The account's sinks: remembered when fresh, else asked once however many pages wait. */
  sinksOf(apiKey: string): Promise<Set<string>>;
  /** What is known now, for filtering each event without waiting. */
  known(apiKey: string): Set<string>;
  /** Keeps the account refreshed while the page is open; `onRefused` ends the page's stream. */
  watch(apiKey: string, onRefused: () => void): () => void;
  /** The account's sinks changed here (connect, disconnect, rotate): open pages learn it now. */
  relearn(apiKey: string): void;
  size(): number;
}

export function createSinkDirectory(learn: Learn = (key) => sinksHeardBy(key)): SinkDirectory {
  const entries = new Map<string, Entry>();

  function entryOf(apiKey: string): Entry {
    let entry = entries.get(apiKey);
    if (!entry) {
      if (entries.size >= MAX_ENTRIES) evictOne();
      entry = { sinks: new Set(), learnedAt: -Infinity, pending: null, pages: new Set(), timer: null };
      entries.set(apiKey, entry);
    }
    return entry;
  }

  function evictOne() {
    for (const [key, entry] of entries) {
      if (entry.pages.size === 0) {
        entries.delete(key);
        return;
      }
    }
  }

  function fetchInto(apiKey: string, entry: Entry): Promise<Set<string>> {
    entry.pending ??= learn(apiKey).then(
      (sinks) => {
        entry.sinks = sinks;
        entry.learnedAt = Date.now();
        entry.pending = null;
        return sinks;
      },
      (error: unknown) => {
        entry.pending = null;
        // A refused key ends every page of the account; anything else (the service down)
        // keeps what was known until the next refresh succeeds.
        if (error instanceof SvcError && error.status === 401) {
          entries.delete(apiKey);
          for (const refused of [...entry.pages]) refused();
        }
        throw error;
      },
    );
    return entry.pending;
  }

  function refreshInBackground(apiKey: string, entry: Entry) {
    fetchInto(apiKey, entry).catch(() => undefined);
  }

  return {
    sinksOf(apiKey) {
      const entry = entryOf(apiKey);
      if (Date.now() - entry.learnedAt < REFRESH_MS) return Promise.resolve(entry.sinks);
      return fetchInto(apiKey, entry);
    },
    known(apiKey) {
      return entries.get(apiKey)?.sinks ?? new Set();
    },
    watch(apiKey, onRefused) {
      const entry = entryOf(apiKey);
      entry.pages.add(onRefused);
      if (!entry.timer) {
        entry.timer = setInterval(() => refreshInBackground(apiKey, entry), REFRESH_MS);
        entry.timer.unref?.();
      }
      return () => {
        entry.pages.delete(onRefused);
        if (entry.pages.size === 0 && entry.timer) {
          clearInterval(entry.timer);
          entry.timer = null;
        }
      };
    },
    relearn(apiKey) {
      const entry = entries.get(apiKey);
      if (!entry) return;
      if (entry.pages.size === 0) entries.delete(apiKey);
      // A request already in flight may predate the change: ask again once it settles.
      else if (entry.pending)
        entry.pending.catch(() => undefined).then(() => refreshInBackground(apiKey, entry));
      else refreshInBackground(apiKey, entry);
    },
    size: () => entries.size,
  };
}

// One directory per process, kept across Next's module reloads like the event bus.
const KEY = Symbol.for("rate-desk.sink-directory");
const holder = globalThis as typeof globalThis & { [KEY]?: SinkDirectory };
export const sinkDirectory = (): SinkDirectory => (holder[KEY] ??= createSinkDirectory());
