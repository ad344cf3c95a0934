import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addMonths } from "@/lib/format/dates";
import { otb } from "@/lib/pace/definitions";
import type { MirrorListing, MirrorReservation, MirrorStore } from "@/lib/server/mirror/mirror-store";
import { reservationArb } from "@/lib/server/mirror/mirror-contract-pace";
import {
  DAY,
  later,
  LEASE,
  listingRow,
  ok,
  startedOn,
  WINDOW,
  type MirrorContractOptions,
} from "@/lib/server/mirror/mirror-contract-support";

/**
 * The whole portfolio's books as they stand are read from totals kept by night, which every
 * write changes by difference: whatever the order of reads, they stay the definitions' own over
 * the listings that count (every listing not hidden), on SQLite and PostgreSQL.
 */
type Held = MirrorReservation & { listingId: string };

/** Every month the generated stays can touch, and one period across all of them. */
const MONTHS = Array.from({ length: 19 }, (_, k) => {
  const month = addMonths("2026-01", k);
  return { from: `${month}-01`, to: `${addMonths(month, 1)}-01` };
});
const PERIODS = [...MONTHS, { from: "2025-12-15", to: "2027-08-01" }];

export function mirrorTotalsContract({ open }: Pick<MirrorContractOptions, "open">) {
  let store: MirrorStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  /** The unscoped books of every period equal the definitions' over these reservations. */
  async function booksAre(counted: Held[]) {
    const answers = await store.stayFigures("usr_owner", PERIODS);
    answers.forEach((figures, k) => {
      const expected = otb(counted, PERIODS[k]!, null);
      expect(figures.map((f) => [f.currency, f.nights, f.nightsWithoutRevenue])).toEqual(
        expected.map((f) => [f.currency, f.nights, f.nightsWithoutRevenue]),
      );
      figures.forEach((f, i) => expect(f.revenue).toBeCloseTo(expected[i]!.revenue, 6));
    });
  }

  /** Claims what is due at `at` and finishes each read with what `answer` gives it. */
  async function readAgain(
    at: Date,
    answer: {
      listings?: MirrorListing[];
      reservations?: (listingId: string) => MirrorReservation[] | undefined;
    },
  ) {
    for (const task of await store.claimTasks("usr_owner", 20, LEASE, at)) {
      if (task.kind === "listings" && answer.listings)
        await store.finishTask(task, ok({ kind: "listings", listings: answer.listings }), DAY, at);
      const own = task.kind === "reservations" ? answer.reservations?.(task.subject) : undefined;
      if (own)
        await store.finishTask(
          task,
          ok({ kind: "reservations", window: WINDOW, reservations: own }),
          DAY,
          at,
        );
    }
  }

  describe("the whole portfolio's books as they stand, kept by night", () => {
    it("follow every write: a listing read again with cancellations, hidden, shown again and gone", async () => {
      const sample = fc.sample(fc.array(reservationArb, { minLength: 90, maxLength: 90 }), {
        numRuns: 1,
        seed: 20261129,
      })[0]!;
      let held: Held[] = sample.map((r, i) => ({
        ...r,
        reservationId: `r${i}`,
        listingId: ["a", "b", "h"][i % 3]!,
      }));
      const ofListing = (id: string) => held.filter((r) => r.listingId === id);
      const a = listingRow("a");
      const b = listingRow("b");
      const h = { ...listingRow("h"), hidden: true };
      await startedOn(store, [a, b, h]);
      await readAgain(later(0), { reservations: ofListing });
      await booksAre(held.filter((r) => r.listingId !== "h"));

      // "a" read again: a standing stay cancelled now, another gone, one new stay.
      const standing = ofListing("a").filter((r) => r.status !== "Canceled");
      const [cancelled, dropped] = [standing[0]!, standing[1]!];
      held = [
        ...held
          .filter((r) => r !== dropped)
          .map((r) =>
            r === cancelled ? { ...r, status: "Canceled", canceledAt: later(2 * DAY).toISOString() } : r,
          ),
        { ...cancelled, reservationId: "new", checkIn: "2026-12-30", checkOut: "2027-01-03", nights: 4 },
      ];
      await readAgain(later(2 * DAY), { listings: [a, b, h], reservations: ofListing });
      await booksAre(held.filter((r) => r.listingId !== "h"));

      // "a" hidden, "h" shown, "b" no longer reached (it leaves with its reservations).
      await readAgain(later(4 * DAY), {
        listings: [
          { ...a, hidden: true },
          { ...h, hidden: false },
        ],
      });
      held = held.filter((r) => r.listingId !== "b");
      await booksAre(held.filter((r) => r.listingId === "h"));
      // "a" shown again and read again unchanged: counted once.
      await readAgain(later(6 * DAY), { listings: [a, { ...h, hidden: false }], reservations: ofListing });
      await booksAre(held);
      // Scoped reads still count only the listings they name.
      const [scoped] = await store.stayFigures("usr_owner", [PERIODS.at(-1)!], { listings: ["a"] });
      expect(scoped!.map((f) => f.nights)).toEqual(
        otb(ofListing("a"), PERIODS.at(-1)!, null).map((f) => f.nights),
      );
    });
  });
}
