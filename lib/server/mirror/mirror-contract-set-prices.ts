import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MirrorGroup, MirrorStore, SetPricesDay } from "@/lib/server/mirror/mirror-store";
import {
  DAY,
  LEASE,
  later,
  listingRow,
  ok,
  startedOn,
  T0,
  type MirrorContractOptions,
} from "@/lib/server/mirror/mirror-contract-support";

/**
 * The paid sets' daily comps' prices (the `set_prices` task), on SQLite and on PostgreSQL: a
 * read per paid set, planned by the groups read, never for a free set; one row per set and
 * day, the last two weeks kept; gone with the set's paid plan, and with the account.
 */
export function mirrorSetPricesContract({ open }: Pick<MirrorContractOptions, "open">) {
  let store: MirrorStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  const set = (id: string, paid: boolean): MirrorGroup => ({
    kind: "set",
    id,
    name: id,
    listingIds: ["a"],
    body: { id, name: id, is_paid: paid },
  });
  const prices = (day: string, median: number | null): SetPricesDay => ({
    day,
    currency: "EUR",
    median,
    comps: 18,
    nights: median === null ? 0 : 30,
  });
  const due = async (at: Date) =>
    (await store.claimTasks("usr_owner", 200, LEASE, at)).filter(
      (t) => t.kind === "set_prices" || t.kind === "groups",
    );
  const readGroups = async (groups: MirrorGroup[], at: Date) => {
    const task = (await due(at)).find((t) => t.kind === "groups");
    expect(task, "the groups read is due").toBeDefined();
    await store.finishTask(task!, ok({ kind: "groups", groups }), DAY, at);
  };
  const readPrices = async (setId: string, p: SetPricesDay, at: Date) => {
    const task = (await due(at)).find((t) => t.kind === "set_prices" && t.subject === setId);
    expect(task, `the prices of ${setId} are due`).toBeDefined();
    expect(await store.finishTask(task!, ok({ kind: "set_prices", prices: p }), DAY, at)).toBe(true);
  };

  describe("the paid sets' comps' prices", () => {
    it("the groups read plans a daily read per paid set, after every other read; a free set is never read", async () => {
      await startedOn(store, [listingRow("a")]);
      await readGroups([set("set_free", false), set("set_paid", true), set("set_paid2", true)], T0);
      const tasks = await store.claimTasks("usr_owner", 200, LEASE, later(1000));
      expect(tasks.filter((t) => t.kind === "set_prices").map((t) => t.subject)).toEqual([
        "set_paid",
        "set_paid2",
      ]);
      expect(tasks.at(-1)!.kind).toBe("set_prices");
      expect((await store.progress("usr_owner", later(1000))).reads.set_prices).toEqual({
        done: 0,
        total: 2,
      });
    });

    it("keeps one row per set and day, a read of the same day replacing it, newest day first, two weeks at most", async () => {
      await startedOn(store, [listingRow("a")]);
      await readGroups([set("set_paid", true)], T0);
      await readPrices("set_paid", prices("2026-11-27", 164), later(1000));
      expect(await store.setPrices("usr_owner", "set_paid")).toEqual([
        { setId: "set_paid", ...prices("2026-11-27", 164), readAt: later(1000).toISOString() },
      ]);
      await store.markDue("usr_owner", "set_prices", ["set_paid"], later(2000));
      await readPrices("set_paid", prices("2026-11-27", 170), later(3000));
      expect((await store.setPrices("usr_owner", "set_paid")).map((r) => [r.day, r.median])).toEqual([
        ["2026-11-27", 170],
      ]);
      // Fresh for a day, then due again: the next day's read is a row of its own.
      expect((await due(later(DAY / 2))).some((t) => t.kind === "set_prices")).toBe(false);
      await readPrices("set_paid", prices("2026-11-28", 184), later(DAY + 4000));
      await readPrices("set_paid", prices("2026-11-29", null), later(2 * DAY + 5000));
      expect((await store.setPrices("usr_owner", "set_paid")).map((r) => [r.day, r.median])).toEqual([
        ["2026-11-29", null],
        ["2026-11-28", 184],
        ["2026-11-27", 170],
      ]);
      await readPrices("set_paid", prices("2026-12-11", 190), later(3 * DAY + 6000));
      expect((await store.setPrices("usr_owner", "set_paid")).map((r) => r.day)).toEqual([
        "2026-12-11",
        "2026-11-29",
        "2026-11-28",
      ]);
      expect(await store.setPrices("usr_other", "set_paid")).toEqual([]);
    });

    it("a set no longer paid, or gone, loses its read and its rows; forgetting the account erases them", async () => {
      await startedOn(store, [listingRow("a")]);
      await readGroups([set("set_paid", true), set("set_kept", true)], T0);
      await readPrices("set_paid", prices("2026-11-27", 164), later(1000));
      // The first claim leased both reads: the second is claimable once its lease ran out.
      await readPrices("set_kept", prices("2026-11-27", 90), later(1000 + LEASE));
      await store.markDue("usr_owner", "groups", [""], later(2000));
      await readGroups([set("set_paid", false), set("set_kept", true)], later(3000));
      expect(await store.setPrices("usr_owner", "set_paid")).toEqual([]);
      expect(await store.setPrices("usr_owner", "set_kept")).toHaveLength(1);
      expect((await store.progress("usr_owner", later(3000))).reads.set_prices).toEqual({
        done: 1,
        total: 1,
      });
      await store.forget("usr_owner");
      expect(await store.setPrices("usr_owner", "set_kept")).toEqual([]);
    });
  });
}
