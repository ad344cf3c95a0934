/**
 * The drift suite's world: a reference service of its own, the drift proxy in front of it
 * (test-support/drift-proxy.ts), and a built dashboard pointed at the proxy with
 * SVC_BASE_URL, as an operator points it at a real service. Started once per worker and
 * shared by the file's tests, which switch the proxy's mode; the owner signs in once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { test as base, expect, type Browser, type Page } from "@playwright/test";
import { sinkIdInUrl } from "../lib/server/webhooks/ownership";
import type { Listing } from "../lib/svc/schemas/listings";
import type { SetRecord } from "../lib/svc/schemas/sets";
import { sign, signingTime } from "../sandbox/domain/webhooks/signing";
import { startDriftProxy, type DriftMode, type DriftProxy } from "../test-support/drift-proxy";
import { dashboardProcess, referenceServiceProcess } from "../scripts/server-pair.mjs";
import { stopChild, waitForHttp } from "./processes";

// Beside the config's pairs (3110–3114, 4110–4113), moved by the same offset.
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const DRIFT_PORT = 3115 + OFFSET;
export const DRIFT_SANDBOX_PORT = 4115 + OFFSET;
export const DRIFT_DASHBOARD = `http://127.0.0.1:${DRIFT_PORT}`;
/** The reference service itself, behind no proxy: the truth a page is compared with. */
export const DRIFT_SANDBOX = `http://127.0.0.1:${DRIFT_SANDBOX_PORT}`;

export interface DriftWorld {
  proxy: DriftProxy;
  ownerKey: string;
  /** The signed-in owner's cookies, for every test's context. */
  storageState: Awaited<ReturnType<Awaited<ReturnType<Browser["newContext"]>>["storageState"]>>;
}

async function ownerKey(): Promise<string> {
  const response = await fetch(`${DRIFT_SANDBOX}/_sandbox/personas`);
  const personas = (await response.json()) as { persona: string; keys: Record<string, string> }[];
  return personas.find((p) => p.persona === "owner")!.keys.standard!;
}

async function startWorld(browser: Browser): Promise<{ world: DriftWorld; stop: () => Promise<void> }> {
  const children: ChildProcess[] = [];
  const proxy = await startDriftProxy({ target: DRIFT_SANDBOX });
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    await proxy.close();
  };
  try {
    // The walks read many pages a minute; the rate limit is not what this suite is about.
    const service = referenceServiceProcess({
      port: DRIFT_SANDBOX_PORT,
      env: { SANDBOX_RATE_LIMIT_PER_MINUTE: "100000" },
    });
    const sandbox = spawn(process.execPath, service.args, {
      env: { ...process.env, ...service.env },
      stdio: "ignore",
    });
    children.push(sandbox);
    const dataDir = ".data/e2e-drift";
    rmSync(dataDir, { recursive: true, force: true });
    // The dashboard reads the service through the proxy that adds what a real service might.
    const server = dashboardProcess({ port: DRIFT_PORT, dataDir, env: { SVC_BASE_URL: proxy.url } });
    const dashboard = spawn(process.execPath, server.args, {
      env: { ...process.env, ...server.env },
      stdio: "ignore",
    });
    children.push(dashboard);
    await waitForHttp(service.readyUrl, 60_000, sandbox);
    await waitForHttp(`${DRIFT_DASHBOARD}/api/health`, 90_000, dashboard);

    // A real service has no demo personas: the owner pastes a key, once for the whole file.
    const key = await ownerKey();
    const context = await browser.newContext({ baseURL: DRIFT_DASHBOARD });
    const page = await context.newPage();
    await page.goto("/sign-in");
    await page.getByLabel("API key").fill(key);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const storageState = await context.storageState();
    await context.close();
    return { world: { proxy, ownerKey: key, storageState }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** What a page must not show, in any mode: a whole part that failed. */
export const NOT_LOADED = /We couldn.t load/;

export const test = base.extend<
  { problems: string[]; mode: (mode: DriftMode) => void },
  { drift: DriftWorld }
>({
  drift: [
    async ({ browser }, provide) => {
      const { world, stop } = await startWorld(browser);
      await provide(world);
      await stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: DRIFT_DASHBOARD,
  storageState: async ({ drift }, provide) => provide(drift.storageState),
  mode: async ({ drift }, provide) => {
    await provide((mode) => drift.proxy.setMode(mode));
    drift.proxy.setMode("none");
    drift.proxy.force(null);
  },
  /**
   * What went wrong in the browser: uncaught errors, and console errors other than the
   * browser's own line for an error answer (the error-shape walk asks for one on purpose).
   */
  problems: async ({ page }, provide) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" && !/Failed to load resource/.test(message.text())) {
        problems.push(`console error: ${message.text()}`);
      }
    });
    await provide(problems);
  },
});
export { expect };

