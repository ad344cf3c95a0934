import { describe, it, expect, beforeAll, beforeEach } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import { ACTIVE_KEY_LIMIT, type ApiKey } from "../lib/svc/schemas/api-keys";
import type { Sandbox } from "./app";
import { call, expectError, makeSandbox, personaKeys, reset, rows, type Personas } from "./test-support";

let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});
beforeEach(() => reset(sandbox));

async function listKeys(key: string): Promise<ApiKey[]> {
  const res = await call(sandbox, "GET", "/api_keys", { key });
  expect(res.status).toBe(200);
  return endpoints["apiKeys.list"].response.parse(res.json);
}

const activeCounted = (keys: ApiKey[]) =>
  keys.filter((k) => k.revoked_at === null && k.kind !== "assistant").length;

async function create(key: string, name: string) {
  return call(sandbox, "POST", "/api_keys", { key, body: { name } });
}

/** Creates keys until the caller holds the limit of active keys; returns the created ones. */
async function fillToLimit(key: string) {
  const missing = ACTIVE_KEY_LIMIT - activeCounted(await listKeys(key));
  const created = [];
  for (let i = 0; i < missing; i++) {
    const res = await create(key, `extra ${i + 1}`);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    created.push(res.json as ApiKey & { key: string });
  }
  return created;
}

