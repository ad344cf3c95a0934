import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT, mirrorHarness, type MirrorHarness } from "@/test-support/mirror-sync";
import { otb, type PaceReservation } from "@/lib/pace/definitions";
import { WHOLE_PORTFOLIO } from "@/lib/pace/scope";
import { periodOf } from "@/lib/pace/table";
import type { MirrorListing } from "@/lib/server/mirror/mirror-store";
import { paceGap, pickupReservations } from "@/lib/server/mirror/pace-drill";
import { paceReport } from "@/lib/server/mirror/pace-report";

/**
 * What lies behind the pace table's cells, from a mirror the sync filled from the reference
 * service: a scope's figures are the definitions' over its own listings, a row's listings add
 * up to the row, a pickup cell's reservations to its split.
 */
let h: MirrorHarness;
let listings: Array<MirrorListing & { readAt: string }>;
const held = new Map<string, PaceReservation[]>();
beforeAll(async () => {
  h = await mirrorHarness();
  await h.worker().drain();
  listings = await h.store.listings(ACCOUNT);
  for (const l of listings) held.set(l.listingId, await h.store.reservations(ACCOUNT, l.listingId));
}, 60_000);
afterAll(() => h.close());

const nightsIn = (figures: ReadonlyArray<{ currency: string | null; nights: number }>, currency: string) =>
  figures.find((f) => f.currency === currency)?.nights ?? 0;

describe("a pace scope", () => {
  it("a market counts exactly that market's visible listings, as the definitions count them", async () => {
    const now = h.sandbox.ctx.clock.now().toISOString();
    const market = listings.find((l) => l.marketId !== null && !l.hidden)!.marketId!;
    const report = await paceReport(h.store, ACCOUNT, {
      unit: "month",
      pickupDays: 7,
      now,
      scope: { ...WHOLE_PORTFOLIO, market },
    });
    const inMarket = listings.filter((l) => l.marketId === market && !l.hidden);
    expect(report.listings_total).toBe(inMarket.length);
    const theirs = inMarket.flatMap((l) => held.get(l.listingId)!);
    for (const row of report.rows)
      expect(row.otb_nights, row.period).toBe(
        nightsIn(otb(theirs, periodOf("month", row.period)!, null), row.currency),
      );
    expect(report.choices.markets.map((m) => m.id)).toContain(market);
    expect(report.choices.markets.length).toBeGreaterThan(1);
  });

  it("one listing counts that listing alone, hidden or not; an unknown one counts nothing", async () => {
    const now = h.sandbox.ctx.clock.now().toISOString();
    const one = listings.find((l) => (held.get(l.listingId) ?? []).length > 3)!;
    const report = await paceReport(h.store, ACCOUNT, {
      unit: "month",
      pickupDays: 7,
      now,
      listing: one.listingId,
    });
    expect(report.listings_total).toBe(1);
    for (const row of report.rows)
      expect(row.otb_nights).toBe(
        nightsIn(otb(held.get(one.listingId)!, periodOf("month", row.period)!, null), row.currency),
      );
    const none = await paceReport(h.store, ACCOUNT, {
      unit: "month",
      pickupDays: 7,
      now,
      listing: "svc_nobody",
    });
    expect(none.listings_total).toBe(0);
    expect(none.rows.every((r) => r.otb_nights === 0)).toBe(true);
  });
});

describe("behind the pace table's cells", () => {
  it("a row's listings add up to the row, the furthest from last year in the gap's direction first", async () => {
    const now = h.sandbox.ctx.clock.now().toISOString();
    const report = await paceReport(h.store, ACCOUNT, { unit: "month", pickupDays: 7, now });
    const row = report.rows.find((r) => r.otb_nights > 0 && r.stly_nights > 0) ?? report.rows[0]!;
    const gap = await paceGap(h.store, ACCOUNT, {
      period: periodOf("month", row.period)!,
      currency: row.currency,
      now,
    });
    expect(gap.listings.reduce((sum, l) => sum + l.otb_nights, 0)).toBe(row.otb_nights);
    expect(gap.listings.reduce((sum, l) => sum + l.stly_nights, 0)).toBe(row.stly_nights);
    expect(gap.gap.revenue).toBeCloseTo(row.otb_revenue - row.stly_revenue, 0);
    const deltas = gap.listings.map((l) => l.delta_revenue);
    const sorted = [...deltas].sort((a, b) => (gap.gap.revenue < 0 ? a - b : b - a));
    expect(deltas).toEqual(sorted);
    expect(gap.listings.every((l) => l.name !== null)).toBe(true);
  });

  it("a pickup cell's reservations add up to its booked and cancelled nights, this year and last", async () => {
    const now = h.sandbox.ctx.clock.now().toISOString();
    const report = await paceReport(h.store, ACCOUNT, { unit: "month", pickupDays: 30, now });
    const checked = report.rows.filter((r) => r.booked_nights + r.canceled_nights + r.ly_booked_nights > 0);
    expect(checked.length).toBeGreaterThan(0);
    for (const row of checked.slice(0, 3)) {
      const period = periodOf("month", row.period)!;
      for (const year of ["this", "last"] as const) {
        const found = await pickupReservations(h.store, ACCOUNT, { period, pickupDays: 30, year, now });
        const mine = found.reservations.filter((r) => r.currency === row.currency);
        const sum = (which: "booked" | "canceled") =>
          mine.filter((r) => r[which]).reduce((total, r) => total + r.nights, 0);
        expect(sum("booked"), `${row.period} ${year} booked`).toBe(
          year === "this" ? row.booked_nights : row.ly_booked_nights,
        );
        expect(sum("canceled"), `${row.period} ${year} cancelled`).toBe(
          year === "this" ? row.canceled_nights : row.ly_canceled_nights,
        );
      }
    }
  });
});
