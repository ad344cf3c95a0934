import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readiness } from "@/lib/server/readiness";
import { openStore } from "@/lib/server/sqlite-store";

/** Readiness on a real SQLite store and a real HTTP server on loopback (or a port nobody holds). */
let dir: string;
let server: Server;
let serviceUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "rd-ready-"));
  server = createServer((_, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

const answersAt = (url: string) => async () => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
};
const byName = (checks: { name: string; ok: boolean; detail: string }[]) =>
  Object.fromEntries(checks.map((c) => [c.name, c]));

describe("readiness", () => {
  it("ready when the store reads, its schema is in place and the service answers (any status)", async () => {
    const store = openStore({ dataDir: dir, sessionSecret: "s".repeat(32) });
    const result = await readiness({ store: () => store, serviceAnswers: answersAt(serviceUrl) });
    await store.close();
    expect(result.ready).toBe(true);
    expect(result.checks.map((c) => c.name)).toEqual(["store", "migrations", "service"]);
    expect(result.checks.every((c) => c.ok)).toBe(true);
  });

  it("not ready when the service cannot be reached, and says so in a sentence", async () => {
    const store = openStore({ dataDir: dir, sessionSecret: "s".repeat(32) });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await readiness({
      store: () => store,
      serviceAnswers: answersAt(`http://127.0.0.1:${port}/`),
    });
    await store.close();
    expect(result.ready).toBe(false);
    expect(byName(result.checks).service).toEqual({
      name: "service",
      ok: false,
      detail: "The pricing service cannot be reached.",
    });
    expect(byName(result.checks).store!.ok).toBe(true);
  });

  it("not ready when the store cannot be read; the error's own text is not repeated", async () => {
    const store = openStore({ dataDir: dir, sessionSecret: "s".repeat(32) });
    await store.close();
    const result = await readiness({ store: () => store, serviceAnswers: answersAt(serviceUrl) });
    expect(result.ready).toBe(false);
    expect(byName(result.checks).store!.detail).toBe("The dashboard's store cannot be read.");
    expect(byName(result.checks).migrations!.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain(dir);
  });

  it("a store that cannot even be opened is not ready either", async () => {
    const result = await readiness({
      store: () =>
        openStore({ dataDir: path.join(dir, "dashboard.db", "nested"), sessionSecret: "s".repeat(32) }),
      serviceAnswers: answersAt(serviceUrl),
    });
    expect(result.ready).toBe(false);
    expect(byName(result.checks).store!.ok).toBe(false);
  });
});
