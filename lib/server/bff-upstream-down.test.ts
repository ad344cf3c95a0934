import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * The BFF when the service is down or silent. env() is read once per module instance, so each
 * case sets the environment and loads fresh modules (vi.resetModules) pointing at its own port.
 */
const SECRET = "down-test-secret-".repeat(4);

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function bffPointedAt(baseUrl: string, timeoutMs: number) {
  process.env.SVC_BASE_URL = baseUrl;
  process.env.SESSION_SECRET = SECRET;
  process.env.SVC_TIMEOUT_MS = String(timeoutMs);
  delete process.env.DASHBOARD_ORIGIN;
  vi.resetModules();
  const bff = await import("@/lib/server/bff");
  const { sealSession } = await import("@/lib/server/session");
  const sealed = await sealSession({
    sessionId: "test_session_down_0001",
    keyId: null,
    apiKey: "sk_live_whatever_1234",
    label: "Test",
    persona: null,
    keyKind: null,
    signedInAt: Date.now(),
  });
  const cookie = `rmd_session=${encodeURIComponent(sealed)}`;
  return (path: string, init: RequestInit = {}) =>
    bff.proxyToService(
      new Request(`http://dashboard.test${path}`, {
        ...init,
        headers: { cookie, ...(init.headers as Record<string, string> | undefined) },
      }),
    );
}

type ErrorBody = { error: { code: string; message: string } };

describe("BFF with the service unreachable", () => {
  it("a closed port → 502 upstream_unreachable with the error body", async () => {
    const send = await bffPointedAt(`http://127.0.0.1:${await closedPort()}`, 2000);
    const res = await send("/api/svc/listings");
    expect(res.status).toBe(502);
    expect(res.headers.get("content-type")).toBe("application/json");
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe("upstream_unreachable");
    expect(body.error.message).toMatch(/^The pricing service .*\.$/);
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|at .*\(|sk_live/);
  });

  it("a write to a closed port → 502 too, after the same-origin and body checks pass", async () => {
    const send = await bffPointedAt(`http://127.0.0.1:${await closedPort()}`, 2000);
    const res = await send("/api/svc/listings/1/tags?channel=svc", {
      method: "PUT",
      headers: { "sec-fetch-site": "same-origin", "content-type": "application/json" },
      body: JSON.stringify({ tags: ["a"] }),
    });
    expect(res.status).toBe(502);
    expect(((await res.json()) as ErrorBody).error.code).toBe("upstream_unreachable");
  });

  it("bad input is still refused locally (4xx), not reported as the service being down", async () => {
    const send = await bffPointedAt(`http://127.0.0.1:${await closedPort()}`, 2000);
    expect((await send("/api/svc/listings?per_page=abc")).status).toBe(400);
    expect((await send("/api/svc/nope")).status).toBe(404);
  });
});

describe("BFF with a service that never answers", () => {
  let silent: Server;
  let port: number;
  let seen = 0;

  beforeAll(async () => {
    silent = createServer(() => {
      seen++; // Accept the request and never answer.
    });
    port = await listen(silent);
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("→ 502 upstream_timeout after SVC_TIMEOUT_MS", async () => {
    const send = await bffPointedAt(`http://127.0.0.1:${port}`, 300);
    const started = performance.now();
    const res = await send("/api/svc/api_keys");
    const elapsed = performance.now() - started;
    expect(res.status).toBe(502);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe("upstream_timeout");
    expect(body.error.message).toMatch(/did not answer in time/);
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(seen).toBe(1);
  });
});
