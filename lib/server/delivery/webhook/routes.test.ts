import Database from "better-sqlite3";
import path from "node:path";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver, webhookHeaders, type Receiver } from "@/test-support/alert-webhook-receiver";
import { routeRequest, startRouteWorld, type RouteWorld } from "@/test-support/route-world";
import { sessionCookieFor } from "@/test-support/webhook-service";

/**
 * The outgoing webhook's JSON interface as public endpoints: a live session, writes from the
 * dashboard itself, a read-only key that sees but does not change, bad input refused per field;
 * against the reference service over loopback, real sealed sessions, the real SQLite store and
 * a real receiver checking each signature.
 */
let receiver: Receiver;
let world: RouteWorld;
let owner: string;
let readOnly: string;
let ownerAccount: string;
let routes: {
  endpoint: typeof import("@/app/api/alerts/webhook/route");
  rotate: typeof import("@/app/api/alerts/webhook/rotate/route");
  test: typeof import("@/app/api/alerts/webhook/test/route");
  deliveries: typeof import("@/app/api/alerts/webhook/deliveries/route");
};

const ENDPOINT = () => ({
  url: receiver.url,
  enabled: true,
  digest_time: "07:30",
  time_zone: "Europe/Paris",
});
const getEndpoint = async (cookie = owner) =>
  (await routes.endpoint.GET(routeRequest("GET", "/api/alerts/webhook", cookie))).json();
const put = (body: unknown, cookie = owner, headers: Record<string, string> = {}) =>
  routes.endpoint.PUT(routeRequest("PUT", "/api/alerts/webhook", cookie, body, headers));
const rotate = (cookie = owner) =>
  routes.rotate.POST(routeRequest("POST", "/api/alerts/webhook/rotate", cookie));
const sendTest = (cookie = owner) =>
  routes.test.POST(routeRequest("POST", "/api/alerts/webhook/test", cookie));
const deliveries = async (cookie = owner) =>
  (await routes.deliveries.GET(routeRequest("GET", "/api/alerts/webhook/deliveries", cookie))).json();

beforeAll(async () => {
  receiver = await startReceiver();
  world = await startRouteWorld("alert-webhook-route");
  routes = {
    endpoint: await import("@/app/api/alerts/webhook/route"),
    rotate: await import("@/app/api/alerts/webhook/rotate/route"),
    test: await import("@/app/api/alerts/webhook/test/route"),
    deliveries: await import("@/app/api/alerts/webhook/deliveries/route"),
  };
  const { personas } = world;
  owner = await sessionCookieFor(personas.owner.keys.standard!, { persona: "owner", keyKind: "standard" });
  readOnly = await sessionCookieFor(personas.owner.keys.read_only!, {
    persona: "owner",
    keyKind: "read_only",
  });
  const { accountOf } = await import("@/lib/server/mirror/account");
  ownerAccount = (await accountOf({ apiKey: personas.owner.keys.standard!, keyId: null, label: "Owner" }))
    .accountId;
});

afterAll(async () => {
  const runtime = await import("@/lib/server/delivery/webhook/runtime");
  await (await runtime.webhookOutStore()).close();
  await (await (await import("@/lib/server/alerts/runtime")).alertsStore()).close();
  await receiver.close();
  await world.close();
});

