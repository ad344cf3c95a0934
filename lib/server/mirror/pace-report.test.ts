import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT, mirrorHarness, type MirrorHarness } from "@/test-support/mirror-sync";
import { lyFinal, otb, pickup, stly, type PaceReservation } from "@/lib/pace/definitions";
import { paceReport } from "@/lib/server/mirror/pace-report";
import { WHOLE_PORTFOLIO } from "@/lib/pace/scope";
import { addDays, addMonths } from "@/lib/format/dates";

/**
 * The pace table from a mirror the sync filled from the reference service, each figure
 * checked against the definitions applied to the mirror's own reservations of the visible
 * listings: the report's periods, its 364-day shift and its pickup windows.
 */
let h: MirrorHarness;
let reservations: PaceReservation[];
beforeAll(async () => {
  h = await mirrorHarness();
  await h.worker().drain();
  reservations = [];
  for (const listing of await h.store.listings(ACCOUNT)) {
    if (listing.hidden) continue;
    reservations.push(...(await h.store.reservations(ACCOUNT, listing.listingId)));
  }
}, 60_000);
afterAll(() => h.close());

const sum = (figures: ReadonlyArray<{ currency: string | null; nights: number }>, currency: string) =>
  figures.find((f) => f.currency === currency)?.nights ?? 0;

describe("the pace table from the mirror", () => {
  it("twelve months ahead, each per currency, on the books now against STLY, LY final and pickup, as the definitions say", async () => {
    const now = h.sandbox.ctx.clock.now().toISOString();
    const report = await paceReport(h.store, ACCOUNT, { unit: "month", pickupDays: 7, now });
    expect(report).toMatchObject({ enabled: true, unit: "month", pickup_days: 7, now });
    expect(report.listings_covered).toBe(report.listings_total);
    const months = [...new Set(report.rows.map((r) => r.period))];
    expect(months).toHaveLength(12);
    expect(months[0]).toBe(now.slice(0, 7));
    for (const row of report.rows) {
      const from = `${row.period}-01`;
      const next = new Date(Date.UTC(Number(row.period.slice(0, 4)), Number(row.period.slice(5)), 1));
      const period = { from, to: next.toISOString().slice(0, 10) };
      expect(row.otb_nights, `${row.period} ${row.currency} otb`).toBe(
        sum(otb(reservations, period, null), row.currency),
      );
      expect(row.stly_nights, `${row.period} stly`).toBe(sum(stly(reservations, period, now), row.currency));
      expect(row.ly_final_nights, `${row.period} ly final`).toBe(
        sum(lyFinal(reservations, period), row.currency),
      );
      const picked = pickup(reservations, period, now, 7).find((f) => f.currency === row.currency);
      expect(row.booked_nights).toBe(picked?.bookedNights ?? 0);
      expect(row.canceled_nights).toBe(picked?.canceledNights ?? 0);
      expect(row.pickup_nights).toBe(picked?.pickupNights ?? 0);
    }
    // The owner's world books ahead: the months nearest hold nights on the books and last year's.
    const first = report.rows.filter((r) => r.period === months[0]);
    expect(first.some((r) => r.otb_nights > 0 && r.ly_final_nights > 0)).toBe(true);
  });

  it("weeks are ISO weeks from this one, nights the next 90", async () => {
    const now = h.sandbox.ctx.clock.now().toISOString();
    const weeks = await paceReport(h.store, ACCOUNT, { unit: "week", pickupDays: 30, now });
    expect(new Set(weeks.rows.map((r) => r.period)).size).toBe(13);
    expect(weeks.rows[0]!.period).toMatch(/^\d{4}-W\d{2}$/);
    const nights = await paceReport(h.store, ACCOUNT, { unit: "night", pickupDays: 1, now });
    const days = [...new Set(nights.rows.map((r) => r.period))];
    expect(days).toHaveLength(90);
    expect(days[0]).toBe(now.slice(0, 10));
  });

  it("a view of one market's listings sets that market's occupancy and ADR beside its own, as the service reports them", async () => {
    const now = h.sandbox.ctx.clock.now().toISOString();
    const listings = (await h.store.listings(ACCOUNT)).filter((l) => !l.hidden && l.marketId !== null);
    const marketId = listings[0]!.marketId!;
    const report = await paceReport(h.store, ACCOUNT, {
      unit: "month",
      pickupDays: 7,
      now,
      scope: { ...WHOLE_PORTFOLIO, market: marketId },
    });
    expect(report.market.state).toBe("shown");
    if (report.market.state !== "shown") return;
    const groups = new Set(listings.filter((l) => l.marketId === marketId).map((l) => l.bedrooms));
    // The market's own monthly occupancy: the mean over its listings of each one's month.
    const bedrooms =
      report.market.bedrooms === null ? "" : `&bedrooms=${encodeURIComponent(report.market.bedrooms)}`;
    const months = report.rows.map((r) => r.period).filter((p, i, all) => all.indexOf(p) === i);
    const monthly = await h.get<{ points: Array<{ date: string; value: number | null }> }>(
      `/market_report/${marketId}/time_series?metric=occupancy&granularity=month&start_date=${months[0]}-01&end_date=${addDays(`${addMonths(months.at(-1)!, 1)}-01`, -1)}${bedrooms}`,
    );
    expect(report.market.periods.map((p) => p.period)).toEqual(months);
    for (const period of report.market.periods) {
      const service = monthly.points.find((p) => p.date === `${period.period}-01`)?.value ?? null;
      expect(service, period.period).not.toBeNull();
      expect(period.occupancy, period.period).toBeCloseTo(service!, 0);
      expect(period.adr, period.period).toBeGreaterThan(0);
    }
    expect(report.market).toMatchObject({ market_id: marketId, currency: expect.any(String) });
    expect(report.market.bedrooms === null).toBe(groups.size > 1);
    // Never mixed in: the portfolio's figures are those of the same scope without an overlay.
    const whole = await paceReport(h.store, ACCOUNT, { unit: "month", pickupDays: 7, now });
    expect(whole.market).toEqual({ state: "several_markets" });
  });

  it("an account without a mirror has no table", async () => {
    const now = new Date().toISOString();
    expect(await paceReport(h.store, "usr_nobody", { unit: "month", pickupDays: 7, now })).toMatchObject({
      enabled: false,
      rows: [],
    });
  });
});
