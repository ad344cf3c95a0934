import { describe, it, expect, beforeAll, beforeEach, afterAll } from "vitest";
import {
  WEBHOOK_EVENT_TYPES,
  webhookSubscription,
  webhookSubscriptionWithSecret,
} from "../lib/svc/schemas/webhooks";
import type { Sandbox } from "./app";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

const HOOK = "https://hooks.example.com/svc";

describe("webhook subscriptions", () => {
  let sandbox: Sandbox;
  let p: Personas;
  let owner: string;

  beforeAll(async () => {
    sandbox = makeSandbox();
    p = await personaKeys(sandbox);
    owner = p.owner.keys.standard;
  });
  afterAll(() => sandbox.close());

  // Every test starts with no subscriptions (cheaper than re-seeding the world).
  beforeEach(() => {
    sandbox.ctx.db.exec(`DELETE FROM webhook_attempts; DELETE FROM webhook_subscriptions;`);
  });

  const create = (body: unknown, key = owner) => call(sandbox, "POST", "/webhooks", { key, body });

  it("GET /webhook_events lists the three event types with a description", async () => {
    const res = await call(sandbox, "GET", "/webhook_events", { key: owner });
    expect(res.status).toBe(200);
    expect(res.json.map((e: { type: string }) => e.type)).toEqual([...WEBHOOK_EVENT_TYPES]);
    for (const e of res.json) expect(e.description.length).toBeGreaterThan(10);
  });

  it("CRUD: create, list, read, update, delete; the secret appears only in create and rotate", async () => {
    const created = await create({ url: HOOK, event_types: ["flags.detected"] });
    expect(created.status).toBe(201);
    const sub = webhookSubscriptionWithSecret.parse(created.json);
    expect(sub.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(sub).toMatchObject({
      url: HOOK,
      event_types: ["flags.detected"],
      status: "enabled",
      disabled_reason: null,
      consecutive_failures: 0,
    });
    expect(rows(sandbox, `SELECT secret FROM webhook_subscriptions WHERE id = ?`, sub.id)).toEqual([
      { secret: sub.secret },
    ]);

    const list = await call(sandbox, "GET", "/webhooks", { key: owner });
    const read = await call(sandbox, "GET", `/webhooks/${sub.id}`, { key: owner });
    const updated = await call(sandbox, "PUT", `/webhooks/${sub.id}`, {
      key: owner,
      body: { url: `${HOOK}/v2`, event_types: ["recommendations.updated", "reservations.ingested"] },
    });
    const deliveries = await call(sandbox, "GET", `/webhooks/${sub.id}/deliveries`, { key: owner });
    expect([list.status, read.status, updated.status, deliveries.status]).toEqual([200, 200, 200, 200]);
    expect(list.json).toHaveLength(1);
    expect(webhookSubscription.parse(read.json)).toEqual({ ...sub, secret: undefined });
    expect(updated.json).toMatchObject({
      id: sub.id,
      url: `${HOOK}/v2`,
      event_types: ["recommendations.updated", "reservations.ingested"],
    });
    for (const res of [list, read, updated, deliveries]) {
      const text = JSON.stringify(res.json);
      expect(text).not.toContain(sub.secret);
      expect(text).not.toContain('"secret"');
    }

    const rotated = await call(sandbox, "POST", `/webhooks/${sub.id}/rotate_secret`, { key: owner });
    expect(rotated.status).toBe(200);
    const withNew = webhookSubscriptionWithSecret.parse(rotated.json);
    expect(withNew.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(withNew.secret).not.toBe(sub.secret);
    expect(
      JSON.stringify((await call(sandbox, "GET", `/webhooks/${sub.id}`, { key: owner })).json),
    ).not.toContain(withNew.secret);

    const deleted = await call(sandbox, "DELETE", `/webhooks/${sub.id}`, { key: owner });
    expect(deleted.status).toBe(204);
    expect(deleted.json).toBeNull();
    expect((await call(sandbox, "GET", "/webhooks", { key: owner })).json).toEqual([]);
  });

  it("https is required: http to a non-loopback host answers 400 https_required", async () => {
    for (const url of [
      "http://hooks.example.com/svc",
      "http://10.0.0.7/hook",
      "http://127.0.0.1.example.com/hook",
      "http://localhost.example.com/hook",
      "http://[::2]/hook",
    ]) {
      const error = expectError(
        await create({ url, event_types: ["flags.detected"] }),
        400,
        "https_required",
      );
      expect(error.message).toMatch(/https/);
    }
    // Schemes other than http(s) are refused by the body's schema.
    expectError(await create({ url: "ftp://hooks.example.com/x", event_types: ["flags.detected"] }), 400);
    expect(rows(sandbox, `SELECT id FROM webhook_subscriptions`)).toEqual([]);
  });

  it("the reference service accepts http to a loopback host (127.0.0.0/8, ::1, localhost)", async () => {
    for (const url of [
      "http://127.0.0.1:9/hook",
      "http://127.8.9.10/hook",
      "http://localhost:8080/hook",
      "http://[::1]:8080/hook",
    ]) {
      expect((await create({ url, event_types: ["flags.detected"] })).status, url).toBe(201);
    }
  });

  it("a URL carrying credentials answers 400", async () => {
    expectError(
      await create({ url: "https://user:pw@hooks.example.com/x", event_types: ["flags.detected"] }),
      400,
    );
  });

  it("unknown event types, an empty or repeated list and a URL over 2,048 characters answer 400", async () => {
    const unknown = expectError(
      await create({ url: HOOK, event_types: ["listings.deleted"] }),
      400,
      "invalid_body",
    );
    expect(unknown.details?.fields[0].field).toBe("event_types.0");
    expectError(await create({ url: HOOK, event_types: [] }), 400, "invalid_body");
    expectError(await create({ url: HOOK, event_types: ["flags.detected", "flags.detected"] }), 400);
    expectError(await create({ url: HOOK }), 400, "invalid_body");

    const exactly = `${HOOK}/${"a".repeat(2048 - HOOK.length - 1)}`;
    expect(exactly).toHaveLength(2048);
    expect((await create({ url: exactly, event_types: ["flags.detected"] })).status).toBe(201);
    const tooLong = expectError(await create({ url: `${exactly}b`, event_types: ["flags.detected"] }), 400);
    expect(tooLong.details?.fields[0].field).toBe("url");
  });

  it("PUT validates like POST: non-https url, empty event list, empty body answer 400", async () => {
    const sub = (await create({ url: HOOK, event_types: ["flags.detected"] })).json;
    const put = (body: unknown) => call(sandbox, "PUT", `/webhooks/${sub.id}`, { key: owner, body });
    expectError(await put({ url: "http://hooks.example.com/x" }), 400, "https_required");
    expectError(await put({ event_types: [] }), 400);
    expectError(await put({}), 400);
    expectError(await put({ status: "disabled" }), 400);
    expect((await call(sandbox, "GET", `/webhooks/${sub.id}`, { key: owner })).json.url).toBe(HOOK);
  });

  it("an 11th subscription answers 422 subscription_limit; deleting one makes room", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await create({ url: `${HOOK}/${i}`, event_types: ["flags.detected"] });
      expect(res.status).toBe(201);
      ids.push(res.json.id);
    }
    const error = expectError(
      await create({ url: `${HOOK}/10`, event_types: ["flags.detected"] }),
      422,
      "subscription_limit",
    );
    expect(error.details).toEqual({ limit: 10, count: 10 });
    // The limit is per user: another user still subscribes.
    expect(
      (await create({ url: HOOK, event_types: ["flags.detected"] }, p.manager.keys.standard)).status,
    ).toBe(201);
    expect((await call(sandbox, "DELETE", `/webhooks/${ids[0]}`, { key: owner })).status).toBe(204);
    expect((await create({ url: `${HOOK}/10`, event_types: ["flags.detected"] })).status).toBe(201);
  });

  it("a deleted subscription's id answers 404 webhook_not_found with the error body everywhere", async () => {
    const sub = (await create({ url: HOOK, event_types: ["flags.detected"] })).json;
    expect((await call(sandbox, "DELETE", `/webhooks/${sub.id}`, { key: owner })).status).toBe(204);
    const answers = [
      await call(sandbox, "GET", `/webhooks/${sub.id}`, { key: owner }),
      await call(sandbox, "PUT", `/webhooks/${sub.id}`, { key: owner, body: { status: "enabled" } }),
      await call(sandbox, "DELETE", `/webhooks/${sub.id}`, { key: owner }),
      await call(sandbox, "POST", `/webhooks/${sub.id}/rotate_secret`, { key: owner }),
      await call(sandbox, "GET", `/webhooks/${sub.id}/deliveries`, { key: owner }),
    ];
    for (const res of answers) {
      const error = expectError(res, 404, "webhook_not_found");
      expect(error.message).toContain(sub.id);
    }
  });

  it("another user's subscription answers 404, as a deleted one does, and is not listed", async () => {
    const sub = (await create({ url: HOOK, event_types: ["flags.detected"] })).json;
    const other = p.manager.keys.standard;
    expect((await call(sandbox, "GET", "/webhooks", { key: other })).json).toEqual([]);
    expectError(await call(sandbox, "GET", `/webhooks/${sub.id}`, { key: other }), 404, "webhook_not_found");
    expectError(
      await call(sandbox, "PUT", `/webhooks/${sub.id}`, { key: other, body: { url: `${HOOK}/x` } }),
      404,
      "webhook_not_found",
    );
    expectError(
      await call(sandbox, "DELETE", `/webhooks/${sub.id}`, { key: other }),
      404,
      "webhook_not_found",
    );
    expectError(
      await call(sandbox, "POST", `/webhooks/${sub.id}/rotate_secret`, { key: other }),
      404,
      "webhook_not_found",
    );
    expectError(
      await call(sandbox, "GET", `/webhooks/${sub.id}/deliveries`, { key: other }),
      404,
      "webhook_not_found",
    );
    // Untouched.
    expect((await call(sandbox, "GET", `/webhooks/${sub.id}`, { key: owner })).json.url).toBe(HOOK);
  });

  it("a read-only key lists subscriptions but cannot create, change, rotate or delete (403)", async () => {
    const sub = (await create({ url: HOOK, event_types: ["flags.detected"] })).json;
    const ro = p.owner.keys.read_only!;
    expect((await call(sandbox, "GET", "/webhooks", { key: ro })).json).toHaveLength(1);
    expectError(await create({ url: HOOK, event_types: ["flags.detected"] }, ro), 403, "read_only_key");
    expectError(await call(sandbox, "PUT", `/webhooks/${sub.id}`, { key: ro, body: { url: HOOK } }), 403);
    expectError(await call(sandbox, "POST", `/webhooks/${sub.id}/rotate_secret`, { key: ro }), 403);
    expectError(await call(sandbox, "DELETE", `/webhooks/${sub.id}`, { key: ro }), 403);
  });

  it("PUT status enabled on an enabled subscription changes nothing but updated_at", async () => {
    const sub = (await create({ url: HOOK, event_types: ["flags.detected"] })).json;
    const res = await call(sandbox, "PUT", `/webhooks/${sub.id}`, {
      key: owner,
      body: { status: "enabled" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "enabled", disabled_reason: null, url: HOOK });
  });
});
