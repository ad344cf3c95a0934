import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT, mirrorHarness, type MirrorHarness } from "@/test-support/mirror-sync";
import { overviewFromMirror } from "@/lib/server/mirror/overview";
import { addDays, addMonths } from "@/lib/format/dates";

/**
 * The Overview's comparison with last year from a mirror the sync filled from the reference
 * service, checked against the service's own reservations counted night by night here.
 */
let h: MirrorHarness;
beforeAll(async () => {
  h = await mirrorHarness();
  await h.worker().drain();
}, 60_000);
afterAll(() => h.close());

type Reservation = {
  check_in: string;
  check_out: string;
  canceled_at: string | null;
  currency: string;
  nightly_subtotal: number | null;
  nights: number;
};

/** Nights the filter picks on the books as they stand, and their revenue, by walking every night. */
function walk(reservations: Reservation[], picks: (day: string) => boolean) {
  let nights = 0;
  let revenue = 0;
  for (const r of reservations.filter((x) => x.canceled_at === null)) {
    for (let d = Date.parse(r.check_in); d < Date.parse(r.check_out); d += 86_400_000) {
      if (!picks(new Date(d).toISOString().slice(0, 10))) continue;
      nights += 1;
      revenue += (r.nightly_subtotal ?? 0) / r.nights;
    }
  }
  return { nights, revenue };
}

describe("the Overview's comparison with last year, from the mirror", () => {
  it("covers every visible listing, as of the oldest read, and its figures are the reservations' own nights", async () => {
    const today = h.sandbox.ctx.clock.today();
    const overview = await overviewFromMirror(h.store, ACCOUNT, today);
    const listings = await h.store.listings(ACCOUNT);
    // Hidden listings are left out, as the Overview leaves them out.
    const visible = listings.filter((l) => !l.hidden);
    expect(visible.length).toBeLessThan(listings.length);
    expect(overview).toMatchObject({
      enabled: true,
      listings_covered: visible.length,
      listings_total: visible.length,
    });
    expect(overview.as_of).toEqual(expect.any(String));
    const usd = overview.comparisons.find((c) => c.currency === "USD")!;
    const usdListings = visible.filter((l) => l.currency === "USD");
    const all: Reservation[] = [];
    const from = `${addMonths(today.slice(0, 7), -13)}-01`;
    const to = `${addMonths(today.slice(0, 7), 2)}-01`;
    for (const l of usdListings) {
      for (let page = 1; ; page++) {
        const rows = await h.get<Reservation[]>(
          `/listings/${l.listingId}/reservations?channel=svc&per_page=100&page=${page}&start_date=${from}&end_date=${to}`,
        );
        all.push(...rows.filter((r) => r.currency === "USD"));
        if (rows.length === 0) break;
      }
    }
    for (const m of usd.months) {
      for (const figures of [m.current, m.lastYear]) {
        const expected = walk(all, (day) => day.slice(0, 7) === figures.month);
        const days = new Date(
          Date.UTC(Number(figures.month.slice(0, 4)), Number(figures.month.slice(5)), 0),
        ).getUTCDate();
        expect(figures.listings).toBe(usdListings.length);
        expect(figures.revenue).toBeCloseTo(expected.revenue, 0);
        expect(figures.occupancy).toBeCloseTo((100 * expected.nights) / (usdListings.length * days), 1);
      }
    }
    // The pulse: the next 30 nights from today, as they stand.
    const pulse = overview.pulse.find((g) => g.currency === "USD")!;
    const end = addDays(today, 30);
    const next30 = walk(all, (day) => day >= today && day < end);
    expect(pulse.listings).toBe(usdListings.length);
    expect(pulse.revenue).toBeCloseTo(next30.revenue, 0);
    expect(pulse.occupancy).toBeCloseTo((100 * next30.nights) / (usdListings.length * 30), 1);
    expect(pulse.adr).toBeCloseTo(next30.revenue / next30.nights, 1);
  });
});
