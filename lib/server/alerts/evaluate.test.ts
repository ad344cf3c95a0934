import { describe, expect, it } from "vitest";
import { ACCOUNT, calendar, listing, NOW, put, reservations, stay } from "@/lib/server/alerts/alerts-world";
import { evaluateAccount } from "@/lib/server/alerts/evaluate";
import { openSqliteAlerts } from "@/lib/server/alerts/sqlite-alerts";
import { hours, L1_STAYS, rule, evaluationWorld } from "@/lib/server/alerts/evaluation-world";

/**
 * Rules evaluated against a mirror written through the store's own writes: what fires, once;
 * what clears when the books change; what fires again after; snoozes that run out; scopes.
 */
const world = evaluationWorld();

describe("evaluating rules against the mirror", () => {
  it("each kind fires for the listings whose condition holds, with its why", async () => {
    const ids = {
      behind: (await world.alerts.createRule(ACCOUNT, rule("behind_stly", { metric: "nights", percent: 15 })))
        .id,
      quiet: (await world.alerts.createRule(ACCOUNT, rule("no_booking", { days: 14 }))).id,
      market: (await world.alerts.createRule(ACCOUNT, rule("below_market", { window: 7, percent: 80 }))).id,
      floor: (await world.alerts.createRule(ACCOUNT, rule("at_minimum", { nights: 5 }))).id,
      pickup: (await world.alerts.createRule(ACCOUNT, rule("pickup_below_ly", { percent: 20 }))).id,
    };
    const result = await evaluateAccount(world.mirror, world.alerts, ACCOUNT, NOW);
    expect(result.rules).toBe(5);
    const of = (ruleId: string) =>
      result.fired.filter((a) => a.ruleId === ruleId).map((a) => [a.listingId, a.period, a.why]);
    expect(of(ids.behind)).toEqual([
      ["l1", "2026-12", "December is 62 % behind last year on nights: 5 against 13."],
    ]);
    expect(of(ids.quiet)).toEqual([
      ["l1", null, "No new booking in the last 14 days, with 25 open nights in the next 30."],
    ]);
    expect(
      of(ids.market)
        .map(([l]) => l)
        .sort(),
    ).toEqual(["l1", "l2"]);
    expect(of(ids.market)[0]![2]).toBe(
      "Occupancy in the next 7 nights is 0 % against the market's 60 %: 0 % of the market's.",
    );
    expect(of(ids.floor)).toEqual([
      ["l1", null, "8 of the next 30 nights are priced at the minimum price of $90."],
    ]);
    expect(of(ids.pickup)).toEqual([
      [
        "l1",
        null,
        "Pickup in the last 7 days is 0 nights against 3 in the same days last year: 100 % below.",
      ],
    ]);
    const [behind] = result.fired.filter((a) => a.ruleId === ids.behind);
    expect(behind).toMatchObject({
      measured: { nights: 5, currency: "USD", cancellations_7d: 0 },
      against: { stly_nights: 13, percent: 15 },
      firedAt: NOW.toISOString(),
      state: "open",
    });
  });

  it("fires once per rule, listing and period until it clears, then fires again", async () => {
    const { id } = await world.alerts.createRule(
      ACCOUNT,
      rule("behind_stly", { metric: "nights", percent: 15 }),
    );
    expect(await world.fired()).toEqual(["l1 2026-12"]);
    expect(await world.fired(hours(1))).toEqual([]);

    // A booking lifts December to 12 nights against 13: 8 % behind, under the threshold.
    const late = stay("r_late", "2026-12-16", 7, "2026-11-28T10:00:00.000Z");
    await put(world.mirror, "reservations", "l1", reservations([...L1_STAYS, late]));
    const clearing = await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(2));
    expect(clearing).toMatchObject({ fired: [], cleared: 1 });
    const [first] = await world.alerts.listAlerts(ACCOUNT, { ruleId: id }, hours(2));
    expect(first).toMatchObject({ state: "resolved", clearedAt: hours(2).toISOString() });

    // Cancelled again: behind again, a new alert, with the cancellation in its why.
    const canceled = { ...late, status: "Canceled", canceledAt: "2026-11-29T07:00:00.000Z" };
    await put(world.mirror, "reservations", "l1", reservations([...L1_STAYS, canceled]));
    const again = await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(3));
    expect(again.fired.map((a) => a.why)).toEqual([
      "December is 62 % behind last year on nights: 5 against 13, with 1 cancellation this week.",
    ]);
    expect(again.fired[0]!.id).not.toBe(first!.id);
    expect(await world.alerts.listAlerts(ACCOUNT, { ruleId: id }, hours(3))).toHaveLength(2);
  });

  it("a snoozed alert is open again once its time passes, at the next evaluation", async () => {
    const { id } = await world.alerts.createRule(ACCOUNT, rule("at_minimum", { nights: 5 }));
    const [alert] = (await evaluateAccount(world.mirror, world.alerts, ACCOUNT, NOW)).fired;
    await world.alerts.snooze(ACCOUNT, alert!.id, hours(1), NOW);
    await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(0.5));
    expect((await world.alerts.standing(ACCOUNT, id)).length).toBe(1);
    expect((await world.alerts.findAlert(ACCOUNT, alert!.id, hours(0.5)))!.state).toBe("snoozed");
    const woke = await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(2));
    expect(woke.fired).toEqual([]);
    expect(await world.alerts.listAlerts(ACCOUNT, { state: "open" }, hours(2))).toMatchObject([
      { id: alert!.id, snoozedUntil: null },
    ]);
  });

  it("a rule watches its scope only; a listing leaving the scope clears its alerts; a paused rule is not evaluated", async () => {
    const other = await world.alerts.createRule(
      ACCOUNT,
      rule("at_minimum", { nights: 5 }, { market_id: "mkt_b" }),
    );
    expect(await world.fired()).toEqual([]);
    const { id } = await world.alerts.createRule(
      ACCOUNT,
      rule("at_minimum", { nights: 5 }, { market_id: "mkt_a" }),
    );
    expect(await world.fired()).toEqual(["l1 -"]);
    await world.alerts.updateRule(
      ACCOUNT,
      id,
      rule("at_minimum", { nights: 5 }, { market_id: "mkt_b" }),
      false,
    );
    expect(await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(1))).toMatchObject({
      cleared: 1,
    });
    await world.alerts.updateRule(ACCOUNT, other.id, rule("at_minimum", { nights: 5 }), true);
    await world.alerts.updateRule(ACCOUNT, id, rule("at_minimum", { nights: 5 }), true);
    expect(await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(2))).toEqual({
      rules: 0,
      fired: [],
      cleared: 0,
    });
  });

  it("no booking waits until every listing's reservations are read: not read yet is not quiet", async () => {
    await put(world.mirror, "listings", "", {
      kind: "listings",
      listings: [listing("l1", {}, { listing_preferences: { min_price: 90 } }), listing("l2"), listing("l4")],
    });
    await world.alerts.createRule(ACCOUNT, rule("no_booking", { days: 14 }));
    expect(await world.fired()).toEqual([]);
    await put(world.mirror, "reservations", "l4", reservations([]));
    await put(
      world.mirror,
      "nights",
      "l4",
      calendar(() => 100),
    );
    expect(await world.fired()).toEqual(["l1 -", "l4 -"]);
  });

  it("after a write that named listings, only they are measured: others neither fire nor clear", async () => {
    const { id } = await world.alerts.createRule(ACCOUNT, rule("below_market", { window: 7, percent: 80 }));
    expect(await world.fired()).toEqual(["l1 -", "l2 -"]);
    // Both fill their next week; only l1's write is evaluated.
    const full = calendar(
      () => 150,
      (i) => i < 7,
    );
    await put(world.mirror, "nights", "l1", full);
    await put(world.mirror, "nights", "l2", full);
    const named = await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(1), { listings: ["l1"] });
    expect(named).toMatchObject({ fired: [], cleared: 1 });
    expect((await world.alerts.standing(ACCOUNT, id)).map((k) => k.listingId)).toEqual(["l2"]);
    // The daily pass measures every listing: l2 clears too.
    expect(await evaluateAccount(world.mirror, world.alerts, ACCOUNT, hours(2))).toMatchObject({
      cleared: 1,
    });
  });

  it("a few named listings, counted in memory by the pace definitions, are judged as the store's figures judge them", async () => {
    const other = openSqliteAlerts(world.dir, "other.db");
    const rules = [
      rule("behind_stly", { metric: "nights", percent: 15 }),
      rule("behind_stly", { metric: "revenue", percent: 15 }),
      rule("no_booking", { days: 14 }),
      rule("pickup_below_ly", { percent: 20 }),
    ];
    for (const r of rules) {
      await world.alerts.createRule(ACCOUNT, r);
      await other.createRule(ACCOUNT, r);
    }
    const seen = (
      fired: Array<{ listingId: string; period: string | null; why: string; measured: object }>,
    ) => fired.map((a) => JSON.stringify([a.listingId, a.period, a.why, a.measured])).sort();
    const byStore = await evaluateAccount(world.mirror, world.alerts, ACCOUNT, NOW);
    const inMemory = await evaluateAccount(world.mirror, other, ACCOUNT, NOW, {
      listings: ["l1", "l2", "l3"],
    });
    expect(byStore.fired.length).toBe(4);
    expect(seen(inMemory.fired)).toEqual(seen(byStore.fired));
    await other.close();
  });
});
