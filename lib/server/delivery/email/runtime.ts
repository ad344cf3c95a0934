import "server-only";
import { alertsStore } from "@/lib/server/alerts/runtime";
import { onAlertsFired } from "@/lib/server/alerts/fired-bus";
import type { PeopleStore } from "@/lib/server/delivery/people-store";
import { openPostgresPeople } from "@/lib/server/delivery/postgres-people";
import { openSqlitePeople } from "@/lib/server/delivery/sqlite-people";
import { sendImmediately, type DeliveryDeps } from "@/lib/server/delivery/email/deliver";
import { smtpMailer } from "@/lib/server/delivery/email/mailer";
import { createDigestScheduler } from "@/lib/server/delivery/email/scheduler";
import { env } from "@/lib/server/env";
import { mirrorRuntime } from "@/lib/server/mirror/runtime";
import { processSingletonOpening } from "@/lib/server/process-singleton";
import { serviceNow } from "@/lib/server/service-clock";

/**
 * E-mail delivery of this process: the people store (the dashboard's own database), and,
 * when SMTP_URL is set, the digest scheduler and the immediate e-mail of fired alerts, started
 * once with the server (boot.ts). Without SMTP_URL settings are kept and nothing is sent.
 */
export const peopleStore: () => Promise<PeopleStore> = processSingletonOpening(
  "delivery-people",
  async () => {
    const { store: choice, dataDir } = env();
    return choice.engine === "postgres"
      ? openPostgresPeople({ url: choice.url, poolSize: 2 })
      : openSqlitePeople(dataDir);
  },
);

/** Where the e-mails' links lead: the public address, else the allowed origin, else this machine. */
export function dashboardLinkBase(): string {
  const { dashboardPublicUrl, dashboardOrigin } = env();
  return (dashboardPublicUrl ?? dashboardOrigin ?? "http://localhost:3000").replace(/\/+$/, "");
}

export async function deliveryDeps(): Promise<DeliveryDeps | null> {
  const { mail } = env();
  if (!mail) return null;
  return {
    people: await peopleStore(),
    alerts: await alertsStore(),
    mailer: smtpMailer(mail.smtpUrl, mail.from),
    dashboardUrl: dashboardLinkBase(),
    names: async (accountId) => {
      const { store } = await mirrorRuntime();
      return new Map(
        (await store.listings(accountId)).flatMap((l) => (l.name ? [[l.listingId, l.name]] : [])),
      );
    },
    alertsClock: (wall) => new Date(serviceNow(wall.getTime())),
  };
}

/** Starts the scheduler and the immediate e-mail once per process; says so once in the log when off. */
export const startEmailDelivery: () => Promise<boolean> = processSingletonOpening(
  "delivery-email",
  async () => {
    const deps = await deliveryDeps();
    if (!deps) {
      console.info("Alerts are not sent by e-mail: SMTP_URL is not set.");
      return false;
    }
    createDigestScheduler(deps);
    // Not awaited: a mail server slow to answer (or retried) must not hold the evaluation up.
    onAlertsFired((accountId, fired) => {
      sendImmediately(deps, accountId, fired).catch((error: unknown) =>
        console.error("Immediate alert e-mail failed:", error instanceof Error ? error.message : error),
      );
    });
    return true;
  },
);