/** GET on the reference service as the owner, behind no proxy. */
export async function truth<T>(key: string, path: string): Promise<T> {
  const response = await fetch(`${DRIFT_SANDBOX}${path}`, { headers: { "x-api-key": key } });
  expect(response.ok, `GET ${path} answered ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Opens a page and waits until every part named by test id has settled. A part that failed
 * is a soft failure naming the page and the part's own sentence, so that one walk reports
 * every page a difference breaks, not only the first.
 */
export async function openReady(page: Page, path: string, testIds: string[], timeout = 15_000) {
  await page.goto(path);
  for (const id of testIds) {
    await expect(page.getByTestId(id).first()).toHaveAttribute("data-state", /^(ready|error)$/, { timeout });
  }
  const failed = await page.getByRole("alert").filter({ hasText: NOT_LOADED }).allInnerTexts();
  expect.soft(failed, `${path}: parts that could not load`).toEqual([]);
  for (const id of testIds) {
    expect
      .soft(await page.getByTestId(id).first().getAttribute("data-state"), `${path}: ${id}`)
      .toBe("ready");
  }
}

/** The owner's portfolio as the reference service lists it. */
export async function portfolio(key: string) {
  const all = await truth<Listing[]>(key, "/listings?per_page=100");
  return { all, visible: all.filter((l) => !l.is_hidden), hidden: all.filter((l) => l.is_hidden) };
}

export async function expectListingsPage(page: Page, key: string) {
  const { visible, hidden } = await portfolio(key);
  await openReady(page, "/listings", ["portfolio"]);
  await expect(
    page.getByText(`${visible.length} listings · ${hidden.length} hidden not shown`),
  ).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(1 + Math.min(25, visible.length));
  return visible;
}

/** A listing's reservations tab: every row of the page's own answer is in the table. */
export async function expectReservations(page: Page, svcId: string) {
  const answer = page.waitForResponse((r) =>
    new RegExp(`/api/svc/listings/${svcId}/reservations`).test(r.url()),
  );
  await openReady(page, `/listings/${svcId}?tab=reservations`, ["reservations"]);
  const rows = (await (await answer).json()) as unknown[];
  expect(rows.length).toBeGreaterThan(0);
  await expect(page.getByTestId("reservations").locator("tbody tr")).toHaveCount(rows.length);
}

export const setNamed = async (key: string, name: string) =>
  (await truth<SetRecord[]>(key, "/sets?per_page=100")).find((s) => s.name === name)!;
export const group = (page: Page, label: string, count: number) =>
  page.getByRole("region", { name: `${label} (${count})`, exact: true });

/** A reference service control (POST /_sandbox/…), straight to the service. */
export async function sandboxControl(path: string, body: unknown) {
  const response = await fetch(`${DRIFT_SANDBOX}/_sandbox/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok, `/_sandbox/${path} answered ${response.status}`).toBe(true);
}

/** How many events the dashboard's receiver stored, as its Inbox lists them. */
export async function inboxCount(page: Page): Promise<number> {
  const response = await page.request.get("/api/dashboard-webhook/inbox");
  const json = (await response.json()) as { events?: unknown[] };
  return json.events?.length ?? 0;
}

export const noNotices = (page: Page) => expect(page.getByTestId("read-notices")).toHaveCount(0);

/**
 * A delivery of an event type no dashboard knows yet, signed with the secret the service gave
 * the dashboard's own subscription, as the service would send it to `url`.
 */
export function deliverUnknownEvent(url: string, secret: string): Promise<Response> {
  const body = JSON.stringify({
    id: "evt_drift_payout",
    type: "payouts.created",
    created_at: new Date().toISOString(),
    data: { payout_id: "po_1" },
  });
  return fetch(`${DRIFT_DASHBOARD}/api/webhooks/${sinkIdInUrl(url)}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "svc-event-id": "evt_drift_payout",
      "svc-signature": sign(secret, signingTime(), body),
    },
    body,
  });
}
