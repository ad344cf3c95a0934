import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RuleBody } from "@/lib/alerts/rules";
import type { AlertsStore } from "@/lib/server/alerts/alerts-store";
import {
  ACCOUNT,
  calendar,
  listing,
  market,
  NOW,
  put,
  reservations,
  stay,
} from "@/lib/server/alerts/alerts-world";
import { evaluateAccount } from "@/lib/server/alerts/evaluate";
import { openSqliteAlerts } from "@/lib/server/alerts/sqlite-alerts";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import { openSqliteMirror } from "@/lib/server/mirror/sqlite-mirror";

/**
 * Rules evaluated against a mirror written through the store's own writes: what fires, once;
 * what clears when the books change; what fires again after; snoozes that run out; scopes.
 */
let dir: string;
let mirror: MirrorStore;
let alerts: AlertsStore;
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000);
const DELIVERY = { email: "off", webhook: "off" } as const;
const rule = (kind: RuleBody["kind"], params: object, scope: object = {}) =>
  ({ kind, params, scope, delivery: DELIVERY }) as RuleBody;

// l1: December 5 nights against 13 the same time last year; 8 of the next 30 nights at its
// minimum price (90); last year's same week picked up 3 nights (for December), this week none.
const L1_STAYS = [
  stay("r_ly_dec", "2025-12-05", 10, "2025-10-01T10:00:00.000Z"),
  stay("r_ly_pick", "2025-12-20", 3, "2025-11-28T10:00:00.000Z"),
  stay("r_dec", "2026-12-05", 5, "2026-10-01T10:00:00.000Z"),
];

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "rd-alerts-eval-"));
  mirror = openSqliteMirror(dir);
  alerts = openSqliteAlerts(dir);
  await mirror.startSync(ACCOUNT, "Olivia Hart", new Date(NOW.getTime() - 86_400_000));
  await put(mirror, "listings", "", {
    kind: "listings",
    listings: [
      listing("l1", {}, { listing_preferences: { min_price: 90 } }),
      listing("l2", {}, { listing_preferences: { min_price: null } }),
      listing("l3", { hidden: true }),
    ],
  });
  await put(mirror, "reservations", "l1", reservations(L1_STAYS));
  await put(
    mirror,
    "reservations",
    "l2",
    reservations([stay("r2", "2026-12-20", 2, "2026-11-25T10:00:00.000Z")]),
  );
  await put(mirror, "reservations", "l3", reservations([]));
  await put(
    mirror,
    "nights",
    "l1",
    calendar(
      (i) => (i < 8 ? 90 : 150),
      (i) => i >= 10 && i < 15,
    ),
  );
  await put(
    mirror,
    "nights",
    "l2",
    calendar(() => 120),
  );
  await put(mirror, "market", "mkt_a", market(60));
});
afterEach(async () => {
  await mirror.close();
  await alerts.close();
  rmSync(dir, { recursive: true, force: true });
});

const fired = async (now = NOW) =>
  (await evaluateAccount(mirror, alerts, ACCOUNT, now)).fired
    .map((a) => `${a.listingId} ${a.period ?? "-"}`)
    .sort();

