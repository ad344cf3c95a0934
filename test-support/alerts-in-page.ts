/**
 * A component test's page meeting the real alerts routes: its requests to /api/alerts go to
 * the route handlers themselves (the SQLite store in a throw-away directory), with the session
 * a browser on the dashboard sends. Import it first: the directory is set before the
 * dashboard's server code reads its environment. Use with withServiceInPage().
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { ORIGIN, ownerKey, request } from "./bff";
import { routePageRequests } from "./dom-service";

process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "rd-alerts-page-"));

type Handler = (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;
let routes: {
  rules: { GET: Handler; POST: Handler };
  rule: { PUT: Handler; DELETE: Handler };
  alerts: { GET: Handler };
  alert: { POST: Handler };
  count: { GET: Handler };
};
export const alertsPage = {
  cookie: "",
  readOnlyCookie: "",
  accountId: "",
  runtime: null as unknown as typeof import("../lib/server/alerts/runtime"),
};

async function sessionCookie(keyKind: "standard" | "read_only") {
  const { sealSession } = await import("../lib/server/session");
  const sealed = await sealSession({
    sessionId: `test_${keyKind}_${Math.random().toString(36).slice(2)}`,
    keyId: null,
    apiKey: ownerKey,
    label: "Test",
    persona: null,
    keyKind,
    signedInAt: Date.now(),
  });
  return `rmd_session=${encodeURIComponent(sealed)}`;
}

/** Registers the calling file's hooks: the routes, the owner's sessions and account, and their end. */
export function withAlertsInPage(): void {
  beforeAll(async () => {
    routes = {
      rules: (await import("../app/api/alerts/rules/route")) as never,
      rule: (await import("../app/api/alerts/rules/[id]/route")) as never,
      alerts: (await import("../app/api/alerts/route")) as never,
      alert: (await import("../app/api/alerts/[id]/route")) as never,
      count: (await import("../app/api/alerts/count/route")) as never,
    };
    alertsPage.runtime = await import("../lib/server/alerts/runtime");
    alertsPage.cookie = await sessionCookie("standard");
    alertsPage.readOnlyCookie = await sessionCookie("read_only");
    const { accountOf } = await import("../lib/server/mirror/account");
    alertsPage.accountId = (await accountOf({ apiKey: ownerKey, keyId: null, label: "Test" })).accountId;
  });
  afterAll(async () => {
    const { mirrorRuntime } = await import("../lib/server/mirror/runtime");
    const mirror = await mirrorRuntime();
    mirror.worker.stop();
    alertsPage.runtime.alertTrigger(mirror.store).stop();
    await mirror.store.close();
    await (await alertsPage.runtime.alertsStore()).close();
  });
}

/**
 * Until the current test ends, the page's /api/alerts requests go to the real handlers as
 * `as()`'s session; `change` may rewrite a body on its way, as a page bypassing its own form
 * would send it. Other requests go on to the BFF.
 */
export function routeAlerts(
  as: () => string = () => alertsPage.cookie,
  change?: (url: string, body: string | undefined) => string | undefined,
): void {
  routePageRequests(async (url, method, init) => {
    const { pathname, search } = new URL(url, ORIGIN);
    if (!pathname.startsWith("/api/alerts")) return null;
    const body = typeof init.body === "string" ? init.body : undefined;
    const req = request(`${pathname}${search}`, {
      method,
      headers: { "sec-fetch-site": "same-origin", "content-type": "application/json" },
      body: change ? change(pathname, body) : body,
      cookie: as(),
    });
    const ctx = { params: Promise.resolve({ id: decodeURIComponent(pathname.split("/").at(-1)!) }) };
    if (pathname === "/api/alerts") return routes.alerts.GET(req, ctx);
    if (pathname === "/api/alerts/count") return routes.count.GET(req, ctx);
    if (pathname === "/api/alerts/rules")
      return method === "POST" ? routes.rules.POST(req, ctx) : routes.rules.GET(req, ctx);
    if (pathname.startsWith("/api/alerts/rules/"))
      return method === "DELETE" ? routes.rule.DELETE(req, ctx) : routes.rule.PUT(req, ctx);
    return routes.alert.POST(req, ctx);
  });
}

/** Every rule of the owner's account deleted, their alerts with them. */
export async function clearRules(): Promise<void> {
  const store = await alertsPage.runtime.alertsStore();
  for (const rule of await store.listRules(alertsPage.accountId))
    await store.deleteRule(alertsPage.accountId, rule.id);
}

/** A rule straight into the store, checked as the interface checks one. */
export async function storedRule(body: unknown) {
  const { checkRule } = await import("../lib/alerts/rules");
  const checked = checkRule(body);
  if (!checked.ok) throw new Error(checked.errors.map((e) => e.message).join(" "));
  const { paused, ...rule } = checked.value;
  return (await alertsPage.runtime.alertsStore()).createRule(alertsPage.accountId, rule, paused);
}

/** Alerts fired straight into the store: `[rule id, listing id, why]` each. */
export async function firedAlerts(alerts: Array<[string, string, string]>) {
  return (await alertsPage.runtime.alertsStore()).fire(
    alertsPage.accountId,
    alerts.map(([ruleId, listingId, why]) => ({
      ruleId,
      listingId,
      period: null,
      measured: {},
      against: {},
      why,
    })),
  );
}
