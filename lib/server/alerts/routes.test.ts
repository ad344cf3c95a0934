import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeRequest, startRouteWorld, type RouteWorld } from "@/test-support/route-world";
import { sessionCookieFor } from "@/test-support/webhook-service";

/**
 * The alerts' JSON interface as public endpoints: a live session, writes from the dashboard
 * itself, a read-only key that sees but does not change, bad input refused per field in
 * sentences; against the reference service over loopback with real sealed sessions and the
 * real SQLite store.
 */
let world: RouteWorld;
let owner: string;
let readOnly: string;
let manager: string;
let ownerAccount: string;
let routes: {
  rules: typeof import("@/app/api/alerts/rules/route");
  rule: typeof import("@/app/api/alerts/rules/[id]/route");
  alerts: typeof import("@/app/api/alerts/route");
  alert: typeof import("@/app/api/alerts/[id]/route");
  count: typeof import("@/app/api/alerts/count/route");
};
let runtime: typeof import("@/lib/server/alerts/runtime");

const params = (id: string) => ({ params: Promise.resolve({ id }) });
const BEHIND = {
  kind: "behind_stly",
  params: { metric: "nights", percent: 15 },
  scope: { market_id: "mkt_1" },
};
const createRule = (body: unknown, cookie = owner, headers: Record<string, string> = {}) =>
  routes.rules.POST(routeRequest("POST", "/api/alerts/rules", cookie, body, headers));
const listRules = async (cookie = owner) =>
  (await routes.rules.GET(routeRequest("GET", "/api/alerts/rules", cookie))).json();
const putRule = (id: string, body: unknown, cookie = owner) =>
  routes.rule.PUT(routeRequest("PUT", `/api/alerts/rules/${id}`, cookie, body), params(id));
const listAlerts = (query = "", cookie = owner) =>
  routes.alerts.GET(routeRequest("GET", `/api/alerts${query}`, cookie));
const act = (id: string, body: unknown, cookie = owner) =>
  routes.alert.POST(routeRequest("POST", `/api/alerts/${id}`, cookie, body), params(id));

beforeAll(async () => {
  world = await startRouteWorld("alerts-route");
  routes = {
    rules: await import("@/app/api/alerts/rules/route"),
    rule: await import("@/app/api/alerts/rules/[id]/route"),
    alerts: await import("@/app/api/alerts/route"),
    alert: await import("@/app/api/alerts/[id]/route"),
    count: await import("@/app/api/alerts/count/route"),
  };
  runtime = await import("@/lib/server/alerts/runtime");
  const { personas } = world;
  owner = await sessionCookieFor(personas.owner.keys.standard!, { persona: "owner", keyKind: "standard" });
  readOnly = await sessionCookieFor(personas.owner.keys.read_only!, {
    persona: "owner",
    keyKind: "read_only",
  });
  manager = await sessionCookieFor(personas.manager.keys.standard!, {
    persona: "manager",
    keyKind: "standard",
  });
  const { accountOf } = await import("@/lib/server/mirror/account");
  ownerAccount = (await accountOf({ apiKey: personas.owner.keys.standard!, keyId: null, label: "Owner" }))
    .accountId;
});

afterAll(async () => {
  const { mirrorRuntime } = await import("@/lib/server/mirror/runtime");
  const mirror = await mirrorRuntime();
  mirror.worker.stop();
  runtime.alertTrigger(mirror.store).stop();
  await mirror.store.close();
  await (await runtime.alertsStore()).close();
  await world.close();
});

