import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqliteAlerts } from "@/lib/server/alerts/sqlite-alerts";
import { ACCOUNT, anAlert, depsOf, PARIS, threeRules } from "@/lib/server/delivery/email/delivery-world";
import { createDigestScheduler } from "@/lib/server/delivery/email/scheduler";
import { startSmtpCatcher, type SmtpCatcher } from "@/lib/server/delivery/email/smtp-catcher";
import { openSqlitePeople } from "@/lib/server/delivery/sqlite-people";

/**
 * The digest time across a daylight-saving change: a person at 07:00 in Paris gets one digest
 * on each day, at 07:00 on their clock, whatever UTC says. The scheduler's rounds are run
 * every five minutes of a fake clock; nothing sleeps.
 */
const root = mkdtempSync(path.join(tmpdir(), "rd-digest-time-"));
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp.close();
  rmSync(root, { recursive: true, force: true });
});

async function digestsBetween(dir: string, from: string, to: string) {
  const alerts = openSqliteAlerts(path.join(root, dir));
  const people = openSqlitePeople(path.join(root, dir));
  const start = new Date(from);
  const rules = await threeRules(alerts, start);
  await people.savePerson(ACCOUNT, "tok_anna", "Anna", PARIS, start);
  const { deps } = depsOf(people, alerts, smtp.url);
  const scheduler = createDigestScheduler(deps, { start: false });
  const sentAt: string[] = [];
  let listing = 0;
  for (let t = start.getTime(); t <= Date.parse(to); t += 5 * 60_000) {
    // Something fires every hour, so that each digest has something to say.
    if (t % 3_600_000 === 0)
      await alerts.fire(
        ACCOUNT,
        [anAlert(rules.behind, `lst_${listing++}`, "Behind.", "2026-12")],
        new Date(t),
      );
    const round = await scheduler.tick(new Date(t));
    for (const r of round)
      if (r.outcome === "sent") sentAt.push(`${r.localDate} ${new Date(t).toISOString()}`);
  }
  scheduler.stop();
  await alerts.close();
  await people.close();
  return sentAt;
}

describe("digest time across a daylight-saving change", () => {
  it("spring forward (2026-03-29): 07:00 in Paris is 06:00 UTC the day before and 05:00 UTC that day", async () => {
    expect(await digestsBetween("spring", "2026-03-27T12:00:00Z", "2026-03-30T04:00:00Z")).toEqual([
      "2026-03-28 2026-03-28T06:00:00.000Z",
      "2026-03-29 2026-03-29T05:00:00.000Z",
    ]);
    expect(smtp.mails.filter((m) => m.subject.includes("2026-03-29"))).toHaveLength(1);
  });

  it("fall back (2026-10-25): 07:00 in Paris is 05:00 UTC the day before and 06:00 UTC that day", async () => {
    expect(await digestsBetween("fall", "2026-10-23T12:00:00Z", "2026-10-26T04:00:00Z")).toEqual([
      "2026-10-24 2026-10-24T05:00:00.000Z",
      "2026-10-25 2026-10-25T06:00:00.000Z",
    ]);
    expect(smtp.mails.filter((m) => m.subject.includes("2026-10-25"))).toHaveLength(1);
  });
});
