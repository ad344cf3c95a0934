import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MirrorGroup, MirrorStore, SyncTask } from "@/lib/server/mirror/mirror-store";
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
 * The account's segments and sets in the mirror (the `groups` task), on SQLite and on
 * PostgreSQL: one read for the whole account, after every listing's; its rows replaced whole
 * by each finished read, kept through a listing read, erased with the account.
 */
export function mirrorGroupsContract({ open }: Pick<MirrorContractOptions, "open">) {
  let store: MirrorStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  const segment = (id: string, name: string, listingIds: string[]): MirrorGroup => ({
    kind: "segment",
    id,
    name,
    listingIds,
    body: { id, name, filter_backend: { market_ids: ["mkt_austin"] }, surprise: true },
  });
  const set = (id: string, name: string, listingIds: string[]): MirrorGroup => ({
    kind: "set",
    id,
    name,
    listingIds,
    body: { id, name, is_paid: false },
  });
  /** Claims every task due at `at` and hands back the groups read, if it was among them. */
  const groupsTask = async (at: Date, account = "usr_owner"): Promise<SyncTask | undefined> =>
    (await store.claimTasks(account, 100, LEASE, at)).find((t) => t.kind === "groups");
  const read = async (groups: MirrorGroup[], at: Date, account = "usr_owner") => {
    const task = await groupsTask(at, account);
    expect(task, "the groups read is due").toBeDefined();
    expect(await store.finishTask(task!, ok({ kind: "groups", groups }, 1 + groups.length), DAY, at)).toBe(
      true,
    );
  };

  describe("segments and sets", () => {
    it("the account's one read of its segments and sets comes after every listing's reads and the markets", async () => {
      await startedOn(store, [listingRow("a"), listingRow("b", "mkt_denver")]);
      const tasks = await store.claimTasks("usr_owner", 100, LEASE, T0);
      expect(tasks.map((t) => `${t.kind}:${t.subject}`).at(-1)).toBe("groups:");
      expect(tasks.filter((t) => t.kind === "groups")).toHaveLength(1);
      expect((await store.progress("usr_owner", T0)).reads.groups).toEqual({ done: 0, total: 1 });
    });

    it("a finished read holds each group with its listings and the instant read, segments first, in the service's order", async () => {
      await startedOn(store, [listingRow("a"), listingRow("b")]);
      expect(await store.groups("usr_owner")).toEqual([]);
      await read(
        [
          segment("seg_z", "Zeta homes", ["b", "a"]),
          set("set_1", "South Congress comps", ["a"]),
          segment("seg_a", "Alpha homes", []),
          set("set_2", "Unnamed", ["b"]),
        ],
        later(1000),
      );
      const at = later(1000).toISOString();
      expect(await store.groups("usr_owner")).toEqual([
        { kind: "segment", id: "seg_z", name: "Zeta homes", listingIds: ["b", "a"], readAt: at },
        { kind: "segment", id: "seg_a", name: "Alpha homes", listingIds: [], readAt: at },
        { kind: "set", id: "set_1", name: "South Congress comps", listingIds: ["a"], readAt: at },
        { kind: "set", id: "set_2", name: "Unnamed", listingIds: ["b"], readAt: at },
      ]);
      expect((await store.counts("usr_owner")).groups).toBe(4);
      expect((await store.progress("usr_owner", later(1000))).reads.groups).toEqual({ done: 1, total: 1 });
    });

    it("each read replaces the groups whole: one gone from the service leaves, a changed one is as read last", async () => {
      await startedOn(store, [listingRow("a"), listingRow("b")]);
      await read([segment("seg_1", "Family homes", ["a"]), set("set_1", "Comps", ["a", "b"])], T0);
      // A day later (the nightly reconcile) it is due again, and reads what the service holds now.
      expect(await groupsTask(later(DAY - 1000))).toBeUndefined();
      await read([segment("seg_1", "Family homes (3BR+)", ["a", "b"])], later(DAY + LEASE));
      expect(await store.groups("usr_owner")).toEqual([
        {
          kind: "segment",
          id: "seg_1",
          name: "Family homes (3BR+)",
          listingIds: ["a", "b"],
          readAt: later(DAY + LEASE).toISOString(),
        },
      ]);
    });

    it("a write makes the read due at once; a listing read leaves it and its groups as they are", async () => {
      await startedOn(store, [listingRow("a"), listingRow("b")]);
      await read([segment("seg_1", "Family homes", ["a"])], T0);
      // The listing list read again, one listing gone: the groups read is not due for that.
      await store.markDue("usr_owner", "listings", [""], later(1000));
      const [listings] = await store.claimTasks("usr_owner", 1, LEASE, later(1000));
      expect(listings!.kind).toBe("listings");
      await store.finishTask(
        listings!,
        ok({ kind: "listings", listings: [listingRow("a")] }),
        DAY,
        later(1000),
      );
      expect(await groupsTask(later(2000))).toBeUndefined();
      expect((await store.groups("usr_owner")).map((g) => g.id)).toEqual(["seg_1"]);
      expect(await store.markDue("usr_owner", "groups", [""], later(3000))).toBe(1);
      expect(await groupsTask(later(4000))).toBeDefined();
    });

    it("forgetting an account erases its groups and no other account's", async () => {
      await startedOn(store, [listingRow("a")]);
      await startedOn(store, [listingRow("a")], "usr_manager");
      await read([segment("seg_1", "Family homes", ["a"])], T0);
      await read([set("set_1", "Comps", ["a"])], T0, "usr_manager");
      await store.forget("usr_owner");
      expect(await store.groups("usr_owner")).toEqual([]);
      expect((await store.counts("usr_owner")).groups).toBe(0);
      expect((await store.groups("usr_manager")).map((g) => g.id)).toEqual(["set_1"]);
    });
  });
}
