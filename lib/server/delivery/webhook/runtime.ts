import "server-only";
import { onAlertsFired } from "@/lib/server/alerts/fired-bus";
import { alertsStore } from "@/lib/server/alerts/runtime";
import { openPostgresWebhook } from "@/lib/server/delivery/webhook/postgres-webhook";
import { outgoingBox } from "@/lib/server/delivery/webhook/secret";
import { openSqliteWebhook } from "@/lib/server/delivery/webhook/sqlite-webhook";
import type { WebhookOutStore } from "@/lib/server/delivery/webhook/webhook-store";
import { createWebhookWorker, type WebhookWorker } from "@/lib/server/delivery/webhook/worker";
import { env } from "@/lib/server/env";
import { processSingleton, processSingletonOpening } from "@/lib/server/process-singleton";

/** How often the process looks for due attempts and digests. */
const TICK_MS = 15_000;

const say = (what: string, error: unknown) =>
  console.error(`${what}:`, error instanceof Error ? error.message : error);

/** The outgoing webhook's store: the dashboard's own database, as the alerts'. */
export const webhookOutStore: () => Promise<WebhookOutStore> = processSingletonOpening(
  "alert-webhook-store",
  async () => {
    const { store: choice, dataDir } = env();
    return choice.engine === "postgres"
      ? openPostgresWebhook({ url: choice.url, poolSize: 2 })
      : openSqliteWebhook(dataDir);
  },
);

export const webhookWorker: () => Promise<WebhookWorker> = processSingletonOpening(
  "alert-webhook-worker",
  async () => {
    const box = outgoingBox(env().sessionSecret);
    return createWebhookWorker({
      store: await webhookOutStore(),
      alerts: await alertsStore(),
      openSecret: (sealed, accountId) => box.open(sealed, accountId),
    });
  },
);

/** One tick at a time in a process: a tick asked for during one runs right after it. */
const ticking = processSingleton("alert-webhook-ticking", () => ({ running: false, again: false }));

/** Sends what is due now (after a test or an immediate message, without waiting for the timer). */
export async function tickSoon(): Promise<void> {
  if (ticking.running) {
    ticking.again = true;
    return;
  }
  ticking.running = true;
  try {
    do {
      ticking.again = false;
      await (await webhookWorker()).tick();
    } while (ticking.again);
  } catch (error) {
    say("The alerts' outgoing webhook could not send", error);
  } finally {
    ticking.running = false;
  }
}

/**
 * Started once at boot: immediate alerts become messages as they fire, and a timer (which does
 * not hold the process open) makes due digests and sends due attempts.
 */
export function startAlertWebhook(): void {
  processSingleton("alert-webhook-started", () => {
    onAlertsFired(async (accountId, fired) => {
      if (await (await webhookWorker()).fired(accountId, fired)) void tickSoon();
    });
    const timer = setInterval(() => void tickSoon(), TICK_MS);
    timer.unref?.();
    return true;
  });
}
