import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "@/lib/format/dates";
import {
  bookingCurveOf,
  histogram,
  LEAD_BUCKETS,
  STAY_BUCKETS,
  type BookingWindowCount,
} from "@/lib/pace/curves";
import { bookingCurve, leadTimeAndLength, otb, stlyPeriod } from "@/lib/pace/definitions";
import type { MirrorReservation, MirrorStore } from "@/lib/server/mirror/mirror-store";
import {
  DAY,
  LEASE,
  listingRow,
  ok,
  reservationRow,
  startedOn,
  T0,
  WINDOW,
  type MirrorContractOptions,
} from "@/lib/server/mirror/mirror-contract-support";

/**
 * The booking curve and the booking windows from the store (its SQL, then lib/pace/curves.ts)
 * are the definitions' own (`bookingCurve`, `leadTimeAndLength`), over reservations fast-check
 * makes: booked at midnight or a millisecond either side, after check-in, more than a year
 * ahead, at an unknown time; cancelled with or without a time; stays of no night; on SQLite
 * and PostgreSQL, for the whole portfolio and for a scope.
 */
const START = Date.parse("2026-01-01T00:00:00.000Z");
const HOUR = 3_600_000;

const reservationArb = fc
  .record({
    checkInDay: fc.integer({ min: 0, max: 500 }),
    nights: fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 1, max: 30 }) }, fc.constant(0)),
    // Hours before check-in's midnight, from after check-in (negative) to well over a year.
    bookedHoursBefore: fc.option(
      fc.oneof(
        fc.integer({ min: -24 * 5, max: 24 * 420 }),
        fc.integer({ min: 0, max: 400 }).map((d) => d * 24),
      ),
      { freq: 8 },
    ),
    /** A millisecond either side of the hour: where a floor of days tips. */
    ms: fc.constantFrom(-1, 0, 0, 1),
    canceledHoursAfter: fc.option(fc.integer({ min: 0, max: 24 * 200 }), { freq: 3 }),
    canceledWithoutTime: fc.boolean(),
  })
  .map((r): MirrorReservation => {
    const checkIn = addDays("2026-01-01", r.checkInDay);
    const midnight = START + r.checkInDay * DAY;
    const bookedAt =
      r.bookedHoursBefore === null
        ? null
        : new Date(midnight - r.bookedHoursBefore * HOUR + r.ms).toISOString();
    const canceledAt =
      r.canceledHoursAfter === null || bookedAt === null
        ? null
        : new Date(Date.parse(bookedAt) + r.canceledHoursAfter * HOUR).toISOString();
    return {
      ...reservationRow("r", checkIn),
      checkOut: addDays(checkIn, r.nights),
      nights: r.nights,
      bookedAt,
      canceledAt,
      status:
        canceledAt !== null || (r.canceledHoursAfter !== null && r.canceledWithoutTime)
          ? "Canceled"
          : "Accepted",
    };
  });

const LISTINGS = ["a", "b", "h"] as const;
type Held = MirrorReservation & { listingId: (typeof LISTINGS)[number] };

