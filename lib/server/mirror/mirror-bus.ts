import { z } from "zod";
import { onRelayed, relayToOtherInstances } from "@/lib/server/instance-relay";
import { processSingleton } from "@/lib/server/process-singleton";

/**
 * "The mirror changed": a sync task wrote rows, or the account's sync changed state. Open
 * pages of the account hear it over the live-updates stream and re-read what they show from
 * the mirror; the instance that read tells the others (instance-relay.ts), whose pages hear
 * it as if read there. Carries ids only, as the webhooks do.
 */
const mirrorChange = z.object({
  accountId: z.string().min(1),
  /** The task kind that wrote rows (`listings`, `reservations`…), or `state`. */
  kind: z.string().min(1),
  listingIds: z.array(z.string()),
});
export type MirrorChange = z.infer<typeof mirrorChange>;
type Listener = (change: MirrorChange) => void;

const RELAY_KIND = "mirror";
const listeners = processSingleton("mirror-change-listeners", () => new Set<Listener>());

export function onMirrorChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function deliverHere(change: MirrorChange): void {
  for (const listener of [...listeners]) {
    try {
      listener(change);
    } catch (error) {
      console.error("A mirror change listener failed:", error instanceof Error ? error.message : error);
    }
  }
}

export function publishMirrorChange(change: MirrorChange): void {
  deliverHere(change);
  relayToOtherInstances(RELAY_KIND, change);
}

/** What another instance read reaches this process's pages (wired by boot.ts). */
export const hearMirrorChanges = () => onRelayed(RELAY_KIND, mirrorChange, deliverHere);
