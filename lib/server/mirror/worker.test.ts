import { afterEach, describe, expect, it } from "vitest";
import { ACCOUNT, heldKey, mirrorHarness, type MirrorHarness } from "@/test-support/mirror-sync";
import { KEY_REFUSED } from "@/lib/server/mirror/worker";

/** A whole backfill of the owner's portfolio: a few hundred reads of the reference service. */
const BACKFILL_MS = 60_000;

/**
 * The sync against the real reference service, in-process: a backfill of the 34-listing owner
 * from nothing, a kill in the middle and a resume, a 429, a revoked key. Every request that
 * reaches the service is recorded.
 */
let h: MirrorHarness;
afterEach(async () => {
  await h.close();
});

describe("the backfill", () => {
  it(
    "mirrors the owner's portfolio from nothing: every listing synced, each read once",
    async () => {
      h = await mirrorHarness();
      await h.worker().drain();
      const progress = await h.store.progress(ACCOUNT, h.sandbox.ctx.clock.now());
      expect(progress.listingsTotal).toBe(34);
      expect(progress.listingsSynced).toBe(34);
      expect(progress.tasksNeverDone).toBe(0);
      const record = (await h.store.syncRecord(ACCOUNT))!;
      expect(record.requestsSpent).toBe(h.upstream.length);
      // The sync only reads, whatever key it holds.
      expect(new Set(h.methods)).toEqual(new Set(["GET"]));
      // A listing's reads (the paid sets' calendars are the sets' own: set-prices-sync.test.ts).
      const reads = (suffix: string) =>
        h.upstream.filter((p) => p.startsWith("/listings/") && p.endsWith(suffix));
      expect(reads("/price_calendar")).toHaveLength(34);
      expect(new Set(reads("/price_calendar")).size).toBe(34);
      expect(reads("/flags")).toHaveLength(34);
      expect(new Set(reads("/flags")).size).toBe(34);
      // Every listing's reservations, a page more only for a listing with more than a page of them.
      expect(new Set(reads("/reservations")).size).toBe(34);
      // The order of value: the listing list, then every listing's reservations before any calendar.
      expect(h.upstream[0]).toBe("/listings");
      const firstCalendar = h.upstream.findIndex((p) => p.endsWith("/price_calendar"));
      const lastReservations = h.upstream.findLastIndex((p) => p.endsWith("/reservations"));
      expect(lastReservations).toBeLessThan(firstCalendar);
    },
    BACKFILL_MS,
  );

  it(
    "keeps what the service sent: a listing's reservations as the service lists them, unknown fields included",
    async () => {
      h = await mirrorHarness();
      await h.worker().drain();
      const [listing] = await h.store.listings(ACCOUNT);
      const mirrored = await h.store.reservations(ACCOUNT, listing!.listingId);
      expect(mirrored.length).toBeGreaterThan(0);
      const live = await h.get<Array<{ reservation_id: string }>>(
        `/listings/${listing!.listingId}/reservations?channel=svc&per_page=100&start_date=${mirrored[0]!.checkIn}&end_date=${mirrored.at(-1)!.checkIn}`,
      );
      expect(mirrored.map((r) => r.reservationId)).toEqual(
        expect.arrayContaining(live.map((r) => r.reservation_id)),
      );
      expect(mirrored[0]!.body).toMatchObject({
        reservation_id: mirrored[0]!.reservationId,
        guests: expect.anything(),
      });
      const nights = await h.store.nights(ACCOUNT, listing!.listingId);
      expect(nights).toHaveLength(365);
      expect(nights[0]!.date).toBe(h.sandbox.ctx.clock.today());
    },
    BACKFILL_MS,
  );

  it(
    "resumes after a kill in the middle: nothing still fresh is read twice, no duplicate row",
    async () => {
      h = await mirrorHarness();
      const first = h.worker();
      for (let i = 0; i < 20; i++) await first.step(ACCOUNT);
      // Killed while holding a claim: the task stays leased until its lease runs out.
      const [orphan] = await h.store.claimTasks(ACCOUNT, 1, 120_000, h.sandbox.ctx.clock.now());
      expect(orphan).toBeDefined();
      const readBefore = [...h.upstream];
      await h.sandbox.ctx.clock.advance(121);
      await h.worker().drain();
      expect((await h.store.progress(ACCOUNT, h.sandbox.ctx.clock.now())).listingsSynced).toBe(34);
      const readAfter = h.upstream.slice(readBefore.length);
      // Whatever was read before the kill is not read again.
      for (const done of readBefore.filter((p) => p !== "/listings")) expect(readAfter).not.toContain(done);
      const counts = await h.store.counts(ACCOUNT);
      expect(await h.worker().drain()).toBe(0);
      expect(await h.store.counts(ACCOUNT)).toEqual(counts);
    },
    BACKFILL_MS,
  );
});

describe("stops", () => {
  it("a 429 stops the sync until Retry-After, says so, then it goes on", async () => {
    h = await mirrorHarness({ rateLimitPerMinute: 12 });
    const clock = h.sandbox.ctx.clock;
    // At the start of the service's minute, so that the budget's window does not reset mid-test.
    await clock.advance(60 - ((clock.nowMs() / 1000) % 60) + 1);
    const sync = h.worker();
    // The pages spend the budget the sync counted on: its next request meets a 429.
    await sync.step(ACCOUNT);
    for (let i = 0; i < 12; i++) await h.get("/listings?per_page=1");
    await sync.step(ACCOUNT);
    const record = (await h.store.syncRecord(ACCOUNT))!;
    expect(record.waitUntil).toBeGreaterThan(clock.nowMs());
    expect(record.lastError).toMatch(/rate limit was reached; the sync waits until \d\d:\d\d:\d\d UTC/);
    const spent = h.upstream.length;
    expect(await sync.step(ACCOUNT)).toBe(false);
    expect(h.upstream.length).toBe(spent);
    await clock.advance(61);
    expect(await sync.step(ACCOUNT)).toBe(true);
  });

  it("a revoked key stops the sync at its next request, with a sentence, and the key is let go", async () => {
    h = await mirrorHarness();
    const keys = heldKey(() => h.ownerKey);
    const sync = h.worker({ keys });
    await sync.step(ACCOUNT);
    const list = await h.get<Array<{ token_id: string; last4: string }>>("/api_keys");
    const own = list.find((k) => k.last4 === h.ownerKey.slice(-4))!;
    await h.sandbox.app.fetch(
      new Request(`http://sandbox.test/api_keys/${own.token_id}`, {
        method: "DELETE",
        headers: { "x-api-key": h.ownerKey },
      }),
    );
    await sync.step(ACCOUNT);
    expect((await h.store.syncRecord(ACCOUNT))!.stoppedReason).toBe(KEY_REFUSED);
    expect(keys.refusedKeys).toEqual([h.ownerKey]);
    const spent = h.upstream.length;
    expect(await sync.step(ACCOUNT)).toBe(false);
    expect(h.upstream.length).toBe(spent);
  });
});