describe("API keys", () => {
  it("GET /api_keys lists the caller's keys without the secret", async () => {
    const keys = await listKeys(p.owner.keys.standard);
    const stored = rows<{ token_id: string }>(
      sandbox,
      "SELECT token_id FROM api_keys WHERE user_id = ?",
      p.owner.user_id,
    );
    expect(keys.map((k) => k.token_id).sort()).toEqual(stored.map((r) => r.token_id).sort());
    expect(keys.map((k) => k.kind).sort()).toEqual(["channel_integration", "read_only", "standard"]);
    const raw = await call(sandbox, "GET", "/api_keys", { key: p.owner.keys.standard });
    const text = JSON.stringify(raw.json);
    for (const secret of Object.values(p.owner.keys)) expect(text).not.toContain(secret);
    for (const k of raw.json as Array<Record<string, unknown>>) {
      expect(k).not.toHaveProperty("key");
      expect(k).not.toHaveProperty("key_hash");
      expect(k).not.toHaveProperty("demo_key");
    }
    expect(keys.find((k) => k.kind === "standard")!.last4).toBe(p.owner.keys.standard.slice(-4));
  });

  it("POST /api_keys answers 201 with the key once, and the key works", async () => {
    const res = await create(p.owner.keys.standard, "Integration");
    expect(res.status).toBe(201);
    const created = endpoints["apiKeys.create"].response.parse(res.json);
    expect(created).toMatchObject({
      name: "Integration",
      kind: "standard",
      revoked_at: null,
      last_used_at: null,
    });
    expect(created.last4).toBe(created.key.slice(-4));
    const listed = await call(sandbox, "GET", "/listings", { key: created.key });
    expect(listed.status).toBe(200);
    expect(listed.json.length).toBeGreaterThan(0);
    const again = (await call(sandbox, "GET", "/api_keys", { key: p.owner.keys.standard })).json as Array<
      Record<string, unknown>
    >;
    const entry = again.find((k) => k.token_id === created.token_id)!;
    expect(entry).toBeDefined();
    expect(entry).not.toHaveProperty("key");
    expect(JSON.stringify(again)).not.toContain(created.key);
  });

  it("POST /api_keys with read_only creates a read-only key", async () => {
    const res = await call(sandbox, "POST", "/api_keys", {
      key: p.owner.keys.standard,
      body: { name: "ro", read_only: true },
    });
    expect(res.status).toBe(201);
    expect(res.json.kind).toBe("read_only");
    expectError(
      await call(sandbox, "POST", "/api_keys", { key: res.json.key, body: { name: "x" } }),
      403,
      "read_only_key",
    );
  });

  it("a sixth active key gets 422 key_limit_reached", async () => {
    const key = p.owner.keys.standard;
    await fillToLimit(key);
    expect(activeCounted(await listKeys(key))).toBe(ACTIVE_KEY_LIMIT);
    const refused = await create(key, "one too many");
    const error = expectError(refused, 422, "key_limit_reached");
    expect(error.details).toMatchObject({ limit: ACTIVE_KEY_LIMIT, active: ACTIVE_KEY_LIMIT });
    expect(activeCounted(await listKeys(key))).toBe(ACTIVE_KEY_LIMIT);
  });

  it("revoking a key at the limit lets a new one be created", async () => {
    const key = p.owner.keys.standard;
    const [first] = await fillToLimit(key);
    expect((await create(key, "blocked")).status).toBe(422);
    const revoked = await call(sandbox, "DELETE", `/api_keys/${first!.token_id}`, { key });
    expect(revoked.status).toBe(200);
    expect(revoked.json.revoked_at).toEqual(expect.any(String));
    expect((await create(key, "replacement")).status).toBe(201);
    expect((await create(key, "blocked again")).status).toBe(422);
  });

  it("revoked keys are not counted toward the limit", async () => {
    const key = p.owner.keys.standard;
    const created = await fillToLimit(key);
    for (const k of created) await call(sandbox, "DELETE", `/api_keys/${k.token_id}`, { key });
    const keys = await listKeys(key);
    expect(keys.filter((k) => k.revoked_at !== null).length).toBe(created.length);
    expect(keys.length).toBeGreaterThanOrEqual(ACTIVE_KEY_LIMIT);
    const again = await fillToLimit(key);
    expect(again).toHaveLength(created.length);
    expect(activeCounted(await listKeys(key))).toBe(ACTIVE_KEY_LIMIT);
  });

  it("assistant keys are not counted toward the limit", async () => {
    const key = p.owner.keys.standard;
    const insert = sandbox.ctx.db.prepare(
      `INSERT INTO api_keys (token_id, user_id, name, kind, key_hash, last4, created_at)
       VALUES (?, ?, 'Assistant', 'assistant', ?, 'abcd', '2026-01-01T00:00:00Z')`,
    );
    for (let i = 0; i < 3; i++) insert.run(`tok_assistant_${i}`, p.owner.user_id, `hash_assistant_${i}`);
    const created = await fillToLimit(key);
    expect(created.length).toBeGreaterThan(0);
    const keys = await listKeys(key);
    expect(keys.filter((k) => k.kind === "assistant" && k.revoked_at === null)).toHaveLength(3);
    expect(keys.filter((k) => k.revoked_at === null)).toHaveLength(ACTIVE_KEY_LIMIT + 3);
  });

  it("another user's limit is independent", async () => {
    await fillToLimit(p.owner.keys.standard);
    expect((await create(p.owner.keys.standard, "blocked")).status).toBe(422);
    const editorKeys = await listKeys(p.editor.keys.standard);
    expect(activeCounted(editorKeys)).toBeLessThan(ACTIVE_KEY_LIMIT);
    const res = await create(p.editor.keys.standard, "Editor's second key");
    expect(res.status).toBe(201);
    const owned = rows<{ user_id: string }>(
      sandbox,
      "SELECT user_id FROM api_keys WHERE token_id = ?",
      res.json.token_id,
    );
    expect(owned[0]!.user_id).toBe(p.editor.user_id);
    expect((await listKeys(p.owner.keys.standard)).some((k) => k.token_id === res.json.token_id)).toBe(false);
  });

  it("DELETE of another user's token_id gets 404", async () => {
    const [editorKey] = await listKeys(p.editor.keys.standard);
    const res = await call(sandbox, "DELETE", `/api_keys/${editorKey!.token_id}`, {
      key: p.owner.keys.standard,
    });
    expectError(res, 404, "key_not_found");
    expect((await call(sandbox, "GET", "/listings", { key: p.editor.keys.standard })).status).toBe(200);
    expect(
      (await listKeys(p.editor.keys.standard)).find((k) => k.token_id === editorKey!.token_id)!.revoked_at,
    ).toBeNull();
  });

  it("DELETE of an unknown token_id gets 404", async () => {
    expectError(
      await call(sandbox, "DELETE", "/api_keys/tok_nope", { key: p.owner.keys.standard }),
      404,
      "key_not_found",
    );
  });
});
