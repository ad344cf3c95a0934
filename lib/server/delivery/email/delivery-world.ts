import type { DeliverySettings } from "@/lib/alerts/delivery-settings";
import type { RuleBody } from "@/lib/alerts/rules";
import type { AlertsStore, NewAlert } from "@/lib/server/alerts/alerts-store";
import type { DeliveryDeps } from "@/lib/server/delivery/email/deliver";
import { smtpMailer } from "@/lib/server/delivery/email/mailer";
import type { PeopleStore } from "@/lib/server/delivery/people-store";

/**
 * Rules, people and alerts for the e-mail delivery's tests, on real stores and a real SMTP
 * server (smtp-catcher.ts). Imported by tests only.
 */
export const ACCOUNT = "usr_owner";
export const DASHBOARD = "https://rates.example.com";
export const NAMES = new Map([
  ["lst_1", "Sea View Loft"],
  ["lst_2", "Old Town Studio"],
]);

const rule = (
  kind: "behind_stly" | "no_booking" | "at_minimum",
  email: "immediate" | "digest" | "off",
): RuleBody =>
  (kind === "behind_stly"
    ? { kind, scope: {}, params: { metric: "nights", percent: 15 }, delivery: { email, webhook: "off" } }
    : kind === "no_booking"
      ? { kind, scope: {}, params: { days: 14 }, delivery: { email, webhook: "off" } }
      : { kind, scope: {}, params: { nights: 5 }, delivery: { email, webhook: "off" } }) as RuleBody;

/** Three rules: behind last year by digest, no booking at once, at the minimum never mailed. */
export async function threeRules(alerts: AlertsStore, at: Date) {
  const behind = await alerts.createRule(ACCOUNT, rule("behind_stly", "digest"), false, at);
  const quiet = await alerts.createRule(ACCOUNT, rule("no_booking", "immediate"), false, at);
  const floor = await alerts.createRule(ACCOUNT, rule("at_minimum", "off"), false, at);
  return { behind: behind.id, quiet: quiet.id, floor: floor.id };
}

export const anAlert = (
  ruleId: string,
  listingId: string,
  why: string,
  period: string | null = null,
): NewAlert => ({
  ruleId,
  listingId,
  period,
  measured: { n: 1 },
  against: { n: 2 },
  why,
});

export const PARIS: DeliverySettings = {
  email: "anna@example.com",
  timeZone: "Europe/Paris",
  digestTime: "07:00",
  digest: true,
  immediate: true,
};

export function depsOf(
  people: PeopleStore,
  alerts: AlertsStore,
  smtpUrl: string,
  extra: Partial<DeliveryDeps> = {},
) {
  const waits: number[] = [];
  const deps: DeliveryDeps = {
    people,
    alerts,
    mailer: smtpMailer(smtpUrl, "Rate Desk <alerts@rates.example.com>"),
    dashboardUrl: DASHBOARD,
    names: async () => NAMES,
    retry: {
      sleep: async (ms) => {
        waits.push(ms);
      },
    },
    onError: () => undefined,
    ...extra,
  };
  return { deps, waits };
}
