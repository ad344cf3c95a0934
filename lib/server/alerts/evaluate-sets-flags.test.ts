import { describe, expect, it } from "vitest";
import { ACCOUNT, NOW, put } from "@/lib/server/alerts/alerts-world";
import { evaluateAccount } from "@/lib/server/alerts/evaluate";
import { hours, rule, evaluationWorld } from "@/lib/server/alerts/evaluation-world";

/**
 * The two kinds judged from what the mirror reads besides stays and nights: a paid set's
 * comps' median day by day, and each listing's flags.
 */
const world = evaluationWorld();

describe("comps_moved: a paid set's comps' median moved since yesterday", () => {
  const groups = async (paid: boolean) => {
    // The groups read is due once at the start; read again, it is made due as a write would.
    await world.mirror.markDue(ACCOUNT, "groups", [""], new Date(NOW.getTime() - 86_400_000));
    await put(world.mirror, "groups", "", {
      kind: "groups",
      groups: [
        { kind: "set", id: "set_1", name: "Downtown 2BR", listingIds: ["l1"], body: { is_paid: paid } },
      ],
    });
  };
  const day = (d: string, median: number | null) =>
    put(world.mirror, "set_prices", "set_1", {
      kind: "set_prices",
      prices: { day: d, currency: "EUR", median, comps: 18, nights: 30 },
    });

  it("judges the set's newest day against the day before: fires once, clears once the move is back within X %, fires again", async () => {
    const { id } = await world.alerts.createRule(
      ACCOUNT,
      rule("comps_moved", { set_id: "set_1", percent: 10 }),
    );
    await groups(true);
    await day("2026-11-28", 164);
    // One day only: nothing to compare with.
    expect(await world.fired()).toEqual([]);
    await day("2026-11-29", 184);
    const first = await evaluateAccount(world.mirror, world.alerts, ACCOUNT, NOW);
    expect(first.fired.map((a) => [a.listingId, a.period, a.why])).toEqual([
      [
        "set_1",
        "set:set_1",
        "The comps' median price for the next 30 nights of set 'Downtown 2BR' moved 12 % since yesterday: 184 against 164 EUR.",
      ],
    ]);
    expect(await world.fired(hours(1))).toEqual([]);
    // A write naming listings changes no set's prices: the set's alert stands.
    expect(
      await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(1), { listings: ["l1"] }),
    ).toMatchObject({
      fired: [],
      cleared: 0,
    });

    // The day read again (a same-day refresh): back within 10 %.
    await day("2026-11-29", 170);
    expect(await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(2))).toMatchObject({
      fired: [],
      cleared: 1,
    });
    // The next day it falls: a move of its own, against the day before.
    await day("2026-11-30", 150);
    expect(await world.fired(hours(26))).toEqual(["set_1 set:set_1"]);
    expect(await world.alerts.listAlerts(ACCOUNT, { ruleId: id }, hours(26))).toHaveLength(2);
  });

  it("a day without a figure, or a set the mirror no longer reads, neither fires nor clears", async () => {
    const { id } = await world.alerts.createRule(
      ACCOUNT,
      rule("comps_moved", { set_id: "set_1", percent: 10 }),
    );
    await groups(true);
    await day("2026-11-28", 100);
    await day("2026-11-29", 150);
    expect(await world.fired()).toEqual(["set_1 set:set_1"]);
    await day("2026-11-30", null);
    expect(await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(26))).toMatchObject({
      fired: [],
      cleared: 0,
    });
    // No longer paid: its rows leave with the next groups read; nothing measured, nothing cleared.
    await groups(false);
    expect(await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(27))).toMatchObject({
      fired: [],
      cleared: 0,
    });
    expect(await world.alerts.standing(ACCOUNT, id)).toEqual([{ listingId: "set_1", period: "set:set_1" }]);
  });
});

describe("flag_gained: a listing gained a flag", () => {
  const flag = (code: string, detected_at = "2026-11-28T14:00:00Z") => ({
    code,
    severity: "warning",
    message: `Condition ${code}.`,
    detected_at,
  });
  const flags = (listingId: string, body: unknown) =>
    put(world.mirror, "flags", listingId, { kind: "flags", flags: body });

  it("fires once per listing and flag while the flag stands, clears when a read lacks it, fires again when it comes back", async () => {
    const { id } = await world.alerts.createRule(ACCOUNT, rule("flag_gained", {}));
    await flags("l1", [flag("pricing_disabled"), flag("a_future_flag")]);
    await flags("l2", []);
    const first = await evaluateAccount(world.mirror, world.alerts, ACCOUNT, NOW);
    expect(first.fired.map((a) => [a.listingId, a.period, a.why]).sort()).toEqual([
      ["l1", "a_future_flag", "Listing Listing l1 gained the flag 'A future flag' (detected 2026-11-28)."],
      [
        "l1",
        "pricing_disabled",
        "Listing Listing l1 gained the flag 'Automatic posting is off' (detected 2026-11-28).",
      ],
    ]);
    expect(first.fired.find((a) => a.period === "a_future_flag")!.measured).toEqual({
      code: "a_future_flag",
      severity: "warning",
      message: "Condition a_future_flag.",
      detected_at: "2026-11-28T14:00:00Z",
    });
    expect(await world.fired(hours(1))).toEqual([]);

    // One flag clears; the other stands.
    await flags("l1", [flag("a_future_flag")]);
    expect(
      await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(2), { listings: ["l1"] }),
    ).toMatchObject({
      fired: [],
      cleared: 1,
    });
    expect((await world.alerts.standing(ACCOUNT, id)).map((k) => k.period)).toEqual(["a_future_flag"]);

    // The flag comes back: a listing gained a flag, again.
    await flags("l1", [flag("a_future_flag"), flag("pricing_disabled", "2026-11-29T07:30:00Z")]);
    const again = await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(3), { listings: ["l1"] });
    expect(again.fired.map((a) => a.why)).toEqual([
      "Listing Listing l1 gained the flag 'Automatic posting is off' (detected 2026-11-29).",
    ]);
    expect(await world.alerts.listAlerts(ACCOUNT, { ruleId: id }, hours(3))).toHaveLength(3);
  });

  it("a flags body it cannot read neither fires nor clears; an unreadable flag is skipped, not the evaluation", async () => {
    const { id } = await world.alerts.createRule(ACCOUNT, rule("flag_gained", {}));
    await flags("l1", [flag("pricing_disabled")]);
    expect(await world.fired()).toEqual(["l1 pricing_disabled"]);
    await flags("l1", { unexpected: "shape" });
    expect(await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(1))).toMatchObject({
      fired: [],
      cleared: 0,
    });
    await flags("l1", [{ severity: "critical" }, 42, flag("pricing_disabled")]);
    expect(await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(2))).toMatchObject({
      fired: [],
      cleared: 0,
    });
    expect((await world.alerts.standing(ACCOUNT, id)).map((k) => k.period)).toEqual(["pricing_disabled"]);
  });

  it("watches its scope: a hidden listing's flags fire nothing under the whole portfolio", async () => {
    await world.alerts.createRule(ACCOUNT, rule("flag_gained", {}));
    await flags("l3", [flag("pricing_disabled")]);
    await flags("l2", [flag("occupancy_below_market")]);
    expect(await world.fired()).toEqual(["l2 occupancy_below_market"]);
  });
});
