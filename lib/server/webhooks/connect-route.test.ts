import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "@/sandbox/app";
import { makeSandbox, personaKeys } from "@/sandbox/test-support";
import { serveOnLoopback, sessionCookieFor, type LoopbackService } from "@/test-support/webhook-service";

/**
 * The dashboard-webhook routes as public endpoints: a session is required, writes must come
 * from the dashboard itself, and failures use the interface's error body. Against the
 * reference service over loopback, with a real sealed session cookie and the real store.
 */
const ORIGIN = "http://localhost:3000";
let sandbox: Sandbox;
let service: LoopbackService;
let dataDir: string;
let ownerCookie: string;
let routes: {
  main: typeof import("@/app/api/dashboard-webhook/route");
  rotate: typeof import("@/app/api/dashboard-webhook/rotate/route");
  inbox: typeof import("@/app/api/dashboard-webhook/inbox/route");
};
let runtime: typeof import("@/lib/server/webhooks/runtime");

const request = (p: string, method: string, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${p}`, { method, headers });

beforeAll(async () => {
  sandbox = makeSandbox();
  service = await serveOnLoopback(sandbox);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-connect-route-"));
  process.env.SVC_BASE_URL = service.url;
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "connect-route-test-secret-".repeat(3);
  process.env.DASHBOARD_PUBLIC_URL = "http://127.0.0.1:3999";
  routes = {
    main: await import("@/app/api/dashboard-webhook/route"),
    rotate: await import("@/app/api/dashboard-webhook/rotate/route"),
    inbox: await import("@/app/api/dashboard-webhook/inbox/route"),
  };
  runtime = await import("@/lib/server/webhooks/runtime");
  const personas = await personaKeys(sandbox);
  ownerCookie = await sessionCookieFor(personas.owner.keys.standard, {
    persona: "owner",
    keyKind: "standard",
  });
});

afterAll(async () => {
  await service.close();
  sandbox.close();
  const rt = await runtime.receiverRuntime();
  await rt.processor.idle();
  await rt.store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function errorOf(response: Response) {
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.message).not.toMatch(/\n\s+at /); // no stack trace
  return body.error;
}

describe("the dashboard-webhook routes", () => {
  it("answer 401 in the error body without a session", async () => {
    const answers = [
      await routes.main.GET(request("/api/dashboard-webhook", "GET")),
      await routes.main.POST(request("/api/dashboard-webhook", "POST", { "sec-fetch-site": "same-origin" })),
      await routes.main.DELETE(
        request("/api/dashboard-webhook", "DELETE", { "sec-fetch-site": "same-origin" }),
      ),
      await routes.rotate.POST(
        request("/api/dashboard-webhook/rotate", "POST", { "sec-fetch-site": "same-origin" }),
      ),
      await routes.inbox.GET(request("/api/dashboard-webhook/inbox", "GET")),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect((await errorOf(answer)).code).toBe("unauthenticated");
    }
  });

  it("refuse a write from another site with 403 cross_site_write, and nothing changes", async () => {
    const crossSite = { cookie: ownerCookie, "sec-fetch-site": "cross-site" };
    const connect = await routes.main.POST(request("/api/dashboard-webhook", "POST", crossSite));
    expect(connect.status).toBe(403);
    expect((await errorOf(connect)).code).toBe("cross_site_write");
    const rotate = await routes.rotate.POST(request("/api/dashboard-webhook/rotate", "POST", crossSite));
    expect(rotate.status).toBe(403);
    const status = await routes.main.GET(request("/api/dashboard-webhook", "GET", { cookie: ownerCookie }));
    expect(await status.json()).toEqual({ connected: false });
  });

  it("connect, rotate and disconnect from the dashboard itself; rotating when not connected is a 404 in words", async () => {
    const sameOrigin = { cookie: ownerCookie, "sec-fetch-site": "same-origin" };
    const connected = await routes.main.POST(request("/api/dashboard-webhook", "POST", sameOrigin));
    expect(connected.status).toBe(201);
    expect(await connected.text()).not.toContain("whsec_");
    const rotated = await routes.rotate.POST(request("/api/dashboard-webhook/rotate", "POST", sameOrigin));
    expect(rotated.status).toBe(200);
    expect(await rotated.json()).toMatchObject({ connected: true });
    expect((await routes.main.DELETE(request("/api/dashboard-webhook", "DELETE", sameOrigin))).status).toBe(
      200,
    );
    const again = await routes.rotate.POST(request("/api/dashboard-webhook/rotate", "POST", sameOrigin));
    expect(again.status).toBe(404);
    expect((await errorOf(again)).code).toBe("not_connected");
  });
});