describe("evaluating rules against the mirror", () => {
  it("each kind fires for the listings whose condition holds, with its why", async () => {
    const ids = {
      behind: (await alerts.createRule(ACCOUNT, rule("behind_stly", { metric: "nights", percent: 15 }))).id,
      quiet: (await alerts.createRule(ACCOUNT, rule("no_booking", { days: 14 }))).id,
      market: (await alerts.createRule(ACCOUNT, rule("below_market", { window: 7, percent: 80 }))).id,
      floor: (await alerts.createRule(ACCOUNT, rule("at_minimum", { nights: 5 }))).id,
      pickup: (await alerts.createRule(ACCOUNT, rule("pickup_below_ly", { percent: 20 }))).id,
    };
    const result = await evaluateAccount(mirror, alerts, ACCOUNT, NOW);
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
    const { id } = await alerts.createRule(ACCOUNT, rule("behind_stly", { metric: "nights", percent: 15 }));
    expect(await fired()).toEqual(["l1 2026-12"]);
    expect(await fired(hours(1))).toEqual([]);

    // A booking lifts December to 12 nights against 13: 8 % behind, under the threshold.
    const late = stay("r_late", "2026-12-16", 7, "2026-11-28T10:00:00.000Z");
    await put(mirror, "reservations", "l1", reservations([...L1_STAYS, late]));
    const clearing = await evaluateAccount(mirror, alerts, ACCOUNT, hours(2));
    expect(clearing).toMatchObject({ fired: [], cleared: 1 });
    const [first] = await alerts.listAlerts(ACCOUNT, { ruleId: id }, hours(2));
    expect(first).toMatchObject({ state: "resolved", clearedAt: hours(2).toISOString() });

    // Cancelled again: behind again, a new alert, with the cancellation in its why.
    const canceled = { ...late, status: "Canceled", canceledAt: "2026-11-29T07:00:00.000Z" };
    await put(mirror, "reservations", "l1", reservations([...L1_STAYS, canceled]));
    const again = await evaluateAccount(mirror, alerts, ACCOUNT, hours(3));
    expect(again.fired.map((a) => a.why)).toEqual([
      "December is 62 % behind last year on nights: 5 against 13, with 1 cancellation this week.",
    ]);
    expect(again.fired[0]!.id).not.toBe(first!.id);
    expect(await alerts.listAlerts(ACCOUNT, { ruleId: id }, hours(3))).toHaveLength(2);
  });

  it("a snoozed alert is open again once its time passes, at the next evaluation", async () => {
    const { id } = await alerts.createRule(ACCOUNT, rule("at_minimum", { nights: 5 }));
    const [alert] = (await evaluateAccount(mirror, alerts, ACCOUNT, NOW)).fired;
    await alerts.snooze(ACCOUNT, alert!.id, hours(1), NOW);
    await evaluateAccount(mirror, alerts, ACCOUNT, hours(0.5));
    expect((await alerts.standing(ACCOUNT, id)).length).toBe(1);
    expect((await alerts.findAlert(ACCOUNT, alert!.id, hours(0.5)))!.state).toBe("snoozed");
    const woke = await evaluateAccount(mirror, alerts, ACCOUNT, hours(2));
    expect(woke.fired).toEqual([]);
    expect(await alerts.listAlerts(ACCOUNT, { state: "open" }, hours(2))).toMatchObject([
      { id: alert!.id, snoozedUntil: null },
    ]);
  });

  it("a rule watches its scope only; a listing leaving the scope clears its alerts; a paused rule is not evaluated", async () => {
    const other = await alerts.createRule(ACCOUNT, rule("at_minimum", { nights: 5 }, { market_id: "mkt_b" }));
    expect(await fired()).toEqual([]);
    const { id } = await alerts.createRule(
      ACCOUNT,
      rule("at_minimum", { nights: 5 }, { market_id: "mkt_a" }),
    );
    expect(await fired()).toEqual(["l1 -"]);
    await alerts.updateRule(ACCOUNT, id, rule("at_minimum", { nights: 5 }, { market_id: "mkt_b" }), false);
    expect(await evaluateAccount(mirror, alerts, ACCOUNT, hours(1))).toMatchObject({ cleared: 1 });
    await alerts.updateRule(ACCOUNT, other.id, rule("at_minimum", { nights: 5 }), true);
    await alerts.updateRule(ACCOUNT, id, rule("at_minimum", { nights: 5 }), true);
    expect(await evaluateAccount(mirror, alerts, ACCOUNT, hours(2))).toEqual({
      rules: 0,
      fired: [],
      cleared: 0,
    });
  });

  it("no booking waits until every listing's reservations are read: not read yet is not quiet", async () => {
    await put(mirror, "listings", "", {
      kind: "listings",
      listings: [listing("l1", {}, { listing_preferences: { min_price: 90 } }), listing("l2"), listing("l4")],
    });
    await alerts.createRule(ACCOUNT, rule("no_booking", { days: 14 }));
    expect(await fired()).toEqual([]);
    await put(mirror, "reservations", "l4", reservations([]));
    await put(
      mirror,
      "nights",
      "l4",
      calendar(() => 100),
    );
    expect(await fired()).toEqual(["l1 -", "l4 -"]);
  });

  it("after a write that named listings, only they are measured: others neither fire nor clear", async () => {
    const { id } = await alerts.createRule(ACCOUNT, rule("below_market", { window: 7, percent: 80 }));
    expect(await fired()).toEqual(["l1 -", "l2 -"]);
    // Both fill their next week; only l1's write is evaluated.
    const full = calendar(
      () => 150,
      (i) => i < 7,
    );
    await put(mirror, "nights", "l1", full);
    await put(mirror, "nights", "l2", full);
    const named = await evaluateAccount(mirror, alerts, ACCOUNT, hours(1), { listings: ["l1"] });
    expect(named).toMatchObject({ fired: [], cleared: 1 });
    expect((await alerts.standing(ACCOUNT, id)).map((k) => k.listingId)).toEqual(["l2"]);
    // The daily pass measures every listing: l2 clears too.
    expect(await evaluateAccount(mirror, alerts, ACCOUNT, hours(2))).toMatchObject({ cleared: 1 });
  });

  it("a few named listings, counted in memory by the pace definitions, are judged as the store's figures judge them", async () => {
    const other = openSqliteAlerts(dir, "other.db");
    const rules = [
      rule("behind_stly", { metric: "nights", percent: 15 }),
      rule("behind_stly", { metric: "revenue", percent: 15 }),
      rule("no_booking", { days: 14 }),
      rule("pickup_below_ly", { percent: 20 }),
    ];
    for (const r of rules) {
      await alerts.createRule(ACCOUNT, r);
      await other.createRule(ACCOUNT, r);
    }
    const seen = (
      fired: Array<{ listingId: string; period: string | null; why: string; measured: object }>,
    ) => fired.map((a) => JSON.stringify([a.listingId, a.period, a.why, a.measured])).sort();
    const byStore = await evaluateAccount(mirror, alerts, ACCOUNT, NOW);
    const inMemory = await evaluateAccount(mirror, other, ACCOUNT, NOW, { listings: ["l1", "l2", "l3"] });
    expect(byStore.fired.length).toBe(4);
    expect(seen(inMemory.fired)).toEqual(seen(byStore.fired));
    await other.close();
  });
});

