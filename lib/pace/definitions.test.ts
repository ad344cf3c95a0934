import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bookingCurve,
  leadTimeAndLength,
  lyFinal,
  otb,
  pickup,
  stly,
  stlyInstant,
  stlyPeriod,
  type PaceReservation,
} from "@/lib/pace/definitions";

/** Each pace definition on reservations made by hand, then pickup's identities on many. */
const stay = (checkIn: string, checkOut: string, over: Partial<PaceReservation> = {}): PaceReservation => ({
  checkIn,
  checkOut,
  bookedAt: "2026-10-01T09:00:00.000Z",
  canceledAt: null,
  status: "Accepted",
  currency: "USD",
  nightlySubtotal: 300,
  ...over,
});
const december = { from: "2026-12-01", to: "2027-01-01" };
const nightsOf = (figures: ReturnType<typeof otb>) => figures.map((f) => [f.currency, f.nights]);
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

describe("on the books at an instant", () => {
  it("a cancellation after T counts at T; one before T does not; as they stand, neither does", () => {
    const cancelledLater = stay("2026-12-05", "2026-12-07", {
      canceledAt: "2026-11-20T00:00:00.000Z",
      status: "Canceled",
    });
    const at = "2026-11-10T00:00:00.000Z";
    expect(nightsOf(otb([cancelledLater], december, at))).toEqual([["USD", 2]]);
    expect(nightsOf(otb([cancelledLater], december, "2026-11-21T00:00:00.000Z"))).toEqual([]);
    expect(nightsOf(otb([cancelledLater], december, null))).toEqual([]);
  });

  it("a reservation booked after T is not on the books at T", () => {
    const late = stay("2026-12-05", "2026-12-06", { bookedAt: "2026-11-15T00:00:00.000Z" });
    expect(otb([late], december, "2026-11-14T23:59:59.999Z")).toEqual([]);
    expect(nightsOf(otb([late], december, "2026-11-15T00:00:00.000Z"))).toEqual([["USD", 1]]);
  });

  it("a stay across a month boundary splits its nights, and its revenue with them", () => {
    // Four nights: 30 and 31 December, 1 and 2 January.
    const newYear = stay("2026-12-30", "2027-01-03", { nightlySubtotal: 800 });
    expect(otb([newYear], december, null)).toEqual([
      { currency: "USD", nights: 2, revenue: 400, nightsWithoutRevenue: 0 },
    ]);
    expect(otb([newYear], { from: "2027-01-01", to: "2027-02-01" }, null)).toEqual([
      { currency: "USD", nights: 2, revenue: 400, nightsWithoutRevenue: 0 },
    ]);
  });

  it("currencies are never added: each is its own figure", () => {
    const figures = otb(
      [
        stay("2026-12-01", "2026-12-03"),
        stay("2026-12-02", "2026-12-03", { currency: "EUR", nightlySubtotal: 90 }),
      ],
      december,
      null,
    );
    expect(figures).toEqual([
      { currency: "EUR", nights: 1, revenue: 90, nightsWithoutRevenue: 0 },
      { currency: "USD", nights: 2, revenue: 300, nightsWithoutRevenue: 0 },
    ]);
  });

  it("a null subtotal counts the nights and no revenue, and says so", () => {
    expect(otb([stay("2026-12-01", "2026-12-04", { nightlySubtotal: null })], december, null)).toEqual([
      { currency: "USD", nights: 3, revenue: 0, nightsWithoutRevenue: 3 },
    ]);
  });
});

describe("same time last year", () => {
  it("is 364 days back, so weekdays line up, across a leap day and a year boundary", () => {
    // 2028 is a leap year: 1 March 2028 less 364 days is 3 March 2027, a Friday like it.
    const march = stlyPeriod({ from: "2028-03-01", to: "2028-04-01" });
    expect(march).toEqual({ from: "2027-03-03", to: "2027-04-03" });
    expect(weekday(march.from)).toBe(weekday("2028-03-01"));
    const newYear = stlyPeriod({ from: "2027-01-02", to: "2027-01-09" });
    expect(newYear).toEqual({ from: "2026-01-03", to: "2026-01-10" });
    expect(weekday(newYear.from)).toBe(weekday("2027-01-02"));
    expect(stlyInstant("2027-01-02T10:00:00.000Z")).toBe("2026-01-03T10:00:00.000Z");
  });

  it("STLY is last year's period on the books at the same time last year; LY final is how it ended", () => {
    const at = "2026-11-29T08:00:00.000Z";
    const lastYear = [
      // On the books a year ago (booked before 30 Nov 2025, 08:00) and still: in both.
      stay("2025-12-05", "2025-12-07", { bookedAt: "2025-11-01T00:00:00.000Z" }),
      // Booked later last year: in the final figures only.
      stay("2025-12-10", "2025-12-11", { bookedAt: "2025-12-01T00:00:00.000Z" }),
      // On the books a year ago, cancelled since: in STLY only.
      stay("2025-12-12", "2025-12-15", {
        bookedAt: "2025-10-01T00:00:00.000Z",
        canceledAt: "2025-12-02T00:00:00.000Z",
        status: "Canceled",
      }),
    ];
    expect(nightsOf(stly(lastYear, december, at))).toEqual([["USD", 5]]);
    expect(nightsOf(lyFinal(lastYear, december))).toEqual([["USD", 3]]);
  });
});

