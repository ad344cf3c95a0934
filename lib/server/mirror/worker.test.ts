import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "@/sandbox/app";
import { testSandboxConfig } from "@/sandbox/config";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import { openSqliteMirror } from "@/lib/server/mirror/sqlite-mirror";
import {
  createSyncWorker,
  KEY_REFUSED,
  type KeySource,
  type SyncWorkerOptions,
} from "@/lib/server/mirror/worker";

/**
 * The sync against the real reference service, in-process: a backfill of the 34-listing owner
 * from nothing, a kill in the middle and a resume, a 429, a revoked key. Every request that
 * reaches the service is recorded.
 */
const BASE = "http://sandbox.test";
const root = mkdtempSync(path.join(tmpdir(), "rd-sync-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Persona = { persona: string; user_id: string; keys: Record<string, string> };
let sandbox: Sandbox;
let store: MirrorStore;
let ownerKey: string;
let upstream: string[];
let n = 0;

const held = (apiKey: () => string | null): KeySource & { refusedKeys: string[] } => {
  const refusedKeys: string[] = [];
  return {
    refusedKeys,
    keyFor: () => {
      const key = apiKey();
      return key && !refusedKeys.includes(key) ? { apiKey: key, online: true } : null;
    },
    refused: (_account, key) => void refusedKeys.push(key),
  };
};

function worker(options: Partial<SyncWorkerOptions> = {}) {
  return createSyncWorker({
    store,
    keys: held(() => ownerKey),
    baseUrl: BASE,
    shares: { online: 1, idle: 1 },
    now: () => sandbox.ctx.clock.nowMs(),
    sleep: async (ms) => void (await sandbox.ctx.clock.advance(ms / 1000)),
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (request.headers.get("x-api-key")) upstream.push(new URL(request.url).pathname);
      return sandbox.app.fetch(request);
    },
    ...options,
  });
}

async function start(config: Parameters<typeof testSandboxConfig>[0] = {}) {
  sandbox = createSandbox(testSandboxConfig({ rateLimitPerMinute: 100_000, ...config }));
  const personas = (await (
    await sandbox.app.fetch(new Request(`${BASE}/_sandbox/personas`))
  ).json()) as Persona[];
  ownerKey = personas.find((p) => p.persona === "owner")!.keys.standard!;
  store = openSqliteMirror(path.join(root, String(n++)));
  await store.startSync("usr_owner", "Olivia Hart", sandbox.ctx.clock.now());
}

beforeEach(() => {
  upstream = [];
});
afterEach(async () => {
  await store.close();
});

describe("the backfill", () => {
  it("mirrors the owner's portfolio from nothing: every listing synced, each read once", async () => {
    await start();
    await worker().drain();
    const progress = await store.progress("usr_owner", sandbox.ctx.clock.now());
    expect(progress.listingsTotal).toBe(34);
    expect(progress.listingsSynced).toBe(34);
    expect(progress.tasksNeverDone).toBe(0);
    const record = (await store.syncRecord("usr_owner"))!;
    expect(record.requestsSpent).toBe(upstream.length);
    const reads = (suffix: string) => upstream.filter((p) => p.endsWith(suffix));
    expect(reads("/price_calendar")).toHaveLength(34);
    expect(new Set(reads("/price_calendar")).size).toBe(34);
    expect(new Set(reads("/flags")).size).toBe(34);
    expect(reads("/flags")).toHaveLength(34);
    // Every listing's reservations, a page more only for a listing with more than a page of them.
    expect(new Set(reads("/reservations")).size).toBe(34);
    // The order of value: the listing list, then every listing's reservations before any calendar.
    expect(upstream[0]).toBe("/listings");
    const firstCalendar = upstream.findIndex((p) => p.endsWith("/price_calendar"));
    const lastReservations = upstream.findLastIndex((p) => p.endsWith("/reservations"));
    expect(lastReservations).toBeLessThan(firstCalendar);
  });

  it("keeps what the service sent: the reservations of a listing as the service lists them, unknown fields included", async () => {
    await start();
    await worker().drain();
    const [listing] = await store.listings("usr_owner");
    const mirrored = await store.reservations("usr_owner", listing!.listingId);
    expect(mirrored.length).toBeGreaterThan(0);
    const live = (await (
      await sandbox.app.fetch(
        new Request(
          `${BASE}/listings/${listing!.listingId}/reservations?channel=svc&per_page=100&start_date=${mirrored[0]!.checkIn}&end_date=${mirrored.at(-1)!.checkIn}`,
          { headers: { "x-api-key": ownerKey } },
        ),
      )
    ).json()) as Array<{ reservation_id: string }>;
    expect(mirrored.map((r) => r.reservationId)).toEqual(
      expect.arrayContaining(live.map((r) => r.reservation_id)),
    );
    expect(mirrored[0]!.body).toMatchObject({
      reservation_id: mirrored[0]!.reservationId,
      guests: expect.anything(),
    });
    const nights = await store.nights("usr_owner", listing!.listingId);
    expect(nights).toHaveLength(365);
    expect(nights[0]!.date).toBe(sandbox.ctx.clock.today());
  });

  it("resumes after a kill in the middle: nothing still fresh is read twice, no duplicate row", async () => {
    await start();
    const first = worker();
    for (let i = 0; i < 20; i++) await first.step("usr_owner");
    // Killed while holding a claim: the task stays leased until its lease runs out.
    const [orphan] = await store.claimTasks("usr_owner", 1, 120_000, sandbox.ctx.clock.now());
    expect(orphan).toBeDefined();
    const readBefore = [...upstream];
    await sandbox.ctx.clock.advance(121);
    await worker().drain();
    const progress = await store.progress("usr_owner", sandbox.ctx.clock.now());
    expect(progress.listingsSynced).toBe(34);
    const readAfter = upstream.slice(readBefore.length);
    // Whatever was read before the kill is not read again.
    for (const done of readBefore.filter((p) => p !== "/listings")) expect(readAfter).not.toContain(done);
    const counts = await store.counts("usr_owner");
    const again = await worker().drain();
    expect(again).toBe(0);
    expect(await store.counts("usr_owner")).toEqual(counts);
  });
});

describe("stops", () => {
  it("a 429 stops the sync until Retry-After, says so, then it goes on", async () => {
    await start({ rateLimitPerMinute: 12 });
    // At the start of the service's minute, so that the budget's window does not reset mid-test.
    await sandbox.ctx.clock.advance(60 - ((sandbox.ctx.clock.nowMs() / 1000) % 60) + 1);
    const sync = worker({ shares: { online: 1, idle: 1 } });
    // The pages spend the budget the sync counted on: its next request meets a 429.
    await sync.step("usr_owner");
    for (let i = 0; i < 12; i++)
      await sandbox.app.fetch(
        new Request(`${BASE}/listings?per_page=1`, { headers: { "x-api-key": ownerKey } }),
      );
    await sync.step("usr_owner");
    const record = (await store.syncRecord("usr_owner"))!;
    expect(record.waitUntil).toBeGreaterThan(sandbox.ctx.clock.nowMs());
    expect(record.lastError).toMatch(/rate limit was reached; the sync waits until \d\d:\d\d:\d\d UTC/);
    const spent = upstream.length;
    expect(await sync.step("usr_owner")).toBe(false);
    expect(upstream.length).toBe(spent);
    await sandbox.ctx.clock.advance(61);
    expect(await sync.step("usr_owner")).toBe(true);
  });

  it("a revoked key stops the sync at its next request, with a sentence, and the key is let go", async () => {
    await start();
    const keys = held(() => ownerKey);
    const sync = worker({ keys });
    await sync.step("usr_owner");
    const list = (await (
      await sandbox.app.fetch(new Request(`${BASE}/api_keys`, { headers: { "x-api-key": ownerKey } }))
    ).json()) as Array<{ token_id: string; last4: string }>;
    const own = list.find((k) => k.last4 === ownerKey.slice(-4))!;
    await sandbox.app.fetch(
      new Request(`${BASE}/api_keys/${own.token_id}`, {
        method: "DELETE",
        headers: { "x-api-key": ownerKey },
      }),
    );
    await sync.step("usr_owner");
    expect((await store.syncRecord("usr_owner"))!.stoppedReason).toBe(KEY_REFUSED);
    expect(keys.refusedKeys).toEqual([ownerKey]);
    const spent = upstream.length;
    expect(await sync.step("usr_owner")).toBe(false);
    expect(upstream.length).toBe(spent);
  });
});
