import { serve, type ServerType } from "@hono/node-server";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSandbox, type Sandbox } from "@/sandbox/app";
import { testSandboxConfig } from "@/sandbox/config";

/**
 * verifyKey against the real reference service on loopback. env() is read once per module
 * instance, so each service gets freshly loaded modules (vi.resetModules) pointed at it.
 */
type Persona = { persona: string; keys: Record<string, string> };
type Running = { sandbox: Sandbox; server: ServerType; baseUrl: string; personas: Persona[] };

async function start(overrides: Parameters<typeof testSandboxConfig>[0] = {}): Promise<Running> {
  const sandbox = createSandbox(testSandboxConfig(overrides));
  let server!: ServerType;
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: sandbox.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve(info.port),
    );
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const personas = (await (await fetch(`${baseUrl}/_sandbox/personas`)).json()) as Persona[];
  return { sandbox, server, baseUrl, personas };
}

async function stop(running: Running) {
  (running.server as Server).closeAllConnections();
  await new Promise((resolve) => running.server.close(resolve));
  running.sandbox.close();
}

async function verifierFor(baseUrl: string) {
  process.env.SVC_BASE_URL = baseUrl;
  process.env.SESSION_SECRET = "sign-in-test-secret-".repeat(3);
  process.env.SVC_TIMEOUT_MS = "1000";
  vi.resetModules();
  return (await import("@/lib/server/sign-in")).verifyKey;
}

const keyOf = (running: Running, persona: string, kind: string) =>
  running.personas.find((p) => p.persona === persona)!.keys[kind]!;

/** A sentence for a person: no error class, no stack frame, no code dump. */
function expectPlainSentence(message: string) {
  expect(message).toMatch(/^[A-Z][^\n]*[.!]$/);
  expect(message).not.toMatch(/Error:|SvcError|\bat .+:\d+|ECONNREFUSED|undefined|\{/);
}

describe("verifyKey against the reference service", () => {
  let running: Running;
  let verifyKey: Awaited<ReturnType<typeof verifierFor>>;

  beforeAll(async () => {
    running = await start();
    verifyKey = await verifierFor(running.baseUrl);
  });
  afterAll(() => stop(running));

  it("a persona's standard key without a persona → ok, keyKind standard, the key's name in the label", async () => {
    const apiKey = keyOf(running, "owner", "standard");
    const result = await verifyKey(apiKey, null);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.session).toMatchObject({ apiKey, keyKind: "standard", persona: null });
    expect(result.session.label).toBe("Key “Dashboard”");
    expect(Math.abs(result.session.signedInAt - Date.now())).toBeLessThan(10_000);
  });

  it("each session gets its own random id and the service's token id of its key, so it can be ended", async () => {
    const apiKey = keyOf(running, "owner", "standard");
    const [a, b] = await Promise.all([verifyKey(apiKey, null), verifyKey(apiKey, null)]);
    if (!a!.ok || !b!.ok) throw new Error("sign-in failed");
    expect(a!.session.sessionId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(a!.session.sessionId).not.toBe(b!.session.sessionId);
    expect(a!.session.keyId).toMatch(/^tok_/);
    expect(a!.session.keyId).toBe(b!.session.keyId);
  });

  it("with a persona, the label is the persona's name", async () => {
    const result = await verifyKey(keyOf(running, "manager", "standard"), {
      id: "manager",
      name: "Marcus Bell",
    });
    expect(result).toMatchObject({
      ok: true,
      session: { label: "Marcus Bell", persona: "manager", keyKind: "standard" },
    });
  });

  it("a read_only key → keyKind read_only", async () => {
    const result = await verifyKey(keyOf(running, "owner", "read_only"), null);
    expect(result).toMatchObject({ ok: true, session: { keyKind: "read_only" } });
  });

  it("a channel_integration key → keyKind channel_integration", async () => {
    const result = await verifyKey(keyOf(running, "owner", "channel_integration"), null);
    expect(result).toMatchObject({ ok: true, session: { keyKind: "channel_integration" } });
  });

  it("a bad key → ok:false, 401, in a plain sentence", async () => {
    const result = await verifyKey("sk_live_00000000000000000000000000000000", null);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(401);
    expect(result.code).toBe("invalid_key");
    expectPlainSentence(result.message);
  });
});

describe("verifyKey when the service refuses or cannot answer", () => {
  it("a key out of budget → 429 with the wait in the sentence", async () => {
    const running = await start({ rateLimitPerMinute: 1 });
    try {
      const verifyKey = await verifierFor(running.baseUrl);
      const apiKey = keyOf(running, "owner", "standard");
      let result = await verifyKey(apiKey, null);
      for (let i = 0; i < 6 && result.ok; i++) result = await verifyKey(apiKey, null);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.status).toBe(429);
      expect(result.message).toMatch(/Try again in (\d+ s|1 min)\./);
      expectPlainSentence(result.message);
    } finally {
      await stop(running);
    }
  });

  it("an unreachable service → 502 in a plain sentence", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));

    const verifyKey = await verifierFor(`http://127.0.0.1:${port}`);
    const result = await verifyKey("sk_live_00000000000000000000000000000000", null);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(502);
    expect(result.code).toBe("upstream_unreachable");
    expectPlainSentence(result.message);
  });
});