/** The definitions' booking windows as the store's counts, sorted: one multiset against the other. */
function windowsOf(counts: readonly BookingWindowCount[]): Array<[number, number]> {
  return counts
    .flatMap((c) => Array.from({ length: c.reservations }, () => [c.leadDays, c.nights] as [number, number]))
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}
function expectedWindows(reservations: readonly Held[], window: { from: string; to: string }) {
  const { leadDays, nights } = leadTimeAndLength(reservations, window);
  return leadDays
    .map((lead, i) => [lead, nights[i]!] as [number, number])
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

export function mirrorCurvesContract({ open }: Pick<MirrorContractOptions, "open">) {
  let store: MirrorStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  /** The same 90 reservations every time, over three listings' reads; "h" is hidden. */
  async function written(): Promise<Held[]> {
    const reservations = fc
      .sample(fc.array(reservationArb, { minLength: 90, maxLength: 90 }), { numRuns: 1, seed: 20261201 })[0]!
      .map((r, i): Held => ({ ...r, reservationId: `r${i}`, listingId: LISTINGS[i % 3]! }));
    await startedOn(store, [listingRow("a"), listingRow("b"), { ...listingRow("h"), hidden: true }]);
    const tasks = await store.claimTasks("usr_owner", 3, LEASE, T0);
    for (const task of tasks)
      await store.finishTask(
        task,
        ok({
          kind: "reservations",
          window: WINDOW,
          reservations: reservations.filter((r) => r.listingId === task.subject),
        }),
        DAY,
        T0,
      );
    return reservations;
  }
  const visible = (reservations: Held[]) => reservations.filter((r) => r.listingId !== "h");
  const inScope = (reservations: Held[], listings: readonly string[]) =>
    reservations.filter((r) => listings.includes(r.listingId));
  const scopeArb = fc.option(fc.subarray([...LISTINGS], { minLength: 1 }), { freq: 2 });

  /** A period around one reservation's stay (or a month of 2026), so that most periods hold nights. */
  const periodArb = (reservations: readonly Held[]) =>
    fc.oneof(
      fc
        .record({
          i: fc.integer({ min: 0, max: reservations.length - 1 }),
          before: fc.integer({ min: 0, max: 20 }),
          length: fc.integer({ min: 1, max: 45 }),
        })
        .map(({ i, before, length }) => {
          const from = addDays(reservations[i]!.checkIn, -before);
          return { from, to: addDays(from, length) };
        }),
      fc.integer({ min: 1, max: 17 }).map((m) => {
        const from = `${2026 + Math.floor((m - 1) / 12)}-${String(((m - 1) % 12) + 1).padStart(2, "0")}-01`;
        return { from, to: addDays(from, 30) };
      }),
    );

  /** A window of instants, its ends anywhere or a millisecond either side of a booking time. */
  const windowArb = (reservations: readonly Held[]) =>
    fc
      .record({
        i: fc.integer({ min: 0, max: reservations.length - 1 }),
        hours: fc.integer({ min: -24 * 400, max: 24 * 500 }),
        on: fc.constantFrom("from", "to", "neither"),
        ms: fc.constantFrom(-1, 0, 1),
        days: fc.constantFrom(1, 30, 90, 365),
      })
      .map(({ i, hours, on, ms, days }) => {
        const booked = reservations[i]!.bookedAt;
        const edge = on !== "neither" && booked !== null ? Date.parse(booked) + ms : START + hours * HOUR;
        const from = on === "to" ? edge - days * DAY : edge;
        return { from: new Date(from).toISOString(), to: new Date(from + days * DAY).toISOString() };
      });

  describe("the booking curve and the booking windows, against the pace definitions", () => {
    it("the booking curve of a period and of last year's is the definitions' own, over the nights standing now", async () => {
      const reservations = await written();
      await fc.assert(
        fc.asyncProperty(periodArb(reservations), scopeArb, async (period, listings) => {
          const counted = listings === null ? visible(reservations) : inScope(reservations, listings);
          const periods = [period, stlyPeriod(period)];
          const answers = await store.stayLeads("usr_owner", periods, listings === null ? {} : { listings });
          expect(answers).toHaveLength(2);
          answers.forEach((counts, k) => {
            const { curve, finalNights } = bookingCurveOf(counts);
            expect(curve).toEqual(bookingCurve(counted, periods[k]!));
            expect(finalNights).toBe(otb(counted, periods[k]!, null).reduce((sum, f) => sum + f.nights, 0));
          });
        }),
        { numRuns: 120, seed: 41 },
      );
    });

    it("the booking windows and stay lengths of reservations booked in a window are the definitions' own, cancelled ones too", async () => {
      const reservations = await written();
      await fc.assert(
        fc.asyncProperty(windowArb(reservations), scopeArb, async (window, listings) => {
          const counted = listings === null ? visible(reservations) : inScope(reservations, listings);
          const lastYear = {
            from: new Date(Date.parse(window.from) - 364 * DAY).toISOString(),
            to: new Date(Date.parse(window.to) - 364 * DAY).toISOString(),
          };
          const [now, before] = await store.bookingWindows(
            "usr_owner",
            [window, lastYear],
            listings === null ? {} : { listings },
          );
          expect(windowsOf(now!)).toEqual(expectedWindows(counted, window));
          expect(windowsOf(before!)).toEqual(expectedWindows(counted, lastYear));
          // The histograms count each reservation once, in the bucket its value falls in.
          const { leadDays, nights } = leadTimeAndLength(counted, window);
          const byHand = (values: number[], buckets: typeof LEAD_BUCKETS) =>
            buckets.map((b) => values.filter((v) => v >= b.min && (b.max === null || v <= b.max)).length);
          expect(histogram(LEAD_BUCKETS, (c) => c.leadDays, now!, []).map((r) => r.this_year)).toEqual(
            byHand(leadDays, LEAD_BUCKETS),
          );
          expect(histogram(STAY_BUCKETS, (c) => c.nights, now!, []).map((r) => r.this_year)).toEqual(
            byHand(nights, STAY_BUCKETS),
          );
        }),
        { numRuns: 120, seed: 43 },
      );
    });

    it("no period and no window asked: no statement, empty answers", async () => {
      await written();
      expect(await store.stayLeads("usr_owner", [])).toEqual([]);
      expect(await store.bookingWindows("usr_owner", [])).toEqual([]);
      const empty = { from: "2020-01-01", to: "2020-02-01" };
      expect(await store.stayLeads("usr_owner", [empty], { listings: [] })).toEqual([[]]);
    });
  });
}
