import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "@/lib/format/dates";
import { otb, pickup, type PaceReservation } from "@/lib/pace/definitions";
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
 * The store's figures on the books at an instant are the pace definitions' own
 * (lib/pace/definitions.ts): the same numbers from SQL as from the plain reference, over
 * reservations fast-check makes (cancellations before and after the instant, stays across
 * month ends, currencies, unknown subtotals and booking times), on SQLite and PostgreSQL.
 */
const START = Date.parse("2026-01-01T00:00:00.000Z");
const iso = (offsetHours: number) => new Date(START + offsetHours * 3_600_000).toISOString();

const reservationArb = fc
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

export function mirrorPaceContract({ open }: Pick<MirrorContractOptions, "open">) {
  let store: MirrorStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  describe("figures on the books, against the pace definitions", () => {
    /** The same 60 reservations every time, fast-check's, written as one listing's read. */
    async function written(): Promise<MirrorReservation[]> {
      const reservations = fc
        .sample(fc.array(reservationArb, { minLength: 60, maxLength: 60 }), {
          numRuns: 1,
          seed: 20261129,
        })[0]!
        .map((r, i) => ({ ...r, reservationId: `r${i}` }));
      await startedOn(store, [listingRow("a")]);
      const [task] = await store.claimTasks("usr_owner", 1, LEASE, T0);
      await store.finishTask(task!, ok({ kind: "reservations", window: WINDOW, reservations }), DAY, T0);
      return reservations;
    }

    /**
     * A period around one reservation's stay, at an instant anywhere or a millisecond either
     * side of that reservation's booking or cancellation, where the definitions decide.
     */
    const questions = (reservations: MirrorReservation[]) =>
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

    it("at any instant and for any period, the store's nights and revenue are the definitions' own", async () => {
      const reservations = await written();
      const reference: PaceReservation[] = reservations;
      await fc.assert(
        fc.asyncProperty(questions(reservations), async ({ period, at }) => {
          const [figures] = await store.stayFigures("usr_owner", [period], at ?? undefined);
          const expected = otb(reference, period, at);
          expect(figures!.map((f) => [f.currency, f.nights, f.nightsWithoutRevenue])).toEqual(
            expected.map((f) => [f.currency, f.nights, f.nightsWithoutRevenue]),
          );
          figures!.forEach((f, i) => expect(f.revenue).toBeCloseTo(expected[i]!.revenue, 6));
        }),
        { numRuns: 150, seed: 29 },
      );
    });

    it("pickup's split (booked and cancelled in a window) is the definitions' own", async () => {
      const reservations = await written();
      await fc.assert(
        fc.asyncProperty(questions(reservations), fc.constantFrom(1, 7, 30), async ({ period, at }, days) => {
          const end = at ?? iso(24 * 330);
          const start = new Date(Date.parse(end) - days * 86_400_000).toISOString();
          const [figures] = await store.windowFigures("usr_owner", [period], { from: start, to: end });
          const expected = pickup(reservations, period, end, days).filter(
            (f) => f.bookedNights > 0 || f.canceledNights > 0,
          );
          expect(figures!.map((f) => [f.currency, f.bookedNights, f.canceledNights])).toEqual(
            expected.map((f) => [f.currency, f.bookedNights, f.canceledNights]),
          );
          figures!.forEach((f, i) => {
            expect(f.bookedRevenue).toBeCloseTo(expected[i]!.bookedRevenue, 6);
            expect(f.canceledRevenue).toBeCloseTo(expected[i]!.canceledRevenue, 6);
          });
        }),
        { numRuns: 150, seed: 31 },
      );
    });
  });
}
