import { describe, expect, it } from "vitest";
import type { RuleBody } from "@/lib/alerts/rules";
import type { AlertsStore, NewAlert } from "@/lib/server/alerts/alerts-store";

/**
 * The rules every AlertsStore keeps, run on SQLite (`sqlite-alerts.test.ts`) and on
 * PostgreSQL (`postgres-alerts.test.ts`). "Another instance" is a second store on the same
 * database.
 */
export interface AlertsContractOptions {
  open: () => Promise<AlertsStore>;
  openAnother: () => Promise<AlertsStore>;
}

const T0 = new Date("2026-11-29T08:00:00.000Z");
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const BEHIND: RuleBody = {
  kind: "behind_stly",
  scope: {},
  params: { metric: "nights", percent: 15 },
  delivery: { email: "digest", webhook: "off" },
};
const QUIET: RuleBody = {
  kind: "no_booking",
  scope: { market_id: "mkt_austin" },
  params: { days: 14 },
  delivery: { email: "immediate", webhook: "off" },
};
const alert = (ruleId: string, listingId: string, period: string | null = null): NewAlert => ({
  ruleId,
  listingId,
  period,
  measured: { nights: 41 },
  against: { stly_nights: 50 },
  why: `${listingId} is behind.`,
});

export function alertsContract({ open, openAnother }: AlertsContractOptions) {
  describe("rules", () => {
    it("a rule is created, listed, read, updated, paused and resumed, and deleted, per account", async () => {
      const store = await open();
      const rule = await store.createRule("usr_a", BEHIND, false, T0);
      expect(rule).toMatchObject({
        accountId: "usr_a",
        rule: BEHIND,
        paused: false,
        createdAt: T0.toISOString(),
      });
      expect(rule.id).toMatch(/^rul_/);
      const quiet = await store.createRule("usr_a", QUIET, false, at(1));
      await store.createRule("usr_b", QUIET, false, at(2));
      expect((await store.listRules("usr_a")).map((r) => r.id)).toEqual([rule.id, quiet.id]);
      expect(await store.findRule("usr_b", rule.id)).toBeNull();

      const changed = { ...BEHIND, params: { metric: "revenue", percent: 20 } } as RuleBody;
      const paused = await store.updateRule("usr_a", rule.id, changed, true, at(3));
      expect(paused).toMatchObject({ rule: changed, paused: true, updatedAt: at(3).toISOString() });
      expect(await store.accountsWithRules()).toEqual(["usr_a", "usr_b"]);
      await store.updateRule("usr_a", quiet.id, QUIET, true, at(3));
      expect(await store.accountsWithRules()).toEqual(["usr_b"]);
      expect((await store.updateRule("usr_a", rule.id, changed, false, at(4)))!.paused).toBe(false);
      expect(await store.updateRule("usr_b", rule.id, changed, false)).toBeNull();

      expect(await store.deleteRule("usr_b", rule.id)).toBe(false);
      expect(await store.deleteRule("usr_a", rule.id)).toBe(true);
      expect((await store.listRules("usr_a")).map((r) => r.id)).toEqual([quiet.id]);
      await store.close();
    });
  });

  describe("alerts", () => {
    it("fires once per rule, listing and period until it clears, then may fire again", async () => {
      const store = await open();
      const { id } = await store.createRule("usr_a", BEHIND, false, T0);
      const first = await store.fire("usr_a", [alert(id, "l1", "2026-12"), alert(id, "l1", "2027-01")], T0);
      expect(first.map((a) => [a.listingId, a.period, a.state])).toEqual(
        expect.arrayContaining([
          ["l1", "2026-12", "open"],
          ["l1", "2027-01", "open"],
        ]),
      );
      expect(first[0]).toMatchObject({
        ruleId: id,
        firedAt: T0.toISOString(),
        measured: { nights: 41 },
        clearedAt: null,
      });
      expect(await store.fire("usr_a", [alert(id, "l1", "2026-12")], at(1))).toEqual([]);
      expect(await store.clear("usr_a", id, [{ listingId: "l1", period: "2026-12" }], at(2))).toBe(1);
      const standing = await store.standing("usr_a", id);
      expect(standing).toEqual([{ listingId: "l1", period: "2027-01" }]);
      const again = await store.fire("usr_a", [alert(id, "l1", "2026-12")], at(3));
      expect(again).toHaveLength(1);
      const resolved = await store.listAlerts("usr_a", { state: "resolved" }, at(3));
      expect(resolved).toHaveLength(1);
      expect(resolved[0]).toMatchObject({ period: "2026-12", clearedAt: at(2).toISOString() });
      await store.close();
    });

    it("an alert without a period stands apart from one with a period, and each rule apart", async () => {
      const store = await open();
      const a = await store.createRule("usr_a", QUIET, false, T0);
      const b = await store.createRule("usr_a", BEHIND, false, T0);
      const fired = await store.fire(
        "usr_a",
        [alert(a.id, "l1"), alert(b.id, "l1"), alert(b.id, "l1", "2026-12")],
        T0,
      );
      expect(fired).toHaveLength(3);
      expect(fired.find((f) => f.ruleId === a.id)!.period).toBeNull();
      expect(await store.clear("usr_a", a.id, [{ listingId: "l1", period: "2026-12" }], at(1))).toBe(0);
      expect(await store.clear("usr_a", a.id, [{ listingId: "l1", period: null }], at(1))).toBe(1);
      expect(await store.standing("usr_a", b.id)).toHaveLength(2);
      await store.close();
    });

    it("a resolved alert keeps standing until its condition clears: it does not fire again meanwhile", async () => {
      const store = await open();
      const { id } = await store.createRule("usr_a", QUIET, false, T0);
      const [fired] = await store.fire("usr_a", [alert(id, "l1")], T0);
      expect(await store.resolve("usr_a", fired!.id, at(1))).toMatchObject({
        state: "resolved",
        clearedAt: null,
      });
      expect(await store.fire("usr_a", [alert(id, "l1")], at(2))).toEqual([]);
      expect(await store.resolve("usr_a", fired!.id, at(2))).toBeNull();
      await store.clear("usr_a", id, [{ listingId: "l1", period: null }], at(3));
      expect(await store.fire("usr_a", [alert(id, "l1")], at(4))).toHaveLength(1);
      await store.close();
    });

    it("a snoozed alert returns to open when its time passes, on read", async () => {
      const store = await open();
      const { id } = await store.createRule("usr_a", QUIET, false, T0);
      const [fired] = await store.fire("usr_a", [alert(id, "l1")], T0);
      const snoozed = await store.snooze("usr_a", fired!.id, at(24), at(1));
      expect(snoozed).toMatchObject({ state: "snoozed", snoozedUntil: at(24).toISOString() });
      expect((await store.listAlerts("usr_a", { state: "open" }, at(23))).length).toBe(0);
      expect(await store.findAlert("usr_a", fired!.id, at(23))).toMatchObject({ state: "snoozed" });
      expect(await store.listAlerts("usr_a", { state: "open" }, at(24))).toMatchObject([
        { id: fired!.id, state: "open", snoozedUntil: null },
      ]);
      await store.resolve("usr_a", fired!.id, at(25));
      expect(await store.snooze("usr_a", fired!.id, at(48), at(25))).toBeNull();
      expect(await store.snooze("usr_b", fired!.id, at(48), at(25))).toBeNull();
      await store.close();
    });

    it("lists by state, rule and listing, newest first; deleting a rule deletes its alerts", async () => {
      const store = await open();
      const a = await store.createRule("usr_a", QUIET, false, T0);
      const b = await store.createRule("usr_a", BEHIND, false, T0);
      await store.fire("usr_a", [alert(a.id, "l1")], T0);
      await store.fire("usr_a", [alert(a.id, "l2"), alert(b.id, "l2", "2026-12")], at(1));
      await store.fire("usr_b", [alert(a.id, "l3")], at(1));
      expect((await store.listAlerts("usr_a", {}, at(2))).map((x) => x.listingId)[2]).toBe("l1");
      expect(await store.listAlerts("usr_a", { ruleId: b.id }, at(2))).toHaveLength(1);
      expect(
        (await store.listAlerts("usr_a", { listingId: "l2" }, at(2))).map((x) => x.ruleId).sort(),
      ).toEqual([a.id, b.id].sort());
      expect(await store.listAlerts("usr_a", { state: "snoozed" }, at(2))).toEqual([]);
      expect(await store.deleteRule("usr_a", a.id)).toBe(true);
      expect((await store.listAlerts("usr_a", {}, at(2))).map((x) => x.ruleId)).toEqual([b.id]);
      await store.close();
    });

    it("two instances firing the same alerts at once fire each one once", async () => {
      const one = await open();
      const two = await openAnother();
      const { id } = await one.createRule("usr_a", BEHIND, false, T0);
      const batch = Array.from({ length: 40 }, (_, i) => alert(id, `l${i}`, "2026-12"));
      const [a, b] = await Promise.all([one.fire("usr_a", batch, T0), two.fire("usr_a", batch, T0)]);
      expect(a.length + b.length).toBe(40);
      expect(await one.listAlerts("usr_a", {}, T0)).toHaveLength(40);
      await one.close();
      await two.close();
    });
  });
}