describe("the alerts webhook over JSON", () => {
  it("refuses without a live session, and writes from another site", async () => {
    expect((await routes.endpoint.GET(routeRequest("GET", "/api/alerts/webhook", ""))).status).toBe(401);
    expect((await put(ENDPOINT(), "")).status).toBe(401);
    const cross = await put(ENDPOINT(), owner, { "sec-fetch-site": "cross-site" });
    expect(cross.status).toBe(403);
    expect((await cross.json()).error.code).toBe("cross_site_write");
  });

  it("is made with a secret shown once, sealed at rest; a change keeps it; rotate makes another", async () => {
    expect(await getEndpoint()).toEqual({ endpoint: null, can_edit: true });
    expect((await sendTest()).status).toBe(404);
    const made = await put(ENDPOINT());
    expect(made.status).toBe(201);
    const { endpoint, secret } = await made.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint).toMatchObject({
      url: receiver.url,
      enabled: true,
      digest_time: "07:30",
      time_zone: "Europe/Paris",
    });
    expect(Date.parse(endpoint.next_digest_at)).toBeGreaterThan(Date.now());

    const file = new Database(path.join(world.dataDir, "dashboard.db"), { readonly: true });
    const stored = file.prepare("SELECT secret FROM alert_webhook_endpoints").get() as { secret: Buffer };
    file.close();
    expect(stored.secret.toString("latin1")).not.toContain(secret.slice(6));

    const changed = await put({ ...ENDPOINT(), digest_time: "08:00" });
    expect(changed.status).toBe(200);
    const body = await changed.json();
    expect(body.secret).toBeUndefined();
    expect(body.endpoint.digest_time).toBe("08:00");
    expect(JSON.stringify(await getEndpoint())).not.toContain("whsec_");

    const rotated = await rotate();
    expect(rotated.status).toBe(200);
    const fresh = (await rotated.json()).secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);

    // The test message is signed with the new secret, not the old one.
    const sent = await sendTest();
    expect(sent.status).toBe(202);
    const message = await sent.json();
    expect(message).toMatchObject({ type: "alert.test", state: "succeeded" });
    const got = receiver.received.at(-1)!;
    expect(got.headers["webhook-id"]).toBe(message.id);
    expect(new Webhook(fresh).verify(got.body, webhookHeaders(got.headers))).toMatchObject({
      type: "alert.test",
    });
    expect(() => new Webhook(secret).verify(got.body, webhookHeaders(got.headers))).toThrow(
      WebhookVerificationError,
    );

    const { messages } = await deliveries();
    expect(messages[0]).toMatchObject({ id: message.id, type: "alert.test", body: got.body });
    expect(messages[0].attempts).toEqual([
      expect.objectContaining({ attempt: 1, response_status: 200, response_body: "ok", error: null }),
    ]);
  });

  it("a read-only key sees the endpoint and its deliveries but changes nothing", async () => {
    const seen = await getEndpoint(readOnly);
    expect(seen.can_edit).toBe(false);
    expect(seen.endpoint.url).toBe(receiver.url);
    expect((await deliveries(readOnly)).messages.length).toBeGreaterThan(0);
    for (const refused of [
      await put(ENDPOINT(), readOnly),
      await rotate(readOnly),
      await sendTest(readOnly),
    ]) {
      expect(refused.status).toBe(403);
      expect((await refused.json()).error).toMatchObject({
        code: "read_only_key",
        message: expect.stringContaining(
          "can see the alerts' webhook and its deliveries but not change them",
        ),
      });
    }
  });

  it("refuses bad input with a sentence per field", async () => {
    const refused = await put({
      url: "http://hooks.example.com/in",
      enabled: true,
      digest_time: "25:00",
      time_zone: "UTC",
    });
    expect(refused.status).toBe(400);
    const { error } = await refused.json();
    expect(error.code).toBe("invalid_input");
    expect(error.details.fields).toEqual([
      { field: "url", message: expect.stringContaining("The URL must start with https://") },
      { field: "digest_time", message: "The digest time must be a time of day such as 07:30." },
    ]);
    expect((await put("{not json")).status).toBe(400);
  });

  it("alerts of immediate rules, as an evaluation fires them, go to the endpoint in one message", async () => {
    const { startAlertWebhook } = await import("@/lib/server/delivery/webhook/runtime");
    const { publishFired } = await import("@/lib/server/alerts/fired-bus");
    const alerts = await (await import("@/lib/server/alerts/runtime")).alertsStore();
    startAlertWebhook();
    const rule = await alerts.createRule(ownerAccount, {
      kind: "no_booking",
      scope: {},
      params: { days: 14 },
      delivery: { email: "off", webhook: "immediate" },
    });
    const fired = await alerts.fire(ownerAccount, [
      {
        ruleId: rule.id,
        listingId: "1000001",
        period: null,
        measured: {},
        against: {},
        why: "Quiet for 20 days.",
      },
      {
        ruleId: rule.id,
        listingId: "1000002",
        period: null,
        measured: {},
        against: {},
        why: "Quiet for 30 days.",
      },
    ]);
    const before = receiver.received.length;
    await publishFired(ownerAccount, fired);
    await expect.poll(() => receiver.received.length).toBe(before + 1);
    const { data } = JSON.parse(receiver.received.at(-1)!.body);
    expect(data.alerts.map((a: { listing_id: string }) => a.listing_id).sort()).toEqual([
      "1000001",
      "1000002",
    ]);
  });
});
