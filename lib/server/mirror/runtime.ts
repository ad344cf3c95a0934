import "server-only";
import { alertTrigger } from "@/lib/server/alerts/runtime";
import { env } from "@/lib/server/env";
import { createKeyRing, type KeyRing } from "@/lib/server/mirror/key-ring";
import { publishMirrorChange } from "@/lib/server/mirror/mirror-bus";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import { openPostgresMirror } from "@/lib/server/mirror/postgres-mirror";
import { refreshFromEvent } from "@/lib/server/mirror/refresh";
import { openSqliteMirror } from "@/lib/server/mirror/sqlite-mirror";
import { syncKeys } from "@/lib/server/mirror/stored-key";
import { createSyncWorker, type SyncWorker } from "@/lib/server/mirror/worker";
import { processSingletonOpening } from "@/lib/server/process-singleton";
import { noteServiceDate } from "@/lib/server/service-clock";
import { onWebhookEvent } from "@/lib/server/webhooks/event-bus";

/**
 * The mirror of this process: its store (SQLite's `mirror.db` under DATA_DIR, or the
 * PostgreSQL database every instance shares), the keys held in memory, and the sync worker,
 * started once (boot.ts) and running in the background. Webhook events processed here, or
 * relayed from another instance, make what they name due again.
 */
export interface MirrorRuntime {
  store: MirrorStore;
  keys: KeyRing;
  /** Seals a read-only key for the account (stored-key.ts). */
  sealKey(accountId: string, apiKey: string): Buffer;
  worker: SyncWorker;
  shares: { online: number; idle: number };
}

export const mirrorRuntime: () => Promise<MirrorRuntime> = processSingletonOpening(
  "mirror-runtime",
  async () => {
    const { store: choice, dataDir, svcBaseUrl, svcTimeoutMs, mirror, sessionSecret } = env();
    const store =
      choice.engine === "postgres"
        ? await openPostgresMirror({
            url: choice.url,
            poolSize: Math.max(2, Math.floor(choice.poolSize / 2)),
          })
        : openSqliteMirror(dataDir);
    const keys = createKeyRing();
    const sources = syncKeys(store, keys, sessionSecret);
    const alerts = alertTrigger(store);
    const worker = createSyncWorker({
      store,
      keys: sources,
      baseUrl: svcBaseUrl,
      timeoutMs: svcTimeoutMs,
      shares: mirror.shares,
      historyMonths: mirror.historyMonths,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        noteServiceDate(response.headers.get("date"));
        return response;
      },
      onRead: (accountId, kind, subject) => {
        publishMirrorChange({ accountId, kind, listingIds: subject && kind !== "market" ? [subject] : [] });
        alerts.mirrorRead(accountId, kind, subject);
      },
    });
    onWebhookEvent((notice) => {
      refreshFromEvent(store, notice).catch((error: unknown) =>
        console.error(
          "The mirror could not note a webhook event:",
          error instanceof Error ? error.message : error,
        ),
      );
    });
    worker.start();
    return { store, keys, sealKey: sources.seal, worker, shares: mirror.shares };
  },
);
