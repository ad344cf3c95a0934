import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingCurve, leadTimeAndLength, type PaceReservation } from "@/lib/pace/definitions";
import { WHOLE_PORTFOLIO } from "@/lib/pace/scope";
import { curvesReport } from "@/lib/server/mirror/curves-report";
import { curvesViewSchema } from "@/lib/server/mirror/curves-route";
import { scopedRequestOf } from "@/lib/server/mirror/pace-route";
import {
  DAY,
  LEASE,
  listingRow,
  ok,
  reservationRow,
  startedOn,
  T0,
  WINDOW,
} from "@/lib/server/mirror/mirror-contract-support";
import type { MirrorReservation, MirrorStore } from "@/lib/server/mirror/mirror-store";
import { openSqliteMirror } from "@/lib/server/mirror/sqlite-mirror";

/**
 * The curves route's request and its report over a real SQLite mirror with a few stays made by
 * hand: which month and windows it reads, last year's 364-day shift, the scope. The store's
 * counts are checked against the definitions on both stores in mirror-contract-curves.ts.
 */
const ask = (query: string) =>
  scopedRequestOf(new Request(`http://dashboard.test/api/mirror/pace/curves${query}`), curvesViewSchema);

describe("a curves request", () => {
  it("reads the stay month, the booking window and the scope; by default the next month and 90 days", () => {
    expect(ask("")).toEqual({ ok: true, view: { booked: 90 }, scope: WHOLE_PORTFOLIO });
    expect(ask("?period=2027-02&booked=365&market=mkt_austin")).toEqual({
      ok: true,
      view: { period: "2027-02", booked: 365 },
      scope: { ...WHOLE_PORTFOLIO, market: "mkt_austin" },
    });
  });

  it("is refused with a sentence for a month, a window or a scope it cannot read", () => {
    expect(ask("?period=2026-13")).toEqual({ ok: false, error: "The stay month is a month like 2026-12." });
    expect(ask("?period=2026-12-01")).toEqual({
      ok: false,
      error: "The stay month is a month like 2026-12.",
    });
    expect(ask("?booked=7")).toEqual({
      ok: false,
      error: "The booking window is the last 30, 90 or 365 days.",
    });
    expect(ask("?managed=maybe")).toEqual({ ok: false, error: "The scope's managed cannot be read." });
  });
});

