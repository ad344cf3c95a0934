import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT, mirrorHarness, type MirrorHarness } from "@/test-support/mirror-sync";
import { otb, type PaceReservation } from "@/lib/pace/definitions";
import { WHOLE_PORTFOLIO, type PaceScope } from "@/lib/pace/scope";
import { periodOf } from "@/lib/pace/table";
import { paceReport } from "@/lib/server/mirror/pace-report";
import { resolveScope } from "@/lib/server/mirror/pace-scope";

/**
 * Pace scoped to a segment or a comp set, from a mirror the sync filled from the reference
 * service: the listings counted are those the service itself lists for the group (a segment's
 * matched listings, a set's associated ones), and their figures the definitions' own.
 */
let h: MirrorHarness;
const held = new Map<string, PaceReservation[]>();
type Listing = { svc_id: string; is_hidden?: boolean };
let segments: Array<{ id: string; name: string; listings: Listing[] }>;
let sets: Array<{ id: string; name: string; listings: Listing[] }>;

beforeAll(async () => {
  h = await mirrorHarness();
  await h.worker().drain();
  for (const l of await h.store.listings(ACCOUNT))
    held.set(l.listingId, await h.store.reservations(ACCOUNT, l.listingId));
  // The service's own answers, read after the sync: what each group holds.
  segments = [];
  for (const s of await h.get<Array<{ id: string; name: string }>>("/segments"))
    segments.push({ ...s, listings: await h.get<Listing[]>(`/segments/${s.id}/listings?per_page=100`) });
  sets = [];
  for (const s of await h.get<Array<{ id: string; name: string }>>("/sets?per_page=100"))
    sets.push({ ...s, listings: await h.get<Listing[]>(`/sets/${s.id}/associated_listings`) });
}, 60_000);
afterAll(() => h.close());

const nightsIn = (figures: ReadonlyArray<{ currency: string | null; nights: number }>, currency: string) =>
  figures.find((f) => f.currency === currency)?.nights ?? 0;

/** The scope's report counts exactly `expected` (svc ids), night by night as the definitions do. */
async function countsExactly(scope: PaceScope, expected: readonly string[]) {
  const now = h.sandbox.ctx.clock.now().toISOString();
  const resolved = await resolveScope(h.store, ACCOUNT, scope);
  expect([...resolved.listings!].sort()).toEqual([...expected].sort());
  const report = await paceReport(h.store, ACCOUNT, { unit: "month", pickupDays: 7, now, scope });
  expect(report.listings_total).toBe(expected.length);
  const theirs = expected.flatMap((id) => held.get(id) ?? []);
  for (const row of report.rows)
    expect(row.otb_nights, `${row.period} ${row.currency}`).toBe(
      nightsIn(otb(theirs, periodOf("month", row.period)!, null), row.currency),
    );
  return report;
}
const visible = (listings: readonly Listing[]) => listings.filter((l) => !l.is_hidden).map((l) => l.svc_id);

describe("Pace scoped by segment and by comp set", () => {
  it("a segment counts exactly the listings GET /segments/{id}/listings answers, the hidden ones when asked", async () => {
    const withListings = segments.filter((s) => visible(s.listings).length > 0);
    expect(withListings.length).toBeGreaterThan(1);
    for (const segment of withListings) {
      const report = await countsExactly(
        { ...WHOLE_PORTFOLIO, segment: segment.id },
        visible(segment.listings),
      );
      expect(
        report.rows.some((r) => r.otb_nights > 0),
        segment.name,
      ).toBe(true);
      await countsExactly(
        { ...WHOLE_PORTFOLIO, segment: segment.id, hidden: true },
        segment.listings.map((l) => l.svc_id),
      );
    }
  });

  it("a comp set counts exactly the owner's listings associated with the set, not its comparison members", async () => {
    const withListings = sets.filter((s) => visible(s.listings).length > 0);
    expect(withListings.length).toBeGreaterThan(0);
    for (const set of withListings)
      await countsExactly({ ...WHOLE_PORTFOLIO, set: set.id }, visible(set.listings));
  });

  it("a segment with a market or a comp set counts the listings in both", async () => {
    const segment = segments.find((s) => visible(s.listings).length > 0)!;
    const set = sets.find((s) => visible(s.listings).length > 0)!;
    const inSet = new Set(visible(set.listings));
    await countsExactly(
      { ...WHOLE_PORTFOLIO, segment: segment.id, set: set.id },
      visible(segment.listings).filter((id) => inSet.has(id)),
    );
    const records = new Map((await h.store.listings(ACCOUNT)).map((l) => [l.listingId, l]));
    const market = records.get(visible(segment.listings)[0]!)!.marketId!;
    await countsExactly(
      { ...WHOLE_PORTFOLIO, segment: segment.id, market },
      visible(segment.listings).filter((id) => records.get(id)!.marketId === market),
    );
  });

  it("a segment or comp set the mirror does not hold counts nothing", async () => {
    await countsExactly({ ...WHOLE_PORTFOLIO, segment: "seg_not_read_yet" }, []);
    await countsExactly({ ...WHOLE_PORTFOLIO, set: "set_not_read_yet" }, []);
  });

  it("the choices offer the segments and sets holding a listing of the account, by the service's names, sorted", async () => {
    const { choices } = await resolveScope(h.store, ACCOUNT, WHOLE_PORTFOLIO);
    const own = new Set(held.keys());
    const offered = (groups: typeof segments) =>
      groups
        .filter((g) => g.listings.some((l) => own.has(l.svc_id)))
        .map((g) => ({ id: g.id, name: g.name }))
        .sort((a, b) => a.name.localeCompare(b.name));
    expect(choices.segments).toEqual(offered(segments));
    expect(choices.sets).toEqual(offered(sets));
    // Sets with none of the owner's listings associated are left out: nothing to count.
    expect(choices.sets.length).toBeLessThan(sets.length);
  });
});