describe("pickup", () => {
  const at = "2026-11-29T00:00:00.000Z";
  it("new bookings in the window add, cancellations in it take away, older ones are left alone", () => {
    const figures = pickup(
      [
        stay("2026-12-01", "2026-12-03", { bookedAt: "2026-11-25T00:00:00.000Z" }),
        stay("2026-12-10", "2026-12-13", {
          bookedAt: "2026-10-01T00:00:00.000Z",
          canceledAt: "2026-11-27T00:00:00.000Z",
          status: "Canceled",
          nightlySubtotal: 600,
        }),
        // Booked and cancelled in the window: in both halves of the split, nothing picked up.
        stay("2026-12-20", "2026-12-21", {
          bookedAt: "2026-11-23T00:00:00.000Z",
          canceledAt: "2026-11-24T00:00:00.000Z",
          status: "Canceled",
        }),
        stay("2026-12-15", "2026-12-16", { bookedAt: "2026-11-01T00:00:00.000Z" }),
      ],
      december,
      at,
      7,
    );
    expect(figures).toEqual([
      {
        currency: "USD",
        pickupNights: -1,
        pickupRevenue: -300,
        bookedNights: 3,
        bookedRevenue: 600,
        canceledNights: 4,
        canceledRevenue: 900,
      },
    ]);
  });

  const reservation = fc
    .record({
      checkIn: fc.integer({ min: 0, max: 90 }),
      nights: fc.integer({ min: 1, max: 10 }),
      bookedDaysBefore: fc.integer({ min: 0, max: 120 }),
      canceledDaysAfter: fc.option(fc.integer({ min: 0, max: 60 }), { freq: 3 }),
      currency: fc.constantFrom("USD", "EUR"),
    })
    .map((r): PaceReservation => {
      const checkIn = new Date(Date.UTC(2026, 10, 1 + r.checkIn));
      const booked = new Date(checkIn.getTime() - r.bookedDaysBefore * 86_400_000 + 3_600_000);
      const canceled =
        r.canceledDaysAfter === null ? null : new Date(booked.getTime() + r.canceledDaysAfter * 86_400_000);
      return stay(
        checkIn.toISOString().slice(0, 10),
        new Date(checkIn.getTime() + r.nights * 86_400_000).toISOString().slice(0, 10),
        {
          bookedAt: booked.toISOString(),
          canceledAt: canceled?.toISOString() ?? null,
          status: canceled ? "Canceled" : "Accepted",
          currency: r.currency,
        },
      );
    });

  it("is the books at T less the books at T − W, and booked less cancelled (property)", () => {
    fc.assert(
      fc.property(
        fc.array(reservation, { maxLength: 40 }),
        fc.constantFrom(1, 7, 30),
        fc.integer({ min: 0, max: 60 }),
        (reservations, days, atDay) => {
          const at = new Date(Date.UTC(2026, 10, 1 + atDay, 12)).toISOString();
          const before = new Date(Date.parse(at) - days * 86_400_000).toISOString();
          const now = new Map(otb(reservations, december, at).map((f) => [f.currency, f.nights]));
          const then = new Map(otb(reservations, december, before).map((f) => [f.currency, f.nights]));
          for (const f of pickup(reservations, december, at, days)) {
            expect(f.pickupNights).toBe((now.get(f.currency) ?? 0) - (then.get(f.currency) ?? 0));
            expect(f.pickupNights).toBe(f.bookedNights - f.canceledNights);
          }
        },
      ),
      { numRuns: 300, seed: 1129 },
    );
  });
});

describe("booking curve, lead time and length of stay", () => {
  it("the share of the period's final nights on the books each number of days before the night", () => {
    const curve = bookingCurve(
      [
        // Two nights, booked 10 and 11 days before each (bookings count from the night's midnight).
        stay("2026-12-11", "2026-12-13", { bookedAt: "2026-12-01T00:00:00.000Z" }),
        // Two nights booked 1 and 2 days before.
        stay("2026-12-20", "2026-12-22", { bookedAt: "2026-12-19T00:00:00.000Z" }),
        // Cancelled: not in the final nights, nor the curve.
        stay("2026-12-25", "2026-12-26", { canceledAt: "2026-12-01T00:00:00.000Z", status: "Canceled" }),
      ],
      december,
    );
    expect(curve).toHaveLength(366);
    expect(curve[0]).toBe(1);
    expect(curve[1]).toBe(1);
    expect(curve[2]).toBe(0.75);
    expect(curve[10]).toBe(0.5);
    expect(curve[11]).toBe(0.25);
    expect(curve[12]).toBe(0);
  });

  it("booking windows and stay lengths of the reservations booked in a window", () => {
    const { leadDays, nights } = leadTimeAndLength(
      [
        stay("2026-12-11", "2026-12-13", { bookedAt: "2026-11-20T18:00:00.000Z" }),
        stay("2026-12-01", "2026-12-08", { bookedAt: "2026-11-30T23:00:00.000Z" }),
        stay("2027-01-01", "2027-01-02", { bookedAt: "2026-10-01T00:00:00.000Z" }),
      ],
      { from: "2026-11-01T00:00:00.000Z", to: "2026-12-01T00:00:00.000Z" },
    );
    expect(leadDays).toEqual([20, 0]);
    expect(nights).toEqual([2, 7]);
  });
});