describe("the curves report", () => {
  const root = mkdtempSync(path.join(tmpdir(), "rd-curves-"));
  const NOW = "2026-11-29T08:00:00.000Z";
  let store: MirrorStore;
  const stay = (id: string, checkIn: string, checkOut: string, bookedAt: string | null, more = {}) => ({
    ...reservationRow(id, checkIn),
    checkOut,
    bookedAt,
    ...more,
  });
  /** December this year and last (2025-12-02 to 2026-01-02, 364 days back), and bookings either side of the windows. */
  const held: Record<string, MirrorReservation[]> = {
    a: [
      stay("r1", "2026-12-10", "2026-12-13", "2026-11-20T10:00:00.000Z"),
      stay("r2", "2026-12-30", "2027-01-03", "2026-09-01T00:00:00.000Z"),
      stay("r3", "2025-12-05", "2025-12-07", "2025-11-01T12:00:00.000Z"),
      stay("r4", "2026-12-20", "2026-12-22", "2026-11-25T00:00:00.000Z", {
        status: "Canceled",
        canceledAt: "2026-11-26T00:00:00.000Z",
      }),
    ],
    b: [
      stay("r5", "2026-12-24", "2026-12-26", null),
      stay("r6", "2025-12-20", "2025-12-27", "2025-10-10T00:00:00.000Z"),
    ],
    h: [stay("r7", "2026-12-01", "2026-12-05", "2026-11-01T00:00:00.000Z")],
  };
  const reservationsOf = (...ids: string[]): PaceReservation[] => ids.flatMap((id) => held[id]!);

  beforeAll(async () => {
    store = openSqliteMirror(root);
    await startedOn(store, [
      listingRow("a"),
      listingRow("b", "mkt_denver"),
      { ...listingRow("h"), hidden: true },
    ]);
    for (const task of await store.claimTasks("usr_owner", 3, LEASE, T0))
      await store.finishTask(
        task,
        ok({ kind: "reservations", window: WINDOW, reservations: held[task.subject]! }),
        DAY,
        T0,
      );
  });
  afterAll(async () => {
    await store.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("the next month's curve against the same nights 364 days back, over the visible listings, as the definitions count them", async () => {
    const report = await curvesReport(store, "usr_owner", { bookedDays: 90, now: NOW });
    const december = { from: "2026-12-01", to: "2027-01-01" };
    const lastYear = { from: "2025-12-02", to: "2026-01-02" };
    expect(report).toMatchObject({
      enabled: true,
      now: NOW,
      period: "2026-12",
      stay: { this_year: december, last_year: lastYear },
      listings_covered: 2,
      listings_total: 2,
      // r1 3 nights, r2 2 of its 4, r5 2 (booked at an unknown time); last year r3 2, r6 7.
      final_nights: { this_year: 7, last_year: 9 },
      known_from: { this_year: 32, last_year: 0 },
    });
    expect(report.curve.this_year).toEqual(bookingCurve(reservationsOf("a", "b"), december));
    expect(report.curve.last_year).toEqual(bookingCurve(reservationsOf("a", "b"), lastYear));
    expect(report.curve.this_year[0]).toBeCloseTo(5 / 7, 12);
  });

  it("the bookings of the last days against the same days last year, cancelled ones too, in buckets", async () => {
    const report = await curvesReport(store, "usr_owner", { period: "2026-12", bookedDays: 30, now: NOW });
    const window = { from: "2026-10-30T08:00:00.000Z", to: NOW };
    const lastYear = { from: "2025-10-31T08:00:00.000Z", to: "2025-11-30T08:00:00.000Z" };
    expect(report.booked).toEqual({ this_year: window, last_year: lastYear });
    const now = leadTimeAndLength(reservationsOf("a", "b"), window);
    const before = leadTimeAndLength(reservationsOf("a", "b"), lastYear);
    expect(report.reservations).toEqual({
      this_year: now.leadDays.length,
      last_year: before.leadDays.length,
    });
    // r1 (19 days ahead, 3 nights) and the cancelled r4 (25 days, 2 nights); last year r3 (33 days, 2 nights).
    expect(report.reservations).toEqual({ this_year: 2, last_year: 1 });
    const bucket = (rows: typeof report.lead_time, name: string) => rows.find((r) => r.bucket === name);
    expect(bucket(report.lead_time, "15–30 days")).toEqual({
      bucket: "15–30 days",
      this_year: 2,
      last_year: 0,
    });
    expect(bucket(report.lead_time, "31–60 days")).toEqual({
      bucket: "31–60 days",
      this_year: 0,
      last_year: 1,
    });
    expect(bucket(report.length_of_stay, "2 nights")).toEqual({
      bucket: "2 nights",
      this_year: 1,
      last_year: 1,
    });
    expect(bucket(report.length_of_stay, "3 nights")).toEqual({
      bucket: "3 nights",
      this_year: 1,
      last_year: 0,
    });
  });

  it("a scope counts the listings it names, a hidden one too", async () => {
    const report = await curvesReport(store, "usr_owner", {
      period: "2026-12",
      bookedDays: 90,
      now: NOW,
      scope: { ...WHOLE_PORTFOLIO, market: "mkt_austin", hidden: true },
    });
    expect(report.final_nights).toEqual({ this_year: 3 + 2 + 4, last_year: 2 });
    expect(report.listings_total).toBe(2);
  });

  it("an account without a mirror has no curves", async () => {
    expect(await curvesReport(store, "usr_nobody", { bookedDays: 30, now: NOW })).toMatchObject({
      enabled: false,
      booked_days: 30,
      curve: { this_year: [], last_year: [] },
    });
  });
});
