import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "@/lib/format/dates";
import { otb, pickup } from "@/lib/pace/definitions";
import type { MirrorReservation, MirrorStore } from "@/lib/server/mirror/mirror-store";
import type { StayFigures } from "@/lib/server/mirror/mirror-figures";
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
 * The store's figures on the books at an instant are the pace definitions' own
 * (lib/pace/definitions.ts): the same numbers from SQL as from the plain reference, over
 * reservations fast-check makes (cancellations before and after the instant, stays across
 * month ends, currencies, unknown subtotals and booking times), on SQLite and PostgreSQL.
 */
const START = Date.parse("2026-01-01T00:00:00.000Z");
const iso = (offsetHours: number) => new Date(START + offsetHours * 3_600_000).toISOString();

export const reservationArb = fc
  .record({
    checkInDay: fc.integer({ min: 0, max: 500 }),
    nights: fc.integer({ min: 1, max: 20 }),
    bookedHoursBefore: fc.option(fc.integer({ min: 0, max: 24 * 300 }), { freq: 8 }),
    canceledHoursAfter: fc.option(fc.integer({ min: 0, max: 24 * 200 }), { freq: 3 }),
    canceledWithoutTime: fc.boolean(),
    currency: fc.constantFrom("USD", "EUR", null),
    nightlySubtotal: fc.option(fc.integer({ min: 40, max: 4000 }), { freq: 6 }),
  })
  .map((r): MirrorReservation => {
    const checkIn = addDays("2026-01-01", r.checkInDay);
    const checkInHours = r.checkInDay * 24;
    const bookedAt = r.bookedHoursBefore === null ? null : iso(checkInHours - r.bookedHoursBefore);
    const canceledAt =
      r.canceledHoursAfter === null || bookedAt === null
        ? null
        : new Date(Date.parse(bookedAt) + r.canceledHoursAfter * 3_600_000).toISOString();
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
      currency: r.currency,
      nightlySubtotal: r.nightlySubtotal,
    };
  });

/** The contract's three listings: "h" is hidden, so it counts only where a scope names it. */
export const LISTINGS = ["a", "b", "h"] as const;
export type HeldReservation = MirrorReservation & { listingId: (typeof LISTINGS)[number] };

/** The same 60 reservations every time, fast-check's, spread over the three listings' reads. */
export async function writtenReservations(store: MirrorStore): Promise<HeldReservation[]> {
  const reservations = fc
    .sample(fc.array(reservationArb, { minLength: 60, maxLength: 60 }), {
      numRuns: 1,
      seed: 20261129,
    })[0]!
    .map((r, i): HeldReservation => ({ ...r, reservationId: `r${i}`, listingId: LISTINGS[i % 3]! }));
  await startedOn(store, [listingRow("a"), listingRow("b"), { ...listingRow("h"), hidden: true }]);
  const tasks = await store.claimTasks("usr_owner", 3, LEASE, T0);
  expect(tasks.map((t) => t.kind)).toEqual(["reservations", "reservations", "reservations"]);
  for (const task of tasks) {
    const own: MirrorReservation[] = reservations.filter((r) => r.listingId === task.subject);
    await store.finishTask(task, ok({ kind: "reservations", window: WINDOW, reservations: own }), DAY, T0);
  }
  return reservations;
}
export const visibleReservations = (reservations: HeldReservation[]) =>
  reservations.filter((r) => r.listingId !== "h");

