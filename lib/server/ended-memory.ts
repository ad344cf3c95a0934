import type { SessionRef } from "@/lib/server/dashboard-store";
import { processSingleton } from "@/lib/server/process-singleton";

/**
 * What one instance remembers of ended sessions (ended-sessions.ts): those ended here and
 * those another instance told it about. The store is the record; this memory answers only
 * while the store cannot be read, so that a sign-out this instance has seen still holds then.
 * Bounded: past MAX_REMEMBERED, the record closest to running out goes first.
 */
export const MAX_REMEMBERED = 10_000;

export type RememberedEnd =
  | { sessionId: string; until: number }
  /** Every session of the key signed in at or before `at`. */
  | { keyId: string; at: number; until: number };

export interface EndedMemory {
  remember(end: RememberedEnd): void;
  isEnded(ref: SessionRef, now?: number): boolean;
  size(): number;
}

export function createEndedMemory(max = MAX_REMEMBERED): EndedMemory {
  const sessions = new Map<string, number>();
  const keys = new Map<string, { at: number; until: number }>();

  function forgetRunOut(now: number) {
    for (const [id, until] of sessions) if (until <= now) sessions.delete(id);
    for (const [id, end] of keys) if (end.until <= now) keys.delete(id);
  }
  function makeRoom() {
    if (sessions.size + keys.size < max) return;
    forgetRunOut(Date.now());
    while (sessions.size + keys.size >= max) {
      // Maps keep insertion order: the oldest record is (nearly always) the first to run out.
      const oldest = sessions.keys().next();
      if (!oldest.done) sessions.delete(oldest.value);
      else keys.delete(keys.keys().next().value as string);
    }
  }

  return {
    remember(end) {
      makeRoom();
      if ("sessionId" in end) {
        sessions.set(end.sessionId, Math.max(end.until, sessions.get(end.sessionId) ?? 0));
      } else {
        const known = keys.get(end.keyId);
        keys.set(end.keyId, {
          at: Math.max(end.at, known?.at ?? 0),
          until: Math.max(end.until, known?.until ?? 0),
        });
      }
    },
    isEnded({ sessionId, keyId, signedInAt }, now = Date.now()) {
      const until = sessions.get(sessionId);
      if (until !== undefined && until > now) return true;
      const key = keyId === null ? undefined : keys.get(keyId);
      return key !== undefined && key.until > now && signedInAt <= key.at;
    },
    size: () => sessions.size + keys.size,
  };
}

export const endedMemory = (): EndedMemory => processSingleton("ended-memory", () => createEndedMemory());
