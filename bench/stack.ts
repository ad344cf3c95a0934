/**
 * The whole product for the page benches: the reference service (in memory, a rate limit no
 * page reaches), a counting forwarder, and the built dashboard in front of them, as npm start
 * runs it (scripts/server-pair.mjs); signed in as the owner the way a user signs in; the
 * owner's ids for the pages behind a section.
 */
import type { Browser, BrowserContext } from "@playwright/test";
import { dashboardProcess, referenceServiceProcess } from "../scripts/server-pair.mjs";
import type { BenchPageIds } from "./page-list";
import { SetupError, call, freePort, start, waitFor } from "./servers";
import { startUpstreamCounter, type UpstreamCounter } from "./upstream-counter";

export interface Stack {
  /** The dashboard's origin, as the browser reaches it. */
  base: string;
  sandboxUrl: string;
  counter: UpstreamCounter;
}

/** Builds the dashboard if needed and starts the three; runBench stops them on the way out. */
export async function startStack(dataDir: string): Promise<Stack> {
  const { buildIfNeeded } = (await import("../scripts/build-if-needed.mjs")) as { buildIfNeeded: () => void };
  buildIfNeeded();
  const sandboxPort = await freePort();
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const serviceProcess = referenceServiceProcess({
    port: sandboxPort,
    env: { SANDBOX_RATE_LIMIT_PER_MINUTE: "100000000" },
  });
  const service = start("The reference service", serviceProcess.args, serviceProcess.env);
  await waitFor(serviceProcess.readyUrl, service, 60_000);
  const counter = await startUpstreamCounter(sandboxPort);
  const port = await freePort();
  // The dashboard believes the reference service is the forwarder.
  const dashboardSpec = dashboardProcess({ port, servicePort: counter.port, dataDir: `.data/${dataDir}` });
  const dashboard = start("The dashboard", dashboardSpec.args, dashboardSpec.env);
  await waitFor(dashboardSpec.readyUrl, dashboard, 120_000);
  return { base: `http://localhost:${port}`, sandboxUrl, counter };
}

/** Signs in with a persona's button (the owner by default), as a user does; the cookies to reuse. */
export async function signedInState(browser: Browser, base: string, persona = "owner") {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByRole("button", { name: `Sign in as ${persona.replace("_", " ")}`, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"), { timeout: 60_000 });
  const state: Awaited<ReturnType<BrowserContext["storageState"]>> = await context.storageState();
  await context.close();
  return state;
}

export async function discoverIds(sandbox: string): Promise<BenchPageIds> {
  const personas = JSON.parse((await call("GET", `${sandbox}/_sandbox/personas`)).body) as Array<{
    persona: string;
    keys: { standard: string };
  }>;
  const key = personas.find((p) => p.persona === "owner")?.keys.standard;
  if (!key) throw new SetupError("The reference service lists no owner persona.");
  const read = async <T>(path: string): Promise<T[]> => {
    const answer = await call("GET", `${sandbox}${path}`, { "x-api-key": key });
    if (answer.status !== 200) throw new SetupError(`GET ${path} answered ${answer.status}.`);
    const body = JSON.parse(answer.body) as T[] | { data: T[] };
    return Array.isArray(body) ? body : body.data;
  };
  const listing = (await read<{ id: string; svc_id?: string }>("/listings?per_page=1"))[0];
  const sets = await read<{ id: string; is_paid: boolean }>("/sets");
  const segment = (await read<{ id: string }>("/segments"))[0];
  const market = (await read<{ id: string }>("/market_report"))[0];
  const set = sets.find((s) => s.is_paid) ?? sets[0];
  if (!listing || !set || !segment || !market)
    throw new SetupError("The owner has no listing, set, segment or market.");
  return { listing: listing.svc_id ?? listing.id, set: set.id, segment: segment.id, market: market.id };
}
