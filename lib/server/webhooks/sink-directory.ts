import "server-only";
import { createHmac } from "node:crypto";
import { z } from "zod";
import { env } from "@/lib/server/env";
import { onRelayed, relayToOtherInstances } from "@/lib/server/instance-relay";
import { SvcError } from "@/lib/svc/errors";
import { sinksHeardBy } from "@/lib/server/webhooks/live";
import { processSingleton } from "@/lib/server/process-singleton";

/**
 * Which sinks each account's open pages may hear, learned once per account per instance and
 * shared by all its tabs. An idle page then costs nothing upstream: GET /webhooks is asked when
 * an account's first page opens, when this dashboard connects, disconnects or rotates for it,
 * and at most every REFRESH_MS while pages stay open (catching a subscription deleted
 * elsewhere, or a key revoked in the service's own app). A change made on another instance
 * of this dashboard is relayed (instance-relay.ts) and relearnt here at once; the account
 * travels as a keyed hash of its key (`accountTag`), never the key itself.
 *
 * "Account" here is the session's key, as in the connect cache: the interface names no user id,
 * and the key is what GET /webhooks answers for. Another key of the same user learns a change
 * made under this one at its next refresh.
 */
export const REFRESH_MS = 15 * 60_000;
/** Bounds memory when many accounts come and go; the oldest entry without pages goes first. */
const MAX_ENTRIES = 500;

type Learn = (apiKey: string) => Promise<Set<string>>;
type Tag = (apiKey: string) => string;

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
  /** The same, told by another instance: the account is named by its tag. */
  relearnTagged(tag: string): void;
  size(): number;
}

export function createSinkDirectory(
  learn: Learn = (key) => sinksHeardBy(key),
  { tag, tell }: { tag?: Tag; tell?: (tag: string) => void } = {},
): SinkDirectory {
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
      if (tag && tell) tell(tag(apiKey));
      relearnHere(apiKey);
    },
    relearnTagged(wanted) {
      if (!tag) return;
      for (const apiKey of [...entries.keys()]) if (tag(apiKey) === wanted) relearnHere(apiKey);
    },
    size: () => entries.size,
  };

  function relearnHere(apiKey: string) {
    const entry = entries.get(apiKey);
    if (!entry) return;
    if (entry.pages.size === 0) entries.delete(apiKey);
    // A request already in flight may predate the change: ask again once it settles.
    else if (entry.pending)
      entry.pending.catch(() => undefined).then(() => refreshInBackground(apiKey, entry));
    else refreshInBackground(apiKey, entry);
  }
}

/** An account's name between instances: an HMAC of its key, keyed by the shared session secret. */
export const accountTag: Tag = (apiKey) =>
  createHmac("sha256", env().sessionSecret).update(`sinks:${apiKey}`).digest("base64url").slice(0, 32);

export const sinkDirectory = (): SinkDirectory =>
  processSingleton("sink-directory", () =>
    createSinkDirectory(undefined, {
      tag: accountTag,
      tell: (account) => relayToOtherInstances("sinks-changed", { account }),
    }),
  );

/** An account's sinks changed on another instance: relearn them (wired by boot.ts). */
export const hearSinkChanges = () =>
  onRelayed("sinks-changed", z.object({ account: z.string() }), ({ account }) =>
    sinkDirectory().relearnTagged(account),
  );
