import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  MirrorListing,
  MirrorReservation,
  MirrorStore,
  SyncTask,
  TaskOutcome,
} from "@/lib/server/mirror/mirror-store";

/**
 * The rules every mirror store keeps, run on SQLite and on PostgreSQL. `open` gives a store on
 * an empty database; `openAnother` a second store on the same database (another instance).
 */
export interface MirrorContractOptions {
  open: () => Promise<MirrorStore>;
  openAnother: () => Promise<MirrorStore>;
}

const T0 = new Date("2026-11-27T10:00:00Z");
const later = (ms: number) => new Date(T0.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;
const LEASE = 60_000;

export const listingRow = (
  id: string,
  marketId = "mkt_austin",
  extra: Record<string, unknown> = {},
): MirrorListing => ({
  listingId: id,
  channel: "airbnb",
  channelListingId: `ch_${id}`,
  name: `Listing ${id}`,
  marketId,
  bedrooms: 2,
  currency: "USD",
  hidden: false,
  body: { svc_id: id, name: `Listing ${id}`, ...extra },
});
export const reservationRow = (id: string, checkIn = "2026-12-01"): MirrorReservation => ({
  reservationId: id,
  status: "Accepted",
  checkIn,
  checkOut: "2026-12-04",
  nights: 3,
  bookedAt: "2026-10-01T09:00:00.000Z",
  canceledAt: null,
  currency: "USD",
  nightlySubtotal: 450,
  body: { reservation_id: id, nightly_subtotal: 450 },
});
const ok = (result: Extract<TaskOutcome, { ok: true }>["result"], requests = 1): TaskOutcome => ({
  ok: true,
  result,
  requests,
});
const WINDOW = { from: "2024-11-27", to: "2027-11-27" };

export function mirrorContract({ open, openAnother }: MirrorContractOptions) {
  let store: MirrorStore;
  const others: MirrorStore[] = [];
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    for (const other of others.splice(0)) await other.close();
    await store.close();
  });

  /** Starts the account and finishes its listings read with the given listings. */
  async function started(listings: MirrorListing[], account = "usr_owner") {
    await store.startSync(account, "Olivia Hart", T0);
    const [task] = await store.claimTasks(account, 1, LEASE, T0);
    expect(task!.kind).toBe("listings");
    expect(await store.finishTask(task!, ok({ kind: "listings", listings }, 2), DAY, T0)).toBe(true);
  }
  const kinds = (tasks: SyncTask[]) => tasks.map((t) => `${t.kind}:${t.subject}`);

  describe("the sync's order", () => {
    it("starts with the listing list, then reads reservations, nights, flags, markets: each listing in its order", async () => {
      await started([listingRow("b"), listingRow("a", "mkt_denver")]);
      const tasks = await store.claimTasks("usr_owner", 20, LEASE, T0);
      expect(kinds(tasks)).toEqual([
        "reservations:b",
        "reservations:a",
        "nights:b",
        "nights:a",
        "flags:b",
        "flags:a",
        "market:mkt_austin",
        "market:mkt_denver",
      ]);
      expect(tasks.every((t) => !t.everDone)).toBe(true);
    });

    it("counts each listing synced once its reservations, nights and flags are read, and every request spent", async () => {
      await started([listingRow("a"), listingRow("b")]);
      for (const task of await store.claimTasks("usr_owner", 3, LEASE, T0)) {
        const result =
          task.kind === "reservations"
            ? ok({ kind: "reservations", window: WINDOW, reservations: [reservationRow("r1")] })
            : ok({ kind: "nights", window: WINDOW, currency: "USD", nights: [] });
        await store.finishTask(task, result, DAY, T0);
      }
      let progress = await store.progress("usr_owner", T0);
      expect(progress).toMatchObject({ listingsTotal: 2, listingsSynced: 0, listingsRead: true });
      const [nightsB] = await store.claimTasks("usr_owner", 1, LEASE, T0);
      expect(kinds([nightsB!])).toEqual(["nights:b"]);
      await store.finishTask(
        nightsB!,
        ok({ kind: "nights", window: WINDOW, currency: "USD", nights: [] }),
        DAY,
        T0,
      );
      const [flagsA] = await store.claimTasks("usr_owner", 1, LEASE, T0);
      expect(kinds([flagsA!])).toEqual(["flags:a"]);
      await store.finishTask(flagsA!, ok({ kind: "flags", flags: [] }), DAY, T0);
      progress = await store.progress("usr_owner", T0);
      expect(progress.listingsSynced).toBe(1);
      expect((await store.syncRecord("usr_owner"))!.requestsSpent).toBe(2 + 5);
    });
  });

  describe("claims and leases", () => {
    it("never hands a leased task to another instance; takes it back once the lease runs out", async () => {
      await started([listingRow("a"), listingRow("b")]);
      const other = await openAnother();
      others.push(other);
      const [mine, theirs] = await Promise.all([
        store.claimTasks("usr_owner", 4, LEASE, later(1000)),
        other.claimTasks("usr_owner", 4, LEASE, later(1000)),
      ]);
      const both = [...kinds(mine), ...kinds(theirs)];
      expect(new Set(both).size).toBe(both.length);
      expect(both).toHaveLength(7);
      expect(await other.claimTasks("usr_owner", 10, LEASE, later(2000))).toEqual([]);
      // The first claimant died: its tasks come back after the lease, and its late finish is refused.
      const retaken = await other.claimTasks("usr_owner", 10, LEASE, later(1000 + LEASE));
      expect(kinds(retaken).sort()).toEqual(both.sort());
      const stale = mine[0]!;
      expect(await store.finishTask(stale, ok({ kind: "flags", flags: [] }), DAY, later(LEASE + 2000))).toBe(
        false,
      );
    });

    it("a read done twice (killed after reading, read again) leaves no duplicate row", async () => {
      await started([listingRow("a")]);
      const [first] = await store.claimTasks("usr_owner", 1, LEASE, T0);
      const read = ok({
        kind: "reservations",
        window: WINDOW,
        reservations: [reservationRow("r1"), reservationRow("r2")],
      });
      // Killed before finishing: no row yet; the task is claimed again after its lease.
      expect(await store.counts("usr_owner")).toMatchObject({ reservations: 0 });
      const [again] = await store.claimTasks("usr_owner", 1, LEASE, later(LEASE));
      expect(kinds([again!])).toEqual(kinds([first!]));
      expect(await store.finishTask(again!, read, DAY, later(LEASE))).toBe(true);
      // A day later every read is due again (the listing list first): this one is a refresh.
      const dayLater = await store.claimTasks("usr_owner", 10, LEASE, later(DAY + LEASE));
      const third = dayLater.find((t) => t.kind === "reservations");
      expect(third!.everDone).toBe(true);
      await store.finishTask(third!, read, DAY, later(DAY + LEASE));
      expect((await store.reservations("usr_owner", "a")).map((r) => r.reservationId)).toEqual(["r1", "r2"]);
    });

    it("a failed read waits until its retry time, with its error kept", async () => {
      await started([listingRow("a")]);
      const [task] = await store.claimTasks("usr_owner", 1, LEASE, T0);
      const failed: TaskOutcome = {
        ok: false,
        error: "The pricing service answered 500.",
        requests: 1,
        retryAt: later(120_000),
      };
      expect(await store.finishTask(task!, failed, DAY, T0)).toBe(true);
      expect((await store.syncRecord("usr_owner"))!.lastError).toBe("The pricing service answered 500.");
      expect(kinds(await store.claimTasks("usr_owner", 1, LEASE, later(1000)))).toEqual(["nights:a"]);
      expect(kinds(await store.claimTasks("usr_owner", 5, LEASE, later(120_000)))).toContain(
        "reservations:a",
      );
    });
  });

  describe("freshness", () => {
    it("a finished read is due again after a day (the reconcile); an event makes it due now, newest first", async () => {
      await started([listingRow("a"), listingRow("b")]);
      for (const task of await store.claimTasks("usr_owner", 2, LEASE, T0))
        await store.finishTask(task, ok({ kind: "reservations", window: WINDOW, reservations: [] }), DAY, T0);
      expect(kinds(await store.claimTasks("usr_owner", 1, LEASE, later(1000)))).toEqual(["nights:a"]);
      expect(await store.markDue("usr_owner", "reservations", ["a"], later(2000))).toBe(1);
      expect(await store.markDue("usr_owner", "reservations", ["b"], later(3000))).toBe(1);
      expect(kinds(await store.claimTasks("usr_owner", 2, LEASE, later(4000)))).toEqual([
        "reservations:b",
        "reservations:a",
      ]);
    });

    it("an event during a read keeps the task due: what was read may predate the change", async () => {
      await started([listingRow("a")]);
      const [task] = await store.claimTasks("usr_owner", 1, LEASE, T0);
      await store.markDue("usr_owner", "reservations", ["a"], later(500));
      await store.finishTask(
        task!,
        ok({ kind: "reservations", window: WINDOW, reservations: [] }),
        DAY,
        later(1000),
      );
      expect(kinds(await store.claimTasks("usr_owner", 1, LEASE, later(1500)))).toEqual(["reservations:a"]);
    });

    it("tells which accounts hold a listing, and keeps the time of the newest event", async () => {
      await started([listingRow("a")]);
      await started([listingRow("a"), listingRow("z")], "usr_manager");
      expect(await store.accountsHolding(["a"])).toEqual(["usr_manager", "usr_owner"]);
      expect(await store.accountsHolding(["z", "nope"])).toEqual(["usr_manager"]);
      await store.noteEvent("usr_owner", later(5000));
      await store.noteEvent("usr_owner", later(1000));
      expect((await store.syncRecord("usr_owner"))!.lastEventAt).toBe(later(5000).toISOString());
    });
  });

  describe("rows", () => {
    it("keeps the service's JSON whole, unknown fields included, with when it was read", async () => {
      await started([listingRow("a", "mkt_austin", { surprise_field: { kept: true } })]);
      const [listing] = await store.listings("usr_owner");
      expect(listing!.body).toMatchObject({ surprise_field: { kept: true } });
      expect(listing!.readAt).toBe(T0.toISOString());
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
        tasks: 1 + 3 + 1,
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
        (await store.stayFigures("usr_owner", [december], "2026-11-22T00:00:00.000Z"))[0]!.map(
          (f) => f.nights,
        ),
      ).toEqual([3]);
      expect(
        (await store.stayFigures("usr_owner", [december], "2026-11-24T12:00:00.000Z"))[0]!.map(
          (f) => f.nights,
        ),
      ).toEqual([4]);
      expect(
        (await store.stayFigures("usr_owner", [december], "2026-11-26T00:00:00.000Z"))[0]!.map(
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

  describe("the account's state", () => {
    it("pause, a wait for budget and a stop are kept; starting again clears the stop", async () => {
      await started([listingRow("a")]);
      expect(await store.setPaused("usr_owner", true)).toBe(true);
      await store.waitUntil("usr_owner", later(30_000));
      await store.stopSync("usr_owner", "The key was revoked.", later(1000));
      expect(await store.syncRecord("usr_owner")).toMatchObject({
        paused: true,
        waitUntil: later(30_000).getTime(),
        stoppedReason: "The key was revoked.",
        lastError: "The key was revoked.",
      });
      await store.startSync("usr_owner", "Olivia Hart", later(2000));
      expect(await store.syncRecord("usr_owner")).toMatchObject({
        paused: false,
        waitUntil: null,
        stoppedReason: null,
      });
      expect(await store.syncAccounts()).toEqual(["usr_owner"]);
    });

    it("keeps a sealed key with its last four characters, hands it back sealed, and erases it", async () => {
      await started([listingRow("a")]);
      const sealed = Buffer.from([1, 2, 3, 250]);
      expect(await store.storeKey("usr_owner", sealed, "w9Zq", later(1000))).toBe(true);
      expect(await store.storeKey("usr_nobody", sealed, "w9Zq")).toBe(false);
      expect((await store.syncRecord("usr_owner"))!.storedKey).toEqual({
        last4: "w9Zq",
        storedAt: later(1000).toISOString(),
      });
      expect(Buffer.compare((await store.sealedKey("usr_owner"))!, sealed)).toBe(0);
      await store.eraseKey("usr_owner");
      expect(await store.sealedKey("usr_owner")).toBeNull();
      expect((await store.syncRecord("usr_owner"))!.storedKey).toBeNull();
    });

    it("forgetting an account erases its rows, tasks and state, and no other account's", async () => {
      await started([listingRow("a")]);
      await started([listingRow("a")], "usr_manager");
      await store.forget("usr_owner");
      expect(await store.syncRecord("usr_owner")).toBeNull();
      expect(await store.counts("usr_owner")).toEqual({
        listings: 0,
        reservations: 0,
        nights: 0,
        flags: 0,
        marketSeries: 0,
        tasks: 0,
      });
      expect((await store.counts("usr_manager")).listings).toBe(1);
    });
  });
}