describe("comps_moved: a paid set's comps' median moved since yesterday", () => {
  const groups = async (paid: boolean) => {
    // The groups read is due once at the start; read again, it is made due as a write would.
    await mirror.markDue(ACCOUNT, "groups", [""], new Date(NOW.getTime() - 86_400_000));
    await put(mirror, "groups", "", {
      kind: "groups",
      groups: [
        { kind: "set", id: "set_1", name: "Downtown 2BR", listingIds: ["l1"], body: { is_paid: paid } },
      ],
    });
  };
  const day = (d: string, median: number | null) =>
    put(mirror, "set_prices", "set_1", {
      kind: "set_prices",
      prices: { day: d, currency: "EUR", median, comps: 18, nights: 30 },
    });

  it("judges the set's newest day against the day before: fires once, clears once the move is back within X %, fires again", async () => {
    const { id } = await alerts.createRule(ACCOUNT, rule("comps_moved", { set_id: "set_1", percent: 10 }));
    await groups(true);
    await day("2026-11-28", 164);
    // One day only: nothing to compare with.
    expect(await fired()).toEqual([]);
    await day("2026-11-29", 184);
    const first = await evaluateAccount(mirror, alerts, ACCOUNT, NOW);
    expect(first.fired.map((a) => [a.listingId, a.period, a.why])).toEqual([
      [
        "set_1",
        "set:set_1",
        "The comps' median price for the next 30 nights of set 'Downtown 2BR' moved 12 % since yesterday: 184 against 164 EUR.",
      ],
    ]);
    expect(await fired(hours(1))).toEqual([]);
    // A write naming listings changes no set's prices: the set's alert stands.
    expect(await evaluateAccount(mirror, alerts, ACCOUNT, hours(1), { listings: ["l1"] })).toMatchObject({
      fired: [],
      cleared: 0,
    });

    // The day read again (a same-day refresh): back within 10 %.
    await day("2026-11-29", 170);
    expect(await evaluateAccount(mirror, alerts, ACCOUNT, hours(2))).toMatchObject({ fired: [], cleared: 1 });
    // The next day it falls: a move of its own, against the day before.
    await day("2026-11-30", 150);
    expect(await fired(hours(26))).toEqual(["set_1 set:set_1"]);
    expect(await alerts.listAlerts(ACCOUNT, { ruleId: id }, hours(26))).toHaveLength(2);
  });

  it("a day without a figure, or a set the mirror no longer reads, neither fires nor clears", async () => {
    const { id } = await alerts.createRule(ACCOUNT, rule("comps_moved", { set_id: "set_1", percent: 10 }));
    await groups(true);
    await day("2026-11-28", 100);
    await day("2026-11-29", 150);
    expect(await fired()).toEqual(["set_1 set:set_1"]);
    await day("2026-11-30", null);
    expect(await evaluateAccount(mirror, alerts, ACCOUNT, hours(26))).toMatchObject({
      fired: [],
      cleared: 0,
    });
    // No longer paid: its rows leave with the next groups read; nothing measured, nothing cleared.
    await groups(false);
    expect(await evaluateAccount(mirror, alerts, ACCOUNT, hours(27))).toMatchObject({
      fired: [],
      cleared: 0,
    });
    expect(await alerts.standing(ACCOUNT, id)).toEqual([{ listingId: "set_1", period: "set:set_1" }]);
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
    put(mirror, "flags", listingId, { kind: "flags", flags: body });

  it("fires once per listing and flag while the flag stands, clears when a read lacks it, fires again when it comes back", async () => {
    const { id } = await alerts.createRule(ACCOUNT, rule("flag_gained", {}));
    await flags("l1", [flag("pricing_disabled"), flag("a_future_flag")]);
    await flags("l2", []);
    const first = await evaluateAccount(mirror, alerts, ACCOUNT, NOW);
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
    expect(await fired(hours(1))).toEqual([]);

    // One flag clears; the other stands.
    await flags("l1", [flag("a_future_flag")]);
    expect(await evaluateAccount(mirror, alerts, ACCOUNT, hours(2), { listings: ["l1"] })).toMatchObject({
      fired: [],
      cleared: 1,
    });
    expect((await alerts.standing(ACCOUNT, id)).map((k) => k.period)).toEqual(["a_future_flag"]);

    // The flag comes back: a listing gained a flag, again.
    await flags("l1", [flag("a_future_flag"), flag("pricing_disabled", "2026-11-29T07:30:00Z")]);
    const again = await evaluateAccount(mirror, alerts, ACCOUNT, hours(3), { listings: ["l1"] });
    expect(again.fired.map((a) => a.why)).toEqual([
      "Listing Listing l1 gained the flag 'Automatic posting is off' (detected 2026-11-29).",
    ]);
    expect(await alerts.listAlerts(ACCOUNT, { ruleId: id }, hours(3))).toHaveLength(3);
  });

  it("a flags body it cannot read neither fires nor clears; an unreadable flag is skipped, not the evaluation", async () => {
    const { id } = await alerts.createRule(ACCOUNT, rule("flag_gained", {}));
    await flags("l1", [flag("pricing_disabled")]);
    expect(await fired()).toEqual(["l1 pricing_disabled"]);
    await flags("l1", { unexpected: "shape" });
    expect(await evaluateAccount(mirror, alerts, ACCOUNT, hours(1))).toMatchObject({ fired: [], cleared: 0 });
    await flags("l1", [{ severity: "critical" }, 42, flag("pricing_disabled")]);
    expect(await evaluateAccount(mirror, alerts, ACCOUNT, hours(2))).toMatchObject({ fired: [], cleared: 0 });
    expect((await alerts.standing(ACCOUNT, id)).map((k) => k.period)).toEqual(["pricing_disabled"]);
  });

  it("watches its scope: a hidden listing's flags fire nothing under the whole portfolio", async () => {
    await alerts.createRule(ACCOUNT, rule("flag_gained", {}));
    await flags("l3", [flag("pricing_disabled")]);
    await flags("l2", [flag("occupancy_below_market")]);
    expect(await fired()).toEqual(["l2 occupancy_below_market"]);
  });
});
