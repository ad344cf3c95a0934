import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MirrorListing, MirrorStore, SyncTask, TaskOutcome } from "@/lib/server/mirror/mirror-store";
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
 * The rules every mirror store keeps about its sync (order, claims, freshness, the account's
 * state), run on SQLite and on PostgreSQL; its rows and figures: mirror-contract-rows.ts.
 */
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

  const started = (listings: MirrorListing[], account?: string) => startedOn(store, listings, account);
  const kinds = (tasks: SyncTask[]) => tasks.map((t) => `${t.kind}:${t.subject}`);

  describe("the sync's order", () => {
    it("starts with the listing list, then reads reservations, nights, flags, markets, then segments and sets: each listing in its order", async () => {
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
        "groups:",
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
      expect(both).toHaveLength(8);
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
        groups: 0,
        tasks: 0,
      });
      expect((await store.counts("usr_manager")).listings).toBe(1);
    });
  });
}
