import "server-only";
import { createAlertTrigger, listingsOfRead, type AlertTrigger } from "@/lib/server/alerts/trigger";
import type { AlertsStore } from "@/lib/server/alerts/alerts-store";
import { evaluateAccount } from "@/lib/server/alerts/evaluate";
import { publishFired } from "@/lib/server/alerts/fired-bus";
import { openPostgresAlerts } from "@/lib/server/alerts/postgres-alerts";
import { openSqliteAlerts } from "@/lib/server/alerts/sqlite-alerts";
import { env } from "@/lib/server/env";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import { processSingleton, processSingletonOpening } from "@/lib/server/process-singleton";
import { serviceNow } from "@/lib/server/service-clock";

/**
 * The alerts of this process: their store (the dashboard's own database: SQLite's
 * `dashboard.db` under DATA_DIR, or the PostgreSQL every instance shares), and the trigger the
 * mirror's worker calls after each finished read (lib/server/mirror/runtime.ts).
 */
export const alertsStore: () => Promise<AlertsStore> = processSingletonOpening("alerts-store", async () => {
  const { store: choice, dataDir } = env();
  return choice.engine === "postgres"
    ? openPostgresAlerts({ url: choice.url, poolSize: 2 })
    : openSqliteAlerts(dataDir);
});

/** Evaluates on the service's clock, as Pace counts. */
export async function evaluateNow(mirror: MirrorStore, accountId: string, listings?: readonly string[]) {
  const evaluation = await evaluateAccount(mirror, await alertsStore(), accountId, new Date(serviceNow()), {
    listings,
  });
  await publishFired(accountId, evaluation.fired);
  return evaluation;
}

/** The trigger, made once per process with the mirror's store. */
export function alertTrigger(mirror: MirrorStore): AlertTrigger & {
  /** A read the sync worker finished: what it names is evaluated after the quiet time. */
  mirrorRead(accountId: string, kind: string, subject: string): void;
} {
  return processSingleton("alert-trigger", () => {
    const trigger = createAlertTrigger({
      evaluate: (accountId, listings) => evaluateNow(mirror, accountId, listings),
      accounts: async () => {
        const [withRules, mirrored] = await Promise.all([
          (await alertsStore()).accountsWithRules(),
          mirror.syncAccounts(),
        ]);
        return withRules.filter((a) => mirrored.includes(a));
      },
    });
    return {
      ...trigger,
      mirrorRead: (accountId, kind, subject) => trigger.mirrorWrote(accountId, listingsOfRead(kind, subject)),
    };
  });
}
