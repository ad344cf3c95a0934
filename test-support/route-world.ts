import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Sandbox } from "@/sandbox/app";
import { makeSandbox, personaKeys } from "@/sandbox/test-support";
import { serveOnLoopback, type LoopbackService } from "@/test-support/webhook-service";

/**
 * What a test of the dashboard's own route handlers stands on: the reference service over
 * loopback, a data directory of its own (the real SQLite store), and the environment the
 * routes read, set before they are imported; and requests as the dashboard's pages send them.
 */
export const ROUTE_ORIGIN = "http://localhost:3000";

/** A request from the dashboard's own page (same-origin), with the session cookie given. */
export const routeRequest = (
  method: string,
  p: string,
  cookie: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  new Request(`${ROUTE_ORIGIN}${p}`, {
    method,
    headers: { cookie, "sec-fetch-site": "same-origin", "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });

export interface RouteWorld {
  sandbox: Sandbox;
  service: LoopbackService;
  dataDir: string;
  personas: Awaited<ReturnType<typeof personaKeys>>;
  /** Stops the service and removes the data directory (stop the routes' own runtimes first). */
  close(): Promise<void>;
}

/** `name` names the data directory and the session secret, so that no two suites share them. */
export async function startRouteWorld(name: string): Promise<RouteWorld> {
  const sandbox = makeSandbox();
  const service = await serveOnLoopback(sandbox);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `rd-${name}-`));
  process.env.SVC_BASE_URL = service.url;
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = `${name}-test-secret-`.repeat(3);
  return {
    sandbox,
    service,
    dataDir,
    personas: await personaKeys(sandbox),
    async close() {
      await service.close();
      sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
