import "server-only";
import type { KeyRing } from "@/lib/server/mirror/key-ring";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import type { HeldKey, KeySource } from "@/lib/server/mirror/worker";
import { MIRROR_READ_ONLY_KEYS, secretBox, SecretUnreadableError } from "@/lib/server/webhooks/secret-box";

/**
 * The keys the sync reads with: the key of someone of the account who is online (in memory
 * only, key-ring.ts), else the account's opt-in read-only key, sealed at rest (AES-GCM under
 * a key derived from SESSION_SECRET for this purpose alone, bound to the account). Only a
 * read-only key is ever stored: the service refuses it every write. A key the service refuses
 * is let go, and erased when it was the stored one.
 */
export function syncKeys(
  store: MirrorStore,
  ring: KeyRing,
  sessionSecret: string,
): KeySource & {
  seal(accountId: string, apiKey: string): Buffer;
} {
  const box = secretBox(sessionSecret, MIRROR_READ_ONLY_KEYS);
  const openStored = async (accountId: string): Promise<string | null> => {
    const sealed = await store.sealedKey(accountId);
    if (!sealed) return null;
    try {
      return box.open(sealed, accountId);
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
      // SESSION_SECRET changed since it was stored: the key is gone for good; say so.
      await store.eraseKey(accountId);
      await store.stopSync(
        accountId,
        "The stored read-only key can no longer be read (the dashboard's SESSION_SECRET changed). Store it again, or sign in.",
      );
      return null;
    }
  };
  return {
    seal: (accountId, apiKey) => box.seal(apiKey, accountId),
    async keyFor(accountId): Promise<HeldKey | null> {
      const online = ring.keyFor(accountId);
      if (online) return online;
      const stored = await openStored(accountId);
      return stored ? { apiKey: stored, online: false } : null;
    },
    refused(accountId, apiKey) {
      ring.refused(accountId, apiKey);
      void openStored(accountId)
        .then((stored) => (stored === apiKey ? store.eraseKey(accountId) : undefined))
        .catch((error: unknown) =>
          console.error(
            "The mirror could not erase a refused key:",
            error instanceof Error ? error.message : error,
          ),
        );
    },
  };
}