export function mirrorPaceContract({ open }: Pick<MirrorContractOptions, "open">) {
  let store: MirrorStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  describe("figures on the books, against the pace definitions", () => {
    const written = () => writtenReservations(store);
    const visible = visibleReservations;
    /**
     * A period around one reservation's stay, at an instant anywhere or a millisecond either
     * side of that reservation's booking or cancellation, where the definitions decide.
     */
    const question = (reservations: MirrorReservation[]) =>
      fc
        .record({
          i: fc.integer({ min: 0, max: reservations.length - 1 }),
          before: fc.integer({ min: 0, max: 20 }),
          length: fc.integer({ min: 1, max: 45 }),
          when: fc.constantFrom("booked", "canceled", "anywhere", "now"),
          ms: fc.constantFrom(-1, 0, 1),
          hours: fc.integer({ min: -24 * 60, max: 24 * 520 }),
        })
        .map(({ i, before, length, when, ms, hours }) => {
          const r = reservations[i]!;
          const from = addDays(r.checkIn, -before);
          const event = when === "booked" ? r.bookedAt : when === "canceled" ? r.canceledAt : null;
          const at =
            when === "now"
              ? null
              : event !== null
                ? new Date(Date.parse(event) + ms).toISOString()
                : iso(hours);
          return { period: { from, to: addDays(from, length) }, at };
        });
    /** Two to four periods asked at once (one pass answers them all), at the first one's instant. */
    const questions = (reservations: MirrorReservation[]) =>
      fc.array(question(reservations), { minLength: 2, maxLength: 4 }).map((asked) => ({
        periods: asked.map((q) => q.period),
        at: asked[0]!.at,
      }));
    const scopeArb = fc.subarray([...LISTINGS], { minLength: 1 });

    const sameOtb = (figures: StayFigures[], expected: ReturnType<typeof otb>) => {
      expect(figures.map((f) => [f.currency, f.nights, f.nightsWithoutRevenue])).toEqual(
        expected.map((f) => [f.currency, f.nights, f.nightsWithoutRevenue]),
      );
      figures.forEach((f, i) => expect(f.revenue).toBeCloseTo(expected[i]!.revenue, 6));
    };

    it("at any instant and for any periods, the store's nights and revenue are the definitions' own", async () => {
      const reservations = await written();
      await fc.assert(
        fc.asyncProperty(questions(reservations), async ({ periods, at }) => {
          const answers = await store.stayFigures("usr_owner", periods, at === null ? {} : { at });
          expect(answers).toHaveLength(periods.length);
          answers.forEach((figures, k) => sameOtb(figures, otb(visible(reservations), periods[k]!, at)));
        }),
        { numRuns: 150, seed: 29 },
      );
    });

    it("a scope counts exactly the listings it names, a hidden one too, and each listing apart", async () => {
      const reservations = await written();
      await fc.assert(
        fc.asyncProperty(question(reservations), scopeArb, async ({ period, at }, listings) => {
          const options = { listings, ...(at === null ? {} : { at }) };
          const inScope = reservations.filter((r) => listings.includes(r.listingId));
          const [figures] = await store.stayFigures("usr_owner", [period], options);
          sameOtb(figures!, otb(inScope, period, at));
          const perListing = await store.listingFigures("usr_owner", period, options);
          for (const id of listings)
            sameOtb(
              perListing.filter((f) => f.listingId === id),
              otb(
                reservations.filter((r) => r.listingId === id),
                period,
                at,
              ),
            );
          expect(perListing.every((f) => listings.includes(f.listingId as (typeof LISTINGS)[number]))).toBe(
            true,
          );
          const coverage = await store.coverage("usr_owner", { listings });
          expect(coverage).toEqual([
            {
              currency: "USD",
              listings: listings.length,
              total: listings.length,
              oldestRead: T0.toISOString(),
            },
          ]);
        }),
        { numRuns: 60, seed: 37 },
      );
    });

    it("pickup's split (booked and cancelled in a window) is the definitions' own, and so are the reservations behind it", async () => {
      const reservations = await written();
      await fc.assert(
        fc.asyncProperty(
          questions(reservations),
          fc.constantFrom(1, 7, 30),
          async ({ periods, at }, days) => {
            const end = at ?? iso(24 * 330);
            const start = new Date(Date.parse(end) - days * 86_400_000).toISOString();
            const window = { from: start, to: end };
            const answers = await store.windowFigures("usr_owner", periods, window);
            answers.forEach((figures, k) => {
              const expected = pickup(visible(reservations), periods[k]!, end, days).filter(
                (f) => f.bookedNights > 0 || f.canceledNights > 0,
              );
              expect(figures.map((f) => [f.currency, f.bookedNights, f.canceledNights])).toEqual(
                expected.map((f) => [f.currency, f.bookedNights, f.canceledNights]),
              );
              figures.forEach((f, i) => {
                expect(f.bookedRevenue).toBeCloseTo(expected[i]!.bookedRevenue, 6);
                expect(f.canceledRevenue).toBeCloseTo(expected[i]!.canceledRevenue, 6);
              });
            });
            const behind = await store.windowReservations("usr_owner", periods[0]!, window);
            const inWindow = (instant: string | null) =>
              instant !== null && instant > start && instant <= end;
            const expected = visible(reservations).filter(
              (r) =>
                (inWindow(r.bookedAt) || inWindow(r.canceledAt)) &&
                otb([{ ...r, canceledAt: null, status: "Accepted" }], periods[0]!, null).length > 0,
            );
            expect(behind.map((r) => r.reservationId).sort()).toEqual(
              expected.map((r) => r.reservationId).sort(),
            );
            const split = (answers[0] ?? []).reduce(
              (sum, f) => ({
                booked: sum.booked + f.bookedNights,
                canceled: sum.canceled + f.canceledNights,
              }),
              { booked: 0, canceled: 0 },
            );
            expect(behind.filter((r) => r.booked).reduce((sum, r) => sum + r.nights, 0)).toBe(split.booked);
            expect(behind.filter((r) => r.canceled).reduce((sum, r) => sum + r.nights, 0)).toBe(
              split.canceled,
            );
          },
        ),
        { numRuns: 150, seed: 31 },
      );
    });
  });
}
