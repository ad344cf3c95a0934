import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MirrorListing, MirrorReservation, MirrorStore } from "@/lib/server/mirror/mirror-store";
import {
  DAY,
  LEASE,
  later,
  listingRow,
  ok,
  reservationRow,
  startedOn,
  T0,
  WINDOW,
  type MirrorContractOptions,
} from "@/lib/server/mirror/mirror-contract-support";

/**
 * The rules every mirror store keeps about its rows and the figures read from them, run on
 * SQLite and on PostgreSQL beside mirror-contract.ts.
 */
export function mirrorRowsContract({ open }: Pick<MirrorContractOptions, "open">) {
  let store: MirrorStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });
  const started = (listings: MirrorListing[], account?: string) => startedOn(store, listings, account);

  describe("rows", () => {
    it("keeps the service's JSON whole, unknown fields included, with when it was read", async () => {
      await started([listingRow("a", "mkt_austin", { surprise_field: { kept: true } })]);
      const [listing] = await store.listings("usr_owner");
      expect(listing!.body).toMatchObject({ surprise_field: { kept: true } });
      expect(listing!.readAt).toBe(T0.toISOString());
    });

    it("keeps each listing's flags whole, as last read, each read replacing the last", async () => {
      await started([listingRow("a"), listingRow("b")]);
      const tasks = await store.claimTasks("usr_owner", 10, LEASE, T0);
      const flagsOf = (listing: string) => tasks.find((t) => t.kind === "flags" && t.subject === listing)!;
      const flagsOfA = [{ code: "pricing_disabled", severity: "warning", unknown_field: 1 }];
      await store.finishTask(flagsOf("a"), ok({ kind: "flags", flags: flagsOfA }), DAY, T0);
      expect(await store.flags("usr_owner")).toEqual([
        { listingId: "a", body: flagsOfA, readAt: T0.toISOString() },
      ]);
      await store.finishTask(flagsOf("b"), ok({ kind: "flags", flags: [] }), DAY, later(10));
      await store.markDue("usr_owner", "flags", ["a"], later(20));
      const [again] = await store.claimTasks("usr_owner", 1, LEASE, later(20));
      await store.finishTask(again!, ok({ kind: "flags", flags: [] }), DAY, later(30));
      expect(await store.flags("usr_owner")).toEqual([
        { listingId: "a", body: [], readAt: later(30).toISOString() },
        { listingId: "b", body: [], readAt: later(10).toISOString() },
      ]);
      expect(await store.flags("usr_other")).toEqual([]);
    });

    it("a listing the account no longer reaches leaves with its rows and tasks; a market no listing is in, too", async () => {
      await started([listingRow("a"), listingRow("b", "mkt_denver")]);
      const tasks = await store.claimTasks("usr_owner", 1, LEASE, T0);
      await store.finishTask(
        tasks[0]!,
        ok({ kind: "reservations", window: WINDOW, reservations: [reservationRow("r1")] }),
        DAY,
        T0,
      );
      await store.markDue("usr_owner", "listings", [""], later(1000));
      const [again] = await store.claimTasks("usr_owner", 1, LEASE, later(1000));
      expect(again!.kind).toBe("listings");
      await store.finishTask(
        again!,
        ok({ kind: "listings", listings: [listingRow("b", "mkt_denver")] }),
        DAY,
        later(1000),
      );
      expect((await store.listings("usr_owner")).map((l) => l.listingId)).toEqual(["b"]);
      expect(await store.counts("usr_owner")).toMatchObject({
        listings: 1,
        reservations: 0,
        // The listing list, b's three reads, its market and the account's segments and sets.
        tasks: 1 + 3 + 1 + 1,
      });
    });

    it("hands back a listing's nights over a range only when it holds every night of it", async () => {
      await started([listingRow("a"), listingRow("b")]);
      const tasks = await store.claimTasks("usr_owner", 4, LEASE, T0);
      const night = (date: string) => ({
        date,
        price: 100,
        recommendedPrice: 90,
        minStay: 1,
        booked: false,
        blocked: false,
        body: { date, price: 100, surprise: true },
      });
      for (const t of tasks.filter((t) => t.kind === "nights"))
        await store.finishTask(
          t,
          ok({
            kind: "nights",
            window: WINDOW,
            currency: "EUR",
            nights: (t.subject === "a"
              ? ["2026-12-01", "2026-12-02", "2026-12-03"]
              : ["2026-12-01", "2026-12-03"]
            ).map(night),
          }),
          DAY,
          T0,
        );
      const found = await store.calendars("usr_owner", ["a", "b", "zz"], {
        from: "2026-12-01",
        to: "2026-12-03",
      });
      expect(found).toEqual([
        {
          listingId: "a",
          currency: "EUR",
          readAt: T0.toISOString(),
          nights: ["2026-12-01", "2026-12-02", "2026-12-03"].map((date) => ({
            date,
            price: 100,
            surprise: true,
          })),
        },
      ]);
      expect(await store.calendars("usr_owner", ["a"], { from: "2026-12-02", to: "2026-12-04" })).toEqual([]);
    });

    it("nights keep their typed columns", async () => {
      await started([listingRow("a")]);
      const tasks = await store.claimTasks("usr_owner", 2, LEASE, T0);
      const nights =
        tasks.find((t) => t.kind === "nights") ?? (await store.claimTasks("usr_owner", 1, LEASE, T0))[0]!;
      await store.finishTask(
        nights,
        ok({
          kind: "nights",
          window: WINDOW,
          currency: "USD",
          nights: [
            {
              date: "2026-11-28",
              price: 180,
              recommendedPrice: 175.5,
              minStay: 2,
              booked: true,
              blocked: false,
              body: { date: "2026-11-28" },
            },
            {
              date: "2026-11-29",
              price: null,
              recommendedPrice: null,
              minStay: null,
              booked: null,
              blocked: null,
              body: {},
            },
          ],
        }),
        DAY,
        T0,
      );
      expect(await store.nights("usr_owner", "a")).toMatchObject([
        { date: "2026-11-28", price: 180, recommendedPrice: 175.5, minStay: 2, booked: true, blocked: false },
        {
          date: "2026-11-29",
          price: null,
          recommendedPrice: null,
          minStay: null,
          booked: null,
          blocked: null,
        },
      ]);
    });
  });

  describe("figures read from the mirror", () => {
    const res = (
      id: string,
      checkIn: string,
      checkOut: string,
      over: Partial<MirrorReservation> = {},
    ): MirrorReservation => ({
      ...reservationRow(id, checkIn),
      checkOut,
      nights: (Date.parse(checkOut) - Date.parse(checkIn)) / DAY,
      ...over,
    });
    async function withReservations(reservations: MirrorReservation[]) {
      await started([listingRow("a"), listingRow("b")]);
      const [task] = await store.claimTasks("usr_owner", 1, LEASE, T0);
      expect(task!.subject).toBe("a");
      await store.finishTask(task!, ok({ kind: "reservations", window: WINDOW, reservations }), DAY, T0);
    }
    const december = { from: "2026-12-01", to: "2027-01-01" };

    it("counts each night of a stay in its month, with its share of the nightly subtotal, per currency", async () => {
      await withReservations([
        res("r1", "2026-12-01", "2026-12-04", { nightlySubtotal: 450 }),
        // Across the month's start: of its three nights (29 and 30 November, 1 December) one is December's.
        res("r2", "2026-11-29", "2026-12-02", { nightlySubtotal: 300 }),
        res("r3", "2026-12-20", "2026-12-22", { nightlySubtotal: null }),
        res("r4", "2026-12-10", "2026-12-11", { currency: "EUR", nightlySubtotal: 90 }),
        res("r5", "2027-01-05", "2027-01-07"),
      ]);
      expect((await store.stayFigures("usr_owner", [december]))[0]).toEqual([
        { currency: "EUR", nights: 1, revenue: 90, nightsWithoutRevenue: 0 },
        { currency: "USD", nights: 6, revenue: 550, nightsWithoutRevenue: 2 },
      ]);
    });

    it("as they stand, a cancelled stay is out; as they stood at an instant, it counts until cancelled", async () => {
      await withReservations([
        res("r1", "2026-12-01", "2026-12-04", {
          bookedAt: "2026-11-20T10:00:00.000Z",
          canceledAt: "2026-11-25T10:00:00.000Z",
          status: "Canceled",
        }),
        res("r2", "2026-12-05", "2026-12-06", { bookedAt: "2026-11-24T10:00:00.000Z" }),
      ]);
      expect((await store.stayFigures("usr_owner", [december]))[0]!.map((f) => f.nights)).toEqual([1]);
      expect(
        (await store.stayFigures("usr_owner", [december], { at: "2026-11-22T00:00:00.000Z" }))[0]!.map(
          (f) => f.nights,
        ),
      ).toEqual([3]);
      expect(
        (await store.stayFigures("usr_owner", [december], { at: "2026-11-24T12:00:00.000Z" }))[0]!.map(
          (f) => f.nights,
        ),
      ).toEqual([4]);
      expect(
        (await store.stayFigures("usr_owner", [december], { at: "2026-11-26T00:00:00.000Z" }))[0]!.map(
          (f) => f.nights,
        ),
      ).toEqual([1]);
    });

    it("reads several periods in one pass, each its own list", async () => {
      await withReservations([res("r1", "2026-11-29", "2026-12-02", { nightlySubtotal: 300 })]);
      const [november, dec, none] = await store.stayFigures("usr_owner", [
        { from: "2026-11-01", to: "2026-12-01" },
        december,
        { from: "2025-12-01", to: "2026-01-01" },
      ]);
      expect(november).toEqual([{ currency: "USD", nights: 2, revenue: 200, nightsWithoutRevenue: 0 }]);
      expect(dec).toEqual([{ currency: "USD", nights: 1, revenue: 100, nightsWithoutRevenue: 0 }]);
      expect(none).toEqual([]);
    });

    it("leaves hidden listings out of the figures and the coverage, as the Overview does", async () => {
      await started([listingRow("a"), { ...listingRow("h"), hidden: true }]);
      for (const task of await store.claimTasks("usr_owner", 2, LEASE, T0))
        await store.finishTask(
          task,
          ok({
            kind: "reservations",
            window: WINDOW,
            reservations: [res(`r-${task.subject}`, "2026-12-01", "2026-12-03")],
          }),
          DAY,
          T0,
        );
      expect((await store.stayFigures("usr_owner", [december]))[0]!.map((f) => f.nights)).toEqual([2]);
      expect(await store.coverage("usr_owner")).toEqual([
        { currency: "USD", listings: 1, total: 1, oldestRead: T0.toISOString() },
      ]);
      expect((await store.listings("usr_owner")).map((l) => [l.listingId, l.hidden])).toEqual([
        ["a", false],
        ["h", true],
      ]);
    });

    it("covers the listings whose reservations were read, as of the oldest read", async () => {
      await withReservations([]);
      expect(await store.coverage("usr_owner")).toEqual([
        { currency: "USD", listings: 1, total: 2, oldestRead: T0.toISOString() },
      ]);
    });
  });
}
