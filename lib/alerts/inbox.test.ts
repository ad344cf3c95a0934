import { describe, expect, it } from "vitest";
import { openAlertsBadge, withAlerts } from "@/lib/alerts/count";
import { explainerOf, groupByRule, snoozeBounds } from "@/lib/alerts/inbox";
import type { AlertView, RuleView } from "@/lib/alerts/queries";
import { fromPaceScope, scopeWords, toPaceScope } from "@/lib/alerts/rule-form";

const rule = (id: string, kind: string, extra: Partial<RuleView> = {}): RuleView => ({
  id,
  kind,
  scope: {},
  params: {},
  delivery: { email: "digest", webhook: "off" },
  paused: false,
  words: `words of ${id}`,
  ...extra,
});
const alert = (id: string, ruleId: string, extra: Partial<AlertView> = {}): AlertView => ({
  id,
  rule_id: ruleId,
  listing_id: `lst_${id}`,
  period: null,
  fired_at: "2026-11-29T08:00:00.000Z",
  measured: {},
  against: {},
  why: `why ${id}`,
  state: "open",
  snoozed_until: null,
  cleared_at: null,
  ...extra,
});

describe("the inbox groups alerts by rule", () => {
  it("groups follow the rules' order, each keeping its alerts' order, and count what they hold", () => {
    const rules = [rule("r1", "no_booking"), rule("r2", "at_minimum"), rule("r3", "flag_gained")];
    const groups = groupByRule([alert("a", "r2"), alert("b", "r1"), alert("c", "r2")], rules);
    expect(groups.map((g) => [g.ruleId, g.heading, g.alerts.map((a) => a.id)])).toEqual([
      ["r1", "words of r1", ["b"]],
      ["r2", "words of r2", ["a", "c"]],
    ]);
  });

  it("an alert whose rule is not listed still shows, under a group of its own", () => {
    const groups = groupByRule([alert("a", "gone")], [rule("r1", "no_booking")]);
    expect(groups).toEqual([
      { ruleId: "gone", heading: "A rule no longer listed", rule: null, alerts: [alert("a", "gone")] },
    ]);
  });
});

describe("what explains an alert", () => {
  it("behind_stly links to the Pace month's gap in the rule's scope", () => {
    const r = rule("r", "behind_stly", { scope: { market_id: "mkt_1", segment_id: "seg 2" } });
    const a = alert("a", "r", { period: "2026-12", measured: { nights: 41, currency: "USD" } });
    const link = explainerOf(a, r)!;
    const url = new URL(link.href, "http://x");
    expect(url.pathname).toBe("/pace");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      unit: "month",
      pickup: "7",
      market: "mkt_1",
      segment: "seg 2",
      detail: "gap:2026-12:USD",
    });
    expect(link.label).toBe("Pace: December 2026");
  });

  it("behind_stly without a currency opens the month's table without a detail", () => {
    const link = explainerOf(alert("a", "r", { period: "2026-12" }), rule("r", "behind_stly"))!;
    expect(new URL(link.href, "http://x").searchParams.has("detail")).toBe(false);
  });

  it("pickup_below_ly links to Pace's pickup, comps_moved to the set, no_booking to nothing beyond the listing", () => {
    expect(explainerOf(alert("a", "r"), rule("r", "pickup_below_ly"))!.href).toBe(
      "/pace?unit=month&pickup=7&show=pickup",
    );
    expect(explainerOf(alert("a", "r"), rule("r", "comps_moved", { params: { set_id: "set 1" } }))).toEqual({
      href: "/sets/set%201",
      label: "The set",
    });
    expect(explainerOf(alert("a", "r"), rule("r", "no_booking"))).toBeNull();
    expect(explainerOf(alert("a", "r"), null)).toBeNull();
  });
});

describe("the snooze dates", () => {
  it("default tomorrow, from tomorrow to within a year", () => {
    const now = Date.parse("2026-11-29T23:30:00Z");
    expect(snoozeBounds(now)).toEqual({ min: "2026-11-30", max: "2027-11-28", initial: "2026-11-30" });
  });
});

describe("a rule's scope", () => {
  it("goes to Pace's filters and back keeping only what narrows", () => {
    const scope = { managed: false, market_id: "m", bedrooms: "2", set_id: "s" };
    expect(fromPaceScope(toPaceScope(scope))).toEqual(scope);
    expect(fromPaceScope(toPaceScope({}))).toEqual({});
  });

  it("is said in words, naming what the page can name", () => {
    expect(scopeWords({})).toBe("The whole portfolio");
    expect(
      scopeWords(
        { market_id: "m1", bedrooms: "0", segment_id: "g" },
        { markets: [{ id: "m1", name: "Lisbon" }], segments: [], sets: [], owners: [] },
      ),
    ).toBe("Listings: market Lisbon, studios, segment g");
  });
});

describe("the bell's count of open alerts", () => {
  it("is told apart in the bell's name and badge, and absent when unread", () => {
    expect(withAlerts("Notifications, 3 unread", { open: 5, capped: false })).toBe(
      "Notifications, 3 unread; 5 open alerts",
    );
    expect(withAlerts("Notifications, 3 unread", { open: 1, capped: false })).toBe(
      "Notifications, 3 unread; 1 open alert",
    );
    expect(withAlerts("Notifications, none unread", undefined)).toBe("Notifications, none unread");
    expect(withAlerts("Notifications, 2 unread", { open: 0, capped: false })).toBe("Notifications, 2 unread");
    expect(withAlerts("Notifications, none unread", { open: 100, capped: true })).toBe(
      "Notifications, none unread; more than 99 open alerts",
    );
    expect(openAlertsBadge({ open: 0, capped: false })).toBeNull();
    expect(openAlertsBadge({ open: 7, capped: false })).toBe("7");
    expect(openAlertsBadge({ open: 100, capped: true })).toBe("99+");
  });
});
