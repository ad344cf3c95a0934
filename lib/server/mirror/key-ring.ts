import type { HeldKey, KeySource } from "@/lib/server/mirror/worker";

/**
 * The keys the sync reads with, held in this process's memory only, never written anywhere:
 * a signed-in user's session key, while someone of the account has the dashboard open (an
 * open live-updates stream holds it; a call to the sync's routes touches it). When the last
 * page closes, the key is let go after a short grace (a reload, a page change), and the sync
 * waits for the next user of the account; what the webhooks asked for meanwhile waits as due
 * tasks in the store and is read then.
 */
export const ONLINE_GRACE_MS = 90_000;

interface Holding {
  apiKey: string;
  streams: number;
  lastSeen: number;
}

export interface KeyRing extends KeySource {
  keyFor(accountId: string): HeldKey | null;
  /** An open page of the account: holds its key until the returned function is called. */
  hold(accountId: string, apiKey: string): () => void;
  /** A request of the account: its key, and presence for the grace period. */
  touch(accountId: string, apiKey: string): void;
  online(accountId: string): boolean;
  forget(accountId: string): void;
}

export function createKeyRing(now: () => number = Date.now): KeyRing {
  const held = new Map<string, Holding>();
  const refusedKeys = new Set<string>();

  const present = (h: Holding) => h.streams > 0 || now() - h.lastSeen < ONLINE_GRACE_MS;
  function take(accountId: string, apiKey: string): Holding | null {
    if (refusedKeys.has(apiKey)) return null;
    const current = held.get(accountId);
    // The newest user's key reads: the key of a user who signed out may be revoked next.
    const holding =
      current && current.apiKey === apiKey
        ? current
        : { apiKey, streams: current?.streams ?? 0, lastSeen: now() };
    holding.lastSeen = now();
    held.set(accountId, holding);
    return holding;
  }

  return {
    hold(accountId, apiKey) {
      const holding = take(accountId, apiKey);
      if (!holding) return () => {};
      holding.streams += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const current = held.get(accountId);
        if (current) {
          current.streams = Math.max(0, current.streams - 1);
          current.lastSeen = now();
        }
      };
    },
    touch(accountId, apiKey) {
      take(accountId, apiKey);
    },
    online(accountId) {
      const h = held.get(accountId);
      return !!h && present(h);
    },
    keyFor(accountId): HeldKey | null {
      const h = held.get(accountId);
      if (!h) return null;
      if (!present(h)) {
        held.delete(accountId);
        return null;
      }
      return { apiKey: h.apiKey, online: true };
    },
    refused(accountId, apiKey) {
      refusedKeys.add(apiKey);
      if (held.get(accountId)?.apiKey === apiKey) held.delete(accountId);
    },
    forget(accountId) {
      held.delete(accountId);
    },
  };
}
