import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach } from "vitest";
import type { RuleBody } from "@/lib/alerts/rules";
import type { AlertsStore } from "@/lib/server/alerts/alerts-store";
import { openSqliteAlerts } from "@/lib/server/alerts/sqlite-alerts";
import { newSigningSecret } from "@/lib/server/delivery/webhook/secret";
import { openSqliteWebhook } from "@/lib/server/delivery/webhook/sqlite-webhook";
import type { WebhookOutStore } from "@/lib/server/delivery/webhook/webhook-store";
import { createWebhookWorker } from "@/lib/server/delivery/webhook/worker";

/**
 * The worker's tests' world on SQLite: each test a fresh file holding both stores, a signing
 * secret, rules and alerts as the evaluation would make them, and the receiver a test started
 * (closed after it). Imported by tests only.
 */
export const ACCOUNT = "usr_owner";
export const secret = newSigningSecret();
export const world = {
  store: null as unknown as WebhookOutStore,
  alerts: null as unknown as AlertsStore,
  /** The receiver the current test started, closed after it. */
  receiver: null as { close(): Promise<void> } | null,
};

/** Registers the calling file's hooks. */
export function withWorkerWorld(): void {
  const root = mkdtempSync(path.join(tmpdir(), "rd-webhook-worker-"));
  let n = 0;
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  beforeEach(() => {
    const dir = path.join(root, String(n++));
    world.store = openSqliteWebhook(dir);
    world.alerts = openSqliteAlerts(dir);
  });
  afterEach(async () => {
    await world.receiver?.close();
    world.receiver = null;
    await world.store.close();
    await world.alerts.close();
  });
}

export const rule = (webhook: "immediate" | "digest" | "off"): RuleBody => ({
  kind: "no_booking",
  scope: {},
  params: { days: 14 },
  delivery: { email: "off", webhook },
});
export const newAlert = (ruleId: string, listingId: string) => ({
  ruleId,
  listingId,
  period: null,
  measured: { days: 20 },
  against: { days: 14 },
  why: `Listing ${listingId} has had no new booking in 20 days.`,
});
export const worker = (now?: () => Date) =>
  createWebhookWorker({
    store: world.store,
    alerts: world.alerts,
    openSecret: () => secret,
    ...(now ? { now } : {}),
  });
export const endpoint = (
  url: string,
  fields: Partial<{ digestTime: string; timeZone: string }> = {},
  at = new Date(),
) =>
  world.store.saveEndpoint(
    ACCOUNT,
    { url, enabled: true, digestTime: "07:30", timeZone: "Europe/Paris", ...fields },
    () => Buffer.from("sealed"),
    at,
  );
