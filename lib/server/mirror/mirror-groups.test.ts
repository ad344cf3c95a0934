import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT, mirrorHarness, type MirrorHarness } from "@/test-support/mirror-sync";

/**
 * The sync's read of the account's segments and sets, against the real reference service
 * in-process (it seeds segments and sets, with associated listings, for its personas): what the
 * mirror holds is what the service answers to the owner, group by group.
 */
let h: MirrorHarness;
beforeAll(async () => {
  h = await mirrorHarness();
  await h.worker().drain();
}, 60_000);
afterAll(() => h.close());

type Listing = { svc_id: string };
/** Every page of a list the owner reads. */
async function everyPage<T>(path: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const batch = await h.get<T[]>(`${path}${path.includes("?") ? "&" : "?"}page=${page}&per_page=100`);
    rows.push(...batch);
    if (batch.length < 100) return rows;
  }
}

describe("the read of segments and sets", () => {
  it("holds each of the owner's segments with the listings GET /segments/{id}/listings answers", async () => {
    const segments = await h.get<Array<{ id: string; name: string }>>("/segments");
    const mirrored = (await h.store.groups(ACCOUNT)).filter((g) => g.kind === "segment");
    expect(mirrored.map((g) => ({ id: g.id, name: g.name }))).toEqual(
      segments.map((s) => ({ id: s.id, name: s.name })),
    );
    for (const segment of segments) {
      const live = await everyPage<Listing>(`/segments/${segment.id}/listings`);
      const held = mirrored.find((g) => g.id === segment.id)!;
      expect([...held.listingIds].sort(), segment.name).toEqual(live.map((l) => l.svc_id).sort());
    }
    // The seed gives the owner segments that match listings: the comparison above is not of empties.
    expect(mirrored.filter((g) => g.listingIds.length > 0).length).toBeGreaterThan(1);
  });

  it("holds each set the owner sees with the owner's listings associated with it, not its members", async () => {
    const sets = await everyPage<{ id: string; name: string }>("/sets");
    const mirrored = (await h.store.groups(ACCOUNT)).filter((g) => g.kind === "set");
    expect(mirrored.map((g) => g.id)).toEqual(sets.map((s) => s.id));
    for (const set of sets) {
      const live = await h.get<Listing[]>(`/sets/${set.id}/associated_listings`);
      const held = mirrored.find((g) => g.id === set.id)!;
      expect(held.name).toBe(set.name);
      expect([...held.listingIds].sort(), set.name).toEqual(live.map((l) => l.svc_id).sort());
    }
    expect(mirrored.some((g) => g.listingIds.length > 0)).toBe(true);
    // Associated listings are the owner's own: every one is a listing the mirror holds.
    const own = new Set((await h.store.listings(ACCOUNT)).map((l) => l.listingId));
    for (const g of mirrored)
      for (const id of g.listingIds) expect(own.has(id), `${g.name}: ${id}`).toBe(true);
  });

  it("is read once, after every listing's reads", async () => {
    const lastCalendar = h.upstream.findLastIndex(
      (p) => p.startsWith("/listings/") && p.endsWith("/price_calendar"),
    );
    const firstSegments = h.upstream.indexOf("/segments");
    expect(firstSegments).toBeGreaterThan(lastCalendar);
    expect(h.upstream.filter((p) => p === "/segments")).toHaveLength(1);
    expect(h.upstream.filter((p) => p === "/sets")).toHaveLength(1);
    expect((await h.store.progress(ACCOUNT, h.sandbox.ctx.clock.now())).reads.groups).toEqual({
      done: 1,
      total: 1,
    });
    expect((await h.store.counts(ACCOUNT)).groups).toBe((await h.store.groups(ACCOUNT)).length);
  });
});