describe("alert rules over JSON", () => {
  it("a rule is created, listed with its threshold in words, paused by a partial PUT, and deleted", async () => {
    const created = await createRule(BEHIND);
    expect(created.status).toBe(201);
    const rule = await created.json();
    expect(rule).toMatchObject({
      kind: "behind_stly",
      scope: { market_id: "mkt_1" },
      params: { metric: "nights", percent: 15 },
      delivery: { email: "digest", webhook: "off" },
      paused: false,
      words: "A stay month more than 15 % behind the same time last year on nights",
    });
    expect((await listRules()).rules.map((r: { id: string }) => r.id)).toContain(rule.id);
    expect((await listRules(manager)).rules).toEqual([]);

    const paused = await putRule(rule.id, { paused: true });
    expect(await paused.json()).toMatchObject({ paused: true, params: { percent: 15 } });
    const changed = await putRule(rule.id, { params: { metric: "revenue", percent: 20 } });
    expect(await changed.json()).toMatchObject({ paused: true, params: { metric: "revenue", percent: 20 } });
    expect((await putRule(rule.id, { paused: false }, manager)).status).toBe(404);
    // The rule as GET answered it, changed and sent back whole.
    const [listed] = (await listRules()).rules.filter((r: { id: string }) => r.id === rule.id);
    const roundTrip = await putRule(rule.id, { ...listed, delivery: { email: "immediate", webhook: "off" } });
    expect(await roundTrip.json()).toMatchObject({
      delivery: { email: "immediate", webhook: "off" },
      paused: true,
    });

    const gone = await routes.rule.DELETE(
      routeRequest("DELETE", `/api/alerts/rules/${rule.id}`, owner),
      params(rule.id),
    );
    expect(gone.status).toBe(204);
    const again = await routes.rule.DELETE(
      routeRequest("DELETE", `/api/alerts/rules/${rule.id}`, owner),
      params(rule.id),
    );
    expect(again.status).toBe(404);
    expect((await again.json()).error.message).toBe("This account has no alert rule with that id.");
  });

  it("bad input gets a 400 with a plain sentence per field", async () => {
    const bad = await createRule({
      kind: "below_market",
      params: { window: 21, percent: 0 },
      scope: { city: "x" },
    });
    expect(bad.status).toBe(400);
    const { error } = await bad.json();
    expect(error.details.fields).toEqual([
      { field: "scope", message: 'The scope has no field named "city".' },
    ]);
    const params400 = await (
      await createRule({ kind: "below_market", params: { window: 21, percent: 0 } })
    ).json();
    expect(params400.error.message).toBe(
      "Window must be 7, 14 or 30 nights. Percent of the market's occupancy must be more than 0 %.",
    );
    expect((await createRule("{not json")).status).toBe(400);
    const { id } = await (await createRule(BEHIND)).json();
    const badPut = await putRule(id, { kind: "no_booking" });
    expect(badPut.status).toBe(400);
    // The kind changed and the old params stayed: both said, each of its field.
    expect((await badPut.json()).error.details.fields).toEqual([
      { field: "params.days", message: "Days without a booking must be a whole number." },
      { field: "params", message: 'A no-booking rule has no field named "metric", "percent".' },
    ]);
  });

  it("a read-only key sees the rules but cannot change them", async () => {
    const { id } = await (await createRule(BEHIND)).json();
    const seen = await listRules(readOnly);
    expect(seen.can_edit).toBe(false);
    expect(seen.rules.map((r: { id: string }) => r.id)).toContain(id);
    expect((await listRules()).can_edit).toBe(true);
    for (const response of [
      await createRule(BEHIND, readOnly),
      await putRule(id, { paused: true }, readOnly),
      await routes.rule.DELETE(routeRequest("DELETE", `/api/alerts/rules/${id}`, readOnly), params(id)),
    ]) {
      expect(response.status).toBe(403);
      expect((await response.json()).error.code).toBe("read_only_key");
    }
  });

  it("a write from another site and a request without a session are refused", async () => {
    expect((await createRule(BEHIND, owner, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await createRule(BEHIND, "")).status).toBe(401);
    expect((await listAlerts("", "")).status).toBe(401);
  });
});

describe("alerts over JSON", () => {
  async function fired(listingId: string) {
    const store = await runtime.alertsStore();
    const [rule] = await store.listRules(ownerAccount);
    const [alert] = await store.fire(ownerAccount, [
      {
        ruleId: rule!.id,
        listingId,
        period: "2026-12",
        measured: { nights: 41 },
        against: { stly_nights: 50 },
        why: "December is 18 % behind.",
      },
    ]);
    return alert!;
  }

  it("lists alerts by state with rule_id, listing_id, fired_at and why; snooze and resolve", async () => {
    const alert = await fired("lst_route_1");
    const open = await (await listAlerts("?state=open")).json();
    expect(open.alerts).toContainEqual(
      expect.objectContaining({
        id: alert.id,
        rule_id: alert.ruleId,
        listing_id: "lst_route_1",
        period: "2026-12",
        why: "December is 18 % behind.",
        state: "open",
        fired_at: alert.firedAt,
      }),
    );
    expect((await (await listAlerts("?state=open", manager)).json()).alerts).toEqual([]);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const snoozed = await act(alert.id, { action: "snooze", until });
    expect(await snoozed.json()).toMatchObject({ state: "snoozed", snoozed_until: until });
    expect(
      (await (await listAlerts("?state=snoozed")).json()).alerts.map((a: { id: string }) => a.id),
    ).toEqual([alert.id]);
    expect(await (await act(alert.id, { action: "resolve" })).json()).toMatchObject({ state: "resolved" });
    expect((await act(alert.id, { action: "resolve" })).status).toBe(409);
    expect((await act("alr_nothing", { action: "resolve" })).status).toBe(404);
    expect((await act(alert.id, { action: "resolve" }, readOnly)).status).toBe(403);
  });

  it("a snoozed alert whose until has passed is listed open", async () => {
    const alert = await fired("lst_route_2");
    await (await runtime.alertsStore()).snooze(ownerAccount, alert.id, new Date(Date.now() - 1000));
    const open = await (await listAlerts("?state=open")).json();
    expect(open.alerts).toContainEqual(
      expect.objectContaining({ id: alert.id, state: "open", snoozed_until: null }),
    );
  });

  it("bad actions and queries get a 400 with a sentence", async () => {
    const alert = await fired("lst_route_3");
    const past = await (await act(alert.id, { action: "snooze", until: "2020-01-01" })).json();
    expect(past.error.message).toBe("Until must be in the future.");
    const garbled = await (await act(alert.id, { action: "snooze", until: "soon" })).json();
    expect(garbled.error.message).toBe(
      "Until must be a date or a time, such as 2026-12-05 or 2026-12-05T09:00:00Z.",
    );
    const unknown = await (await act(alert.id, { action: "archive" })).json();
    expect(unknown.error.message).toBe('Action must be "snooze" (with until) or "resolve".');
    const state = await listAlerts("?state=closed");
    expect(state.status).toBe(400);
    expect((await state.json()).error.message).toBe('State must be "open", "snoozed" or "resolved".');
  });

  it("the bell's count is the number of open alerts, never the alerts, and needs a session", async () => {
    const count = async (cookie = owner) =>
      (await routes.count.GET(routeRequest("GET", "/api/alerts/count", cookie))).json();
    const openNow = (await (await listAlerts("?state=open")).json()).alerts.length;
    expect(await count()).toEqual({ open: openNow, capped: false });
    const alert = await fired("lst_route_count");
    expect(await count()).toEqual({ open: openNow + 1, capped: false });
    await act(alert.id, { action: "snooze", until: new Date(Date.now() + 86_400_000).toISOString() });
    expect(await count()).toEqual({ open: openNow, capped: false });
    expect(await count(readOnly)).toEqual({ open: openNow, capped: false });
    expect((await routes.count.GET(routeRequest("GET", "/api/alerts/count", ""))).status).toBe(401);
  });
});
