import "server-only";
import type { Alert } from "@/lib/server/alerts/alerts-store";
import { processSingleton } from "@/lib/server/process-singleton";

/**
 * Alerts an evaluation of this process has just fired, for whatever delivers them beyond the
 * page (immediate e-mail, the outgoing webhook). Each alert fires once, in one process: the
 * store's index makes a second firing an insert that does nothing, so a listener never sees
 * an alert twice, whichever instance fired it.
 */
export type FiredListener = (accountId: string, fired: readonly Alert[]) => Promise<void> | void;

const listeners = processSingleton("alerts-fired-listeners", () => new Set<FiredListener>());

export function onAlertsFired(listener: FiredListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every listener is told; one that fails is said in the log and does not stop the others. */
export async function publishFired(accountId: string, fired: readonly Alert[]): Promise<void> {
  if (fired.length === 0) return;
  await Promise.all(
    [...listeners].map(async (listener) => {
      try {
        await listener(accountId, fired);
      } catch (error) {
        console.error("Fired alerts could not be delivered:", error instanceof Error ? error.message : error);
      }
    }),
  );
}
