import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, sql } from "@/test-support/pg-database";
import { BASE, heldKey, mirrorHarness, type MirrorHarness } from "@/test-support/mirror-sync";
import { openPostgresMirror } from "@/lib/server/mirror/postgres-mirror";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import { createSyncWorker } from "@/lib/server/mirror/worker";
import { MIRROR_TABLES } from "@/lib/server/mirror/sqlite-mirror-schema";

/** A whole backfill of the owner's portfolio: a few hundred reads of the reference service. */
const BACKFILL_MS = 60_000;

/**
 * Two dashboard instances on one PostgreSQL share a backfill: each has its own pool and its
 * own worker, both read for the owner at once, and the store's claims keep them apart. Every
 * request that reaches the reference service is recorded with the instance that sent it.
 */
let url: string;
let h: MirrorHarness;
const stores: MirrorStore[] = [];
beforeAll(async () => {
  url = await freshDatabase("rd_mirror_instances");
  h = await mirrorHarness();
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await h.close();
});

describe("two instances on PostgreSQL", () => {
  it(
    "share the owner's backfill: every listing's reads made once, by one instance or the other",
    async () => {
      const [a, b] = [
        await openPostgresMirror({ url, poolSize: 3 }),
        await openPostgresMirror({ url, poolSize: 3 }),
      ];
      stores.push(a!, b!);
      await sql(url, `TRUNCATE ${MIRROR_TABLES.join(", ")}`);
      await a!.startSync("usr_owner", "Olivia Hart");
      const sent: Array<{ by: string; path: string }> = [];
      const worker = (store: MirrorStore, by: string) =>
        createSyncWorker({
          store,
          keys: heldKey(() => h.ownerKey),
          baseUrl: BASE,
          shares: { online: 1, idle: 1 },
          fetch: async (input, init) => {
            const request = new Request(input, init);
            sent.push({ by, path: new URL(request.url).pathname });
            // A little latency, as over a network: the two instances' reads interleave.
            await new Promise((resolve) => setTimeout(resolve, 2));
            return h.sandbox.app.fetch(request);
          },
        });
      // Both run as they do in a dashboard: in the background, looking for work every moment.
      const workers = [worker(a!, "a"), worker(b!, "b")];
      for (const w of workers) w.start();
      await expect
        .poll(async () => (await b!.progress("usr_owner")).tasksNeverDone, { timeout: 60_000 })
        .toBe(0);
      for (const w of workers) w.stop();
      expect((await b!.progress("usr_owner")).listingsSynced).toBe(34);
      const perListing = sent
        .filter((s) => /^\/listings\/[^/]+\/(price_calendar|flags)$/.test(s.path))
        .map((s) => s.path);
      expect(perListing).toHaveLength(68);
      expect(new Set(perListing).size).toBe(68);
      expect(new Set(sent.map((s) => s.by))).toEqual(new Set(["a", "b"]));
      expect((await a!.syncRecord("usr_owner"))!.requestsSpent).toBe(sent.length);
    },
    BACKFILL_MS,
  );
});
