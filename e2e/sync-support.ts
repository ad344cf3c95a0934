/**
 * The portfolio sync's own pair (e2e/sync.spec.ts): a reference service whose limit of 3,000
 * requests a minute lets the owner's first fill end in seconds at the sync's usual 30 % share,
 * and a dashboard pointed at it with a data directory of its own, so that no shared pair ever
 * holds a mirror.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { E2E_SYNC_PORT, E2E_SYNC_SANDBOX_PORT } from "../playwright.config";
import { dashboardProcess, referenceServiceProcess } from "../scripts/server-pair.mjs";
import type { PriceCalendar } from "../lib/svc/schemas/calendar";
import type { Listing } from "../lib/svc/schemas/listings";
import { keyOf } from "./fixtures";
import { stopChild, waitForHttp } from "./processes";

export const SYNC_BASE = `http://127.0.0.1:${E2E_SYNC_PORT}`;
export const SYNC_SANDBOX = `http://127.0.0.1:${E2E_SYNC_SANDBOX_PORT}`;

export async function startSyncPair(): Promise<{ stop(): Promise<void> }> {
  const children: ChildProcess[] = [];
  const start = (process: { args: string[]; env: Record<string, string> }) => {
    const child = spawn(globalThis.process.execPath, process.args, {
      env: { ...globalThis.process.env, ...process.env },
      stdio: "ignore",
    });
    children.push(child);
    return child;
  };
  try {
    const service = referenceServiceProcess({
      port: E2E_SYNC_SANDBOX_PORT,
      env: { SANDBOX_RATE_LIMIT_PER_MINUTE: "3000" },
    });
    const sandbox = start(service);
    const dataDir = ".data/e2e-sync";
    rmSync(dataDir, { recursive: true, force: true });
    const dashboard = start(
      dashboardProcess({ port: E2E_SYNC_PORT, servicePort: E2E_SYNC_SANDBOX_PORT, dataDir }),
    );
    await waitForHttp(service.readyUrl, 60_000, sandbox);
    await waitForHttp(`${SYNC_BASE}/api/health`, 90_000, dashboard);
    return { stop: () => Promise.all(children.map(stopChild)).then(() => undefined) };
  } catch (error) {
    await Promise.all(children.map(stopChild));
    throw error;
  }
}

/** A GET on the sync pair's service as the owner. */
export async function ownerGet<T>(path: string, key: string): Promise<T> {
  const response = await fetch(`${SYNC_SANDBOX}${path}`, { headers: { "x-api-key": key } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * A listing of the owner's with three open nights in a row from two weeks out, within this
 * month or the next (by the service's clock): where the service's simulated booking lands in
 * the months the Overview and Pace show. Null if there is none.
 */
export async function listingOpenSoon(): Promise<string | null> {
  const key = await keyOf("owner", "standard", SYNC_SANDBOX);
  const today = (await ownerGet<{ now: string }>("/_sandbox/clock", key)).now.slice(0, 10);
  const until = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) + 1, 1))
    .toISOString()
    .slice(0, 10);
  const from = new Date(Date.parse(today) + 14 * 86_400_000).toISOString().slice(0, 10);
  for (const listing of await ownerGet<Listing[]>("/listings?per_page=100", key)) {
    const calendar = await ownerGet<PriceCalendar>(
      `/listings/${listing.svc_id}/price_calendar?channel=svc`,
      key,
    );
    const open = calendar.nights.filter((n) => n.available && n.date < until).map((n) => n.date);
    if (
      open.some(
        (d, i) => d >= from && open[i + 2] && Date.parse(open[i + 2]!) - Date.parse(d) === 2 * 86_400_000,
      )
    )
      return listing.svc_id;
  }
  return null;
}
