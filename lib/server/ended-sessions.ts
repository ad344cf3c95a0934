import "server-only";
import { z } from "zod";
import type { DashboardStore, SessionRef } from "@/lib/server/dashboard-store";
import { endedMemory, type RememberedEnd } from "@/lib/server/ended-memory";
import { env } from "@/lib/server/env";
import { onRelayed, relayToOtherInstances } from "@/lib/server/instance-relay";
import { dashboardStore } from "@/lib/server/store";
import { processSingleton } from "@/lib/server/process-singleton";

/**
 * Ending sessions before their cookies expire: sign-out ends one session,
 * revoking a key ends every session that uses it. The record lives in the dashboard's store
 * (so every process, and a restart, sees it) until the cookie would have expired anyway;
 * open event streams of this process, and of every other instance (instance-relay.ts), are
 * told at once.
 *
 * While the store cannot be read (PostgreSQL down), the check answers from what this instance
 * remembers: the sessions ended here or told by another instance (ended-memory.ts), so pages
 * keep working on the service and a sign-out seen by this instance still holds.
 */

/** Seal expiry and the clock of another process may differ a little: keep the record a bit longer. */
const MARGIN_MS = 5 * 60_000;

export type EndedNotice = { sessionId: string } | { keyId: string };
/** What another instance tells: the record it wrote, with its times, as this one remembers it. */
const relayedEnd: z.ZodType<RememberedEnd> = z.union([
  z.object({ sessionId: z.string(), until: z.number() }),
  z.object({ keyId: z.string(), at: z.number(), until: z.number() }),
]);
type Listener = (notice: EndedNotice) => void;

const listeners = processSingleton("session-ended-listeners", () => new Set<Listener>());

const memory = endedMemory();

/** Remembered, told to this process's streams, and (unless it came from there) to the others. */
function publish(end: RememberedEnd, relay = true) {
  memory.remember(end);
  const notice: EndedNotice = "sessionId" in end ? { sessionId: end.sessionId } : { keyId: end.keyId };
  if (relay) relayToOtherInstances("session-ended", end);
  for (const listener of [...listeners]) {
    try {
      listener(notice);
    } catch (error) {
      console.error("A session-ended listener failed:", error instanceof Error ? error.message : error);
    }
  }
}

/** Subscribes to sessions ended here or on another instance; the returned function unsubscribes. */
export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** A session another instance ended is ended here too (wired by boot.ts). */
export const hearEndedSessions = () => onRelayed("session-ended", relayedEnd, (end) => publish(end, false));

let lastWarned = 0;
export async function isSessionEnded(ref: SessionRef): Promise<boolean> {
  try {
    return await (await dashboardStore()).isSessionEnded(ref);
  } catch (error) {
    if (Date.now() - lastWarned > 60_000) {
      lastWarned = Date.now();
      console.error(
        "The dashboard's store cannot be read; ended sessions are checked from this instance's memory:",
        error instanceof Error ? error.message : error,
      );
    }
    return memory.isEnded(ref);
  }
}

/**
 * Writes the record; a store that cannot be written (PostgreSQL down) does not stop a sign-out:
 * the cookie is still cleared, and the end is remembered here and told to the instances that
 * can hear (ended-memory.ts). Only a restart of this instance during the outage forgets it.
 */
async function recorded(write: (store: DashboardStore) => Promise<void>) {
  try {
    await write(await dashboardStore());
  } catch (error) {
    console.error(
      "An ended session could not be stored; this instance remembers it:",
      error instanceof Error ? error.message : error,
    );
  }
}

/** Sign-out (or a key the service refused): this session's cookie is refused until it expires. */
export async function endSession(session: { sessionId: string; signedInAt: number }): Promise<void> {
  const until = new Date(session.signedInAt + env().sessionTtlSeconds * 1000 + MARGIN_MS);
  // Recorded before anyone is told: a stream that closes on the notice must not reconnect first.
  await recorded(async (store) => store.endSession(session.sessionId, until));
  publish({ sessionId: session.sessionId, until: until.getTime() });
}

/** The key was revoked: every session signed in with it so far ends now. */
export async function endKeySessions(keyId: string): Promise<void> {
  const at = Date.now();
  const until = new Date(at + env().sessionTtlSeconds * 1000 + MARGIN_MS);
  await recorded(async (store) => store.endKeySessions(keyId, until, new Date(at)));
  publish({ keyId, at, until: until.getTime() });
}

/** Whether a notice concerns this session. */
export const concerns = (notice: EndedNotice, ref: SessionRef) =>
  "sessionId" in notice ? notice.sessionId === ref.sessionId : notice.keyId === ref.keyId;
