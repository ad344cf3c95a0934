import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * GET /api/health and GET /api/ready: the exported handlers, on a real SQLite store in a
 * temporary DATA_DIR and a stand-in service on loopback that can be stopped. The environment
 * is set before the routes load, since env() is read once (each test file runs in its own fork).
 */
const SESSION_SECRET = "health-routes-test-secret-".repeat(2);
let dataDir: string;
let service: Server;
let health: typeof import("@/app/api/health/route");
let ready: typeof import("@/app/api/ready/route");

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-health-"));
  service = createServer((_, res) => res.writeHead(401).end());
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = SESSION_SECRET;
  delete process.env.SVC_BASE_URL;
  process.env.SANDBOX_PORT = String((service.address() as AddressInfo).port);
  health = await import("@/app/api/health/route");
  ready = await import("@/app/api/ready/route");
});
afterAll(async () => {
  const runtime = await import("@/lib/server/webhooks/runtime");
  const rt = await runtime.receiverRuntime();
  await rt.processor.idle();
  await rt.store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("health and readiness", () => {
  it("GET /api/health answers 200 without reading anything", async () => {
    const response = health.GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("GET /api/ready answers 200 when the store reads and the service answers, with no secret in it", async () => {
    const response = await ready.GET();
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ ready: true });
    expect(response.headers.get("retry-after")).toBeNull();
    for (const secret of [SESSION_SECRET, dataDir, process.env.SANDBOX_PORT!])
      expect(text).not.toContain(secret);
  });

  it("GET /api/ready answers 503 with Retry-After and the reason in a sentence when the service is down", async () => {
    await new Promise((resolve) => service.close(resolve));
    const response = await ready.GET();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    const body = (await response.json()) as {
      ready: boolean;
      checks: { name: string; ok: boolean; detail: string }[];
    };
    expect(body.ready).toBe(false);
    expect(body.checks.find((c) => c.name === "service")).toEqual({
      name: "service",
      ok: false,
      detail: "The pricing service cannot be reached.",
    });
    expect(body.checks.filter((c) => c.ok).map((c) => c.name)).toEqual(["store", "migrations"]);
  });
});
