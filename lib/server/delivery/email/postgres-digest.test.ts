import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "@/test-support/pg-database";
import { openPostgresAlerts } from "@/lib/server/alerts/postgres-alerts";
import { ACCOUNT, anAlert, depsOf, PARIS, threeRules } from "@/lib/server/delivery/email/delivery-world";
import { createDigestScheduler } from "@/lib/server/delivery/email/scheduler";
import { startSmtpCatcher, type SmtpCatcher } from "@/lib/server/delivery/email/smtp-catcher";
import { openPostgresPeople } from "@/lib/server/delivery/postgres-people";

/**
 * Two instances on one PostgreSQL (two pools each for people and alerts, two schedulers)
 * ticking at the same instant send exactly one digest per person and day.
 */
let url: string;
let smtp: SmtpCatcher;
beforeAll(async () => {
  url = await freshDatabase("rd_digest");
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp.close();
});

const instance = async () => {
  const people = await openPostgresPeople({ url, poolSize: 3 });
  const alerts = await openPostgresAlerts({ url, poolSize: 3 });
  const { deps } = depsOf(people, alerts, smtp.url);
  return { people, alerts, scheduler: createDigestScheduler(deps, { start: false }) };
};

describe("two instances on one PostgreSQL", () => {
  it("send one digest per person, never two, when both tick at once", async () => {
    const one = await instance();
    const two = await instance();
    const subscribed = new Date("2026-11-28T12:00:00Z");
    const rules = await threeRules(one.alerts, subscribed);
    const emails = ["anna", "ben", "cleo", "dan", "eve", "finn"].map((n) => `${n}@example.com`);
    for (const [i, email] of emails.entries())
      await one.people.savePerson(ACCOUNT, `tok_${i}`, email, { ...PARIS, email }, subscribed);
    await one.alerts.fire(ACCOUNT, [anAlert(rules.behind, "lst_1", "Behind.", "2026-12")], subscribed);

    const seven = new Date("2026-11-29T06:00:00Z");
    const rounds = await Promise.all([
      one.scheduler.tick(seven),
      two.scheduler.tick(seven),
      one.scheduler.tick(new Date(seven.getTime() + 60_000)),
      two.scheduler.tick(new Date(seven.getTime() + 60_000)),
    ]);
    expect(rounds.flat().filter((r) => r.outcome === "sent")).toHaveLength(emails.length);
    expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(emails);
    for (const i of [one, two]) {
      await i.people.close();
      await i.alerts.close();
    }
  });
});
