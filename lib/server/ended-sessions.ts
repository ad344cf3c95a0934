import "server-only";
import type { SessionRef } from "./dashboard-store";
import { env } from "./env";
import { dashboardStore } from "./webhooks/runtime";

/**
 * Ending sessions before their cookies expire (issue 15, item 3): sign-out ends one session,
 * revoking a key ends every session that uses it. The record lives in the dashboard's store
 * (so every process, and a restart, sees it) until the cookie would have expired anyway;
 * open event streams of this process are told at once.
 */

/** Seal expiry and the clock of another process may differ a little: keep the record a bit longer. */
const MARGIN_MS = 5 * 60_000;

export type EndedNotice = { sessionId: string } | { keyId: string };
type Listener = (notice: EndedNotice) => void;

// On globalThis: Next may load this module once per route bundle (see event-bus.ts).
const KEY = Symbol.for("rate-desk.session-ended-listeners");
const holder = globalThis as typeof globalThis & { [KEY]?: Set<Listener> };
const listeners = (holder[KEY] ??= new Set<Listener>());

function publish(notice: EndedNotice) {
  for (const listener of [...listeners]) {
    try {
      listener(notice);
    } catch (error) {
      console.error("A session-ended listener failed:", error instanceof Error ? error.message : error);
    }
  }
}

/** Subscribes to sessions ended in this process; the returned function unsubscribes. */
export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export async function isSessionEnded(ref: SessionRef): Promise<boolean> {
  return (await dashboardStore()).isSessionEnded(ref);
}

/** Sign-out (or a key the service refused): this session's cookie is refused until it expires. */
export async function endSession(session: { sessionId: string; signedInAt: number }): Promise<void> {
  const until = new Date(session.signedInAt + env().sessionTtlSeconds * 1000 + MARGIN_MS);
  // Recorded before anyone is told: a stream that closes on the notice must not reconnect first.
  await (await dashboardStore()).endSession(session.sessionId, until);
  publish({ sessionId: session.sessionId });
}

/** The key was revoked: every session signed in with it so far ends now. */
export async function endKeySessions(keyId: string): Promise<void> {
  const until = new Date(Date.now() + env().sessionTtlSeconds * 1000 + MARGIN_MS);
  await (await dashboardStore()).endKeySessions(keyId, until);
  publish({ keyId });
}

/** Whether a notice concerns this session. */
export const concerns = (notice: EndedNotice, ref: SessionRef) =>
  "sessionId" in notice ? notice.sessionId === ref.sessionId : notice.keyId === ref.keyId;
