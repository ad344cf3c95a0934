/**
 * Shared setup of the BFF tests against the real reference service (bff.test.ts,
 * bff-bad-input.test.ts). Imported by test files only.
 *
 * The BFF against the real reference service on loopback. A second service with a limit of
 * 2 requests a minute (another seed, so other keys) sits behind the same port: requests are
 * routed to it by their key. The wrapper records what reached upstream and adds headers the
 * BFF must strip.
 *
 * env() is read when ./bff and ./session load, so `withBffAgainstService` sets process.env first
 * and only then imports them, in the test file's own process (Vitest runs each file in a fork).
 */
import { serve, type ServerType } from "@hono/node-server";
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createSandbox, type Sandbox } from "../sandbox/app";
import { testSandboxConfig } from "../sandbox/config";

const SECRET = "bff-test-secret-".repeat(4);
export const ORIGIN = "http://dashboard.test";
type Persona = { persona: string; keys: Record<string, string> };
type Upstream = Record<"method" | "path" | "search" | "body", string> & { headers: Record<string, string> };

/** What reached upstream since the current test started. */
export const upstream: Upstream[] = [];
let main: Sandbox;
let limited: Sandbox;
let server: ServerType;

/** The main service's clock, for tests of what the BFF passes on about the service's time. */
export const mainServiceClock = () => main.ctx.clock;

/*
 * Live bindings, set by the beforeAll that `withBffAgainstService` registers: the BFF and session
 * modules (loaded after the environment is set), the owner's key, and session cookies for the
 * owner on the main service and on the rate-limited one.
 */
export let bff: typeof import("../lib/server/bff");
let sessions: typeof import("../lib/server/session");
export let ownerKey: string;
export let ownerCookie: string;
export let limitedCookie: string;

const personasOf = async (s: Sandbox) =>
  (await (await s.app.fetch(new Request("http://local/_sandbox/personas"))).json()) as Persona[];

export async function cookieFor(apiKey: string, keyId: string | null = null): Promise<string> {
  const session = {
    sessionId: `test_${randomBytes(12).toString("hex")}`,
    keyId,
    apiKey,
    label: "Test",
    persona: null,
    keyKind: null,
    signedInAt: Date.now(),
  };
  const sealed = await sessions.sealSession(session);
  return `theme=dark; rmd_session=${encodeURIComponent(sealed)}`;
}

/** Registers the calling test file's hooks: the services, the environment, the BFF, a clean upstream log. */
export function withBffAgainstService(): void {
  beforeAll(async () => {
    main = createSandbox(testSandboxConfig());
    limited = createSandbox(testSandboxConfig({ seed: "bff-limited", rateLimitPerMinute: 2 }));
    const limitedPersonas = await personasOf(limited);
    const limitedKeys = new Set(limitedPersonas.flatMap((p) => Object.values(p.keys)));
    const port = await new Promise<number>((resolve) => {
      server = serve(
        {
          fetch: async (req: Request) => {
            const { pathname: path, search } = new URL(req.url);
            const headers = Object.fromEntries(req.headers);
            upstream.push({ method: req.method, path, search, headers, body: await req.clone().text() });
            const target = limitedKeys.has(req.headers.get("x-api-key") ?? "") ? limited : main;
            const res = await target.app.fetch(req);
            const extra = new Headers(res.headers);
            extra.append("set-cookie", "upstream=1; Path=/");
            extra.set("x-powered-by", "reference-service");
            return new Response(res.body, { status: res.status, headers: extra });
          },
          port: 0,
          hostname: "127.0.0.1",
        },
        (info) => resolve(info.port),
      );
    });
    process.env.SVC_BASE_URL = `http://127.0.0.1:${port}`;
    process.env.SESSION_SECRET = SECRET;
    process.env.SVC_TIMEOUT_MS = "1000";
    delete process.env.DASHBOARD_ORIGIN;
    delete process.env.SESSION_TTL_HOURS;
    bff = await import("../lib/server/bff");
    sessions = await import("../lib/server/session");
    ownerKey = (await personasOf(main)).find((p) => p.persona === "owner")!.keys.standard!;
    ownerCookie = await cookieFor(ownerKey);
    limitedCookie = await cookieFor(limitedPersonas.find((p) => p.persona === "owner")!.keys.standard!);
  });

  afterAll(async () => {
    (server as Server).closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    main.close();
    limited.close();
  });

  beforeEach(() => {
    upstream.length = 0;
  });
}

export type Init = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  cookie?: string | null;
};
export function request(path: string, init: Init = {}): Request {
  const headers = new Headers(init.headers);
  if (init.cookie !== null) headers.set("cookie", init.cookie ?? ownerCookie);
  const method = init.method ?? "GET";
  // Fetch refuses to build a TRACE request; the route handler could still be handed one.
  const buildable = ["TRACE", "TRACK", "CONNECT"].includes(method) ? "GET" : method;
  const req = new Request(`${ORIGIN}${path}`, { method: buildable, headers, body: init.body });
  if (buildable !== method) Object.defineProperty(req, "method", { value: method });
  return req;
}
export const send = (path: string, init?: Init) => bff.proxyToService(request(path, init));
export const json = async (res: Response) =>
  (await res.json()) as {
    error: { code: string; message: string; details?: { fields?: Array<{ field: string }> } };
  };

export const TAGS = "/api/svc/listings/1000001/tags?channel=svc";
export const SAME_ORIGIN_JSON = { "sec-fetch-site": "same-origin", "content-type": "application/json" };
