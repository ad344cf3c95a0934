import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/format/dates";
import {
  bookingCurveOf,
  bucketOf,
  curvePoints,
  histogram,
  histogramPoints,
  knownFrom,
  LEAD_BUCKETS,
  STAY_BUCKETS,
  type StayLeadCount,
} from "@/lib/pace/curves";
import { bookingCurve, type PaceReservation } from "@/lib/pace/definitions";

const DAY_MS = 86_400_000;
const december = { from: "2026-12-01", to: "2027-01-01" };

/** The reservations a count stands for: stays from the period's first day, booked `lead` days before it. */
function reservationsOf(counts: readonly StayLeadCount[], period = december): PaceReservation[] {
  return counts.flatMap(({ lead, nights, reservations }) =>
    Array.from({ length: reservations }, () => ({
      checkIn: period.from,
      checkOut: addDays(period.from, nights),
      bookedAt: lead === null ? null : new Date(Date.parse(period.from) - lead * DAY_MS).toISOString(),
      canceledAt: null,
      status: "Accepted",
      currency: "USD",
      nightlySubtotal: 100,
    })),
  );
}

describe("the booking curve from the store's counts", () => {
  it("expands each count to its nights: the definitions' own example", () => {
    // As definitions.test.ts: two nights whose first is booked 10 days ahead, two whose first is 1 day ahead.
    const { curve, finalNights } = bookingCurveOf([
      { lead: 10, nights: 2, reservations: 1 },
      { lead: 1, nights: 2, reservations: 1 },
    ]);
    expect(finalNights).toBe(4);
    expect(curve).toHaveLength(366);
    expect([curve[0], curve[1], curve[2], curve[10], curve[11], curve[12]]).toEqual([
      1, 1, 0.75, 0.5, 0.25, 0,
    ]);
  });

  it("is the definitions' curve for any counts: unknown booking times, bookings after the night, leads past a year", () => {
    const countArb = fc.record({
      lead: fc.option(fc.integer({ min: -40, max: 420 }), { freq: 6 }),
      nights: fc.integer({ min: 1, max: 31 }),
      reservations: fc.integer({ min: 1, max: 4 }),
    });
    fc.assert(
      fc.property(fc.array(countArb, { maxLength: 12 }), (counts) => {
        const { curve } = bookingCurveOf(counts);
        expect(curve).toEqual(bookingCurve(reservationsOf(counts), december));
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it("a period with no final nights has a curve of zeros, not a division by nothing", () => {
    expect(bookingCurveOf([])).toEqual({ curve: new Array(366).fill(0), finalNights: 0 });
  });
});

describe("where this year's curve is known", () => {
  it("from the days between now and the period's last night: a point before that has not come for every night", () => {
    // The last night is 31 December; on 29 November at 08:00 it is 31 days and 16 hours away:
    // 32 days before it (29 November, midnight) has passed, 31 days before it has not.
    expect(knownFrom(december, "2026-11-29T08:00:00.000Z")).toBe(32);
    expect(knownFrom(december, "2026-12-31T00:00:00.000Z")).toBe(0);
    expect(knownFrom(december, "2027-03-01T00:00:00.000Z")).toBe(0);
  });

  it("the chart's points run 365 days before the stay to 0, in percent, null before a year's known day", () => {
    const curve = { this_year: new Array(366).fill(0.5), last_year: new Array(366).fill(0.25) };
    const points = curvePoints(curve, { this_year: 30, last_year: 0 });
    expect(points).toHaveLength(366);
    expect(points[0]).toEqual({ days: 365, thisYear: 50, lastYear: 25 });
    expect(points.at(-1)).toEqual({ days: 0, thisYear: null, lastYear: 25 });
    expect(points.find((p) => p.days === 30)!.thisYear).toBe(50);
    expect(points.find((p) => p.days === 29)!.thisYear).toBeNull();
  });
});

describe("the booking-window and stay-length buckets", () => {
  it("every number of days falls in exactly one lead-time bucket, and every stay in one length bucket", () => {
    for (let days = 0; days <= 800; days += 1)
      expect(LEAD_BUCKETS.filter((b) => days >= b.min && (b.max === null || days <= b.max))).toHaveLength(1);
    for (let nights = 1; nights <= 400; nights += 1)
      expect(STAY_BUCKETS.filter((b) => nights >= b.min && (b.max === null || nights <= b.max))).toHaveLength(
        1,
      );
  });

  it("are named in plain words", () => {
    expect(LEAD_BUCKETS.map((b) => b.label)).toEqual([
      "0–1 days",
      "2–7 days",
      "8–14 days",
      "15–30 days",
      "31–60 days",
      "61–90 days",
      "91–180 days",
      "181–365 days",
      "Over 365 days",
    ]);
    expect(STAY_BUCKETS.map((b) => b.label)).toEqual([
      "1 night",
      "2 nights",
      "3 nights",
      "4 nights",
      "5 nights",
      "6 nights",
      "7 nights",
      "8–13 nights",
      "14–27 nights",
      "28 nights or more",
    ]);
    expect(bucketOf(LEAD_BUCKETS, 365)).toBe(7);
    expect(bucketOf(LEAD_BUCKETS, 366)).toBe(8);
  });

  it("count reservations per bucket, this year beside last year, and each year's share of its own", () => {
    const rows = histogram(
      STAY_BUCKETS,
      (c) => c.nights,
      [
        { leadDays: 3, nights: 2, reservations: 3 },
        { leadDays: 40, nights: 2, reservations: 1 },
        { leadDays: 5, nights: 30, reservations: 4 },
      ],
      [{ leadDays: 9, nights: 9, reservations: 2 }],
    );
    expect(rows.find((r) => r.bucket === "2 nights")).toEqual({
      bucket: "2 nights",
      this_year: 4,
      last_year: 0,
    });
    expect(rows.find((r) => r.bucket === "8–13 nights")).toEqual({
      bucket: "8–13 nights",
      this_year: 0,
      last_year: 2,
    });
    const points = histogramPoints(rows);
    expect(points.find((p) => p.bucket === "2 nights")).toMatchObject({
      thisYearShare: 50,
      lastYearShare: 0,
    });
    expect(points.find((p) => p.bucket === "8–13 nights")).toMatchObject({
      thisYearShare: 0,
      lastYearShare: 100,
    });
    expect(
      histogramPoints(histogram(STAY_BUCKETS, (c) => c.nights, [], [])).every((p) => p.thisYearShare === 0),
    ).toBe(true);
  });
});
