import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { lastDigestWords } from "@/lib/alerts/delivery-settings-words";
import type { AlertsStore } from "@/lib/server/alerts/alerts-store";
import { openSqliteAlerts } from "@/lib/server/alerts/sqlite-alerts";
import { sendDueDigests, sendImmediately } from "@/lib/server/delivery/email/deliver";
import {
  ACCOUNT,
  anAlert,
  DASHBOARD,
  depsOf,
  PARIS,
  threeRules,
} from "@/lib/server/delivery/email/delivery-world";
import { startSmtpCatcher, type SmtpCatcher } from "@/lib/server/delivery/email/smtp-catcher";
import type { PeopleStore } from "@/lib/server/delivery/people-store";
import { openSqlitePeople } from "@/lib/server/delivery/sqlite-people";

/**
 * The morning digest and the immediate e-mail, sent over SMTP to a real SMTP server in this
 * process, from real SQLite stores, on a clock passed in.
 */
const root = mkdtempSync(path.join(tmpdir(), "rd-deliver-"));
let smtp: SmtpCatcher;
let alerts: AlertsStore;
let people: PeopleStore;
let n = 0;
const SUBSCRIBED = new Date("2026-11-27T12:00:00Z");
/** 07:00 in Paris on 2026-11-29 (UTC+1 in winter). */
const SEVEN = new Date("2026-11-29T06:00:00Z");
const minutes = (at: Date, m: number) => new Date(at.getTime() + m * 60_000);

beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  const dir = path.join(root, String(n++));
  alerts = openSqliteAlerts(dir);
  people = openSqlitePeople(dir);
  smtp.mails.length = 0;
});
afterEach(async () => {
  await alerts.close();
  await people.close();
});

describe("the morning digest", () => {
  it("is due once the person's local time has passed: one e-mail, grouped by rule, with each why and link", async () => {
    const rules = await threeRules(alerts, SUBSCRIBED);
    await people.savePerson(ACCOUNT, "tok_anna", "Anna", PARIS, SUBSCRIBED);
    await alerts.fire(
      ACCOUNT,
      [
        anAlert(
          rules.behind,
          "lst_1",
          "August is 18 % behind last year on nights: 41 against 50.",
          "2027-08",
        ),
        anAlert(
          rules.behind,
          "lst_2",
          "December is 20 % behind last year on nights: 8 against 10.",
          "2026-12",
        ),
        anAlert(
          rules.quiet,
          "lst_1",
          "No new booking in the last 14 days, with 9 open nights in the next 30.",
        ),
        anAlert(rules.floor, "lst_2", "7 of the next 30 nights are priced at the minimum price of $90."),
      ],
      minutes(SEVEN, -600),
    );
    const { deps } = depsOf(people, alerts, smtp.url);

    expect(await sendDueDigests(deps, minutes(SEVEN, -1))).toEqual([]);
    const sent = await sendDueDigests(deps, SEVEN);
    expect(sent).toEqual([
      { accountId: ACCOUNT, personId: "tok_anna", localDate: "2026-11-29", outcome: "sent", alertCount: 2 },
    ]);
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail!.to).toEqual(["anna@example.com"]);
    expect(mail!.from).toBe("alerts@rates.example.com");
    expect(mail!.subject).toBe("Rate Desk digest for 2026-11-29: 2 alerts to look at");
    expect(mail!.text).toContain(
      "A stay month more than 15 % behind the same time last year on nights (2 alerts)",
    );
    expect(mail!.text).toContain(
      "- Sea View Loft: August is 18 % behind last year on nights: 41 against 50.",
    );
    expect(mail!.text).toContain(`${DASHBOARD}/listings/lst_2`);
    expect(mail!.text).toContain(`${DASHBOARD}/alerts`);
    // The immediate rule's alert went at once; the "off" rule's is never mailed.
    expect(mail!.text).not.toContain("No new booking");
    expect(mail!.text).not.toContain("minimum price");
    expect(mail!.html).toContain(`<a href="${DASHBOARD}/listings/lst_1">Sea View Loft</a>`);

    // The minute after, and any later round of the day, finds the day's digest sent.
    expect(await sendDueDigests(deps, minutes(SEVEN, 1))).toEqual([]);
    expect(await sendDueDigests(deps, minutes(SEVEN, 600))).toEqual([]);
    expect(smtp.mails).toHaveLength(1);
    const last = await people.lastDigest(ACCOUNT, "tok_anna");
    expect(lastDigestWords(last!, "Europe/Paris", minutes(SEVEN, 2))).toMatch(
      /^Last digest: sent at \d\d:\d\d today, with 2 alerts\.$/,
    );
  });

  it("holds only what fired since the previous digest and still stands: resolved and snoozed alerts are left out", async () => {
    const rules = await threeRules(alerts, SUBSCRIBED);
    await people.savePerson(ACCOUNT, "tok_anna", "Anna", PARIS, SUBSCRIBED);
    const { deps } = depsOf(people, alerts, smtp.url);
    await alerts.fire(
      ACCOUNT,
      [anAlert(rules.behind, "lst_1", "Yesterday's news.", "2026-12")],
      minutes(SEVEN, -60),
    );
    await sendDueDigests(deps, SEVEN);
    const [kept, resolved, snoozed] = await alerts.fire(
      ACCOUNT,
      [
        anAlert(rules.behind, "lst_1", "Still behind in January.", "2027-01"),
        anAlert(rules.behind, "lst_2", "Dealt with already.", "2027-01"),
        anAlert(rules.behind, "lst_2", "Snoozed for now.", "2027-02"),
      ],
      minutes(SEVEN, 600),
    );
    expect(kept).toBeDefined();
    await alerts.resolve(ACCOUNT, resolved!.id, minutes(SEVEN, 700));
    await alerts.snooze(ACCOUNT, snoozed!.id, minutes(SEVEN, 5000), minutes(SEVEN, 700));
    await sendDueDigests(deps, minutes(SEVEN, 1440));
    expect(smtp.mails).toHaveLength(2);
    expect(smtp.mails[1]!.subject).toBe("Rate Desk digest for 2026-11-30: 1 alert to look at");
    expect(smtp.mails[1]!.text).toContain("Still behind in January.");
    expect(smtp.mails[1]!.text).not.toContain("Yesterday's news.");
    expect(smtp.mails[1]!.text).not.toContain("Dealt with already.");
    expect(smtp.mails[1]!.text).not.toContain("Snoozed for now.");
  });

  it("nothing due: no e-mail, and the day says so", async () => {
    const rules = await threeRules(alerts, SUBSCRIBED);
    await people.savePerson(ACCOUNT, "tok_anna", "Anna", PARIS, SUBSCRIBED);
    await alerts.fire(ACCOUNT, [anAlert(rules.floor, "lst_1", "At the floor.")], minutes(SEVEN, -60));
    const { deps } = depsOf(people, alerts, smtp.url);
    expect(await sendDueDigests(deps, SEVEN)).toMatchObject([{ outcome: "nothing_due", alertCount: 0 }]);
    expect(smtp.mails).toEqual([]);
    const last = await people.lastDigest(ACCOUNT, "tok_anna");
    expect(lastDigestWords(last!, "Europe/Paris", SEVEN)).toBe(
      "Last digest: nothing was due today, so no e-mail was sent.",
    );
  });

  it("digest off, no address, or subscribed after today's time: no digest today", async () => {
    const rules = await threeRules(alerts, SUBSCRIBED);
    await alerts.fire(ACCOUNT, [anAlert(rules.behind, "lst_1", "Behind.", "2026-12")], minutes(SEVEN, -60));
    await people.savePerson(ACCOUNT, "tok_off", "Off", { ...PARIS, digest: false }, SUBSCRIBED);
    await people.savePerson(ACCOUNT, "tok_late", "Late", PARIS, minutes(SEVEN, 30));
    const { deps } = depsOf(people, alerts, smtp.url);
    expect(await sendDueDigests(deps, minutes(SEVEN, 60))).toEqual([]);
    expect(smtp.mails).toEqual([]);
    // The late subscriber's first digest is the next morning's.
    expect(await sendDueDigests(deps, minutes(SEVEN, 1440))).toMatchObject([
      { personId: "tok_late", localDate: "2026-11-30", outcome: "sent" },
    ]);
  });

  it("a server down at the person's time sends the day's digest when it comes up, never a past day's", async () => {
    const rules = await threeRules(alerts, SUBSCRIBED);
    await people.savePerson(ACCOUNT, "tok_anna", "Anna", PARIS, SUBSCRIBED);
    await alerts.fire(ACCOUNT, [anAlert(rules.behind, "lst_1", "Behind.", "2026-12")], minutes(SEVEN, -60));
    const { deps } = depsOf(people, alerts, smtp.url);
    // Up again at 06:59 the next morning: yesterday's digest is not sent late.
    expect(await sendDueDigests(deps, minutes(SEVEN, 1439))).toEqual([]);
    // Up at 11:00 on the day: that day's goes.
    expect(await sendDueDigests(deps, minutes(SEVEN, 1440 + 240))).toMatchObject([
      { localDate: "2026-11-30", outcome: "sent" },
    ]);
  });

  it("a send the mail server refuses is tried again with a longer wait each time, then recorded as failed", async () => {
    const rules = await threeRules(alerts, SUBSCRIBED);
    await people.savePerson(ACCOUNT, "tok_anna", "Anna", PARIS, SUBSCRIBED);
    await alerts.fire(ACCOUNT, [anAlert(rules.behind, "lst_1", "Behind.", "2026-12")], minutes(SEVEN, -60));
    const { deps, waits } = depsOf(people, alerts, smtp.url);
    smtp.refuseNext(2);
    expect(await sendDueDigests(deps, SEVEN)).toMatchObject([{ outcome: "sent" }]);
    expect(waits).toEqual([2_000, 8_000]);
    expect(await people.lastDigest(ACCOUNT, "tok_anna")).toMatchObject({ attempts: 3, error: null });
    expect(smtp.mails).toHaveLength(1);

    smtp.refuseNext(3);
    await alerts.fire(
      ACCOUNT,
      [anAlert(rules.behind, "lst_2", "Also behind.", "2026-12")],
      minutes(SEVEN, 60),
    );
    expect(await sendDueDigests(deps, minutes(SEVEN, 1440))).toMatchObject([{ outcome: "failed" }]);
    const failed = await people.lastDigest(ACCOUNT, "tok_anna");
    expect(failed).toMatchObject({ sentAt: null, attempts: 3 });
    expect(lastDigestWords(failed!, "Europe/Paris", minutes(SEVEN, 1441))).toMatch(
      /^The digest of today was not sent after 3 attempts\. The mail server did not take the message \(451: .*Try again later.*\)\.$/,
    );
    // Never a second e-mail that day; the failed day's alerts wait for the next digest.
    expect(await sendDueDigests(deps, minutes(SEVEN, 1450))).toEqual([]);
    await sendDueDigests(deps, minutes(SEVEN, 2880));
    expect(smtp.mails).toHaveLength(2);
    expect(smtp.mails[1]!.text).toContain("Also behind.");
  });
});

describe("immediate e-mail", () => {
  it("an immediate rule's fired alerts reach every person who takes immediate e-mail, one e-mail per evaluation", async () => {
    const rules = await threeRules(alerts, SUBSCRIBED);
    await people.savePerson(ACCOUNT, "tok_anna", "Anna", PARIS, SUBSCRIBED);
    await people.savePerson(
      ACCOUNT,
      "tok_ben",
      "Ben",
      { ...PARIS, email: "ben@example.com", digest: false },
      SUBSCRIBED,
    );
    await people.savePerson(
      ACCOUNT,
      "tok_cleo",
      "Cleo",
      { ...PARIS, email: "cleo@example.com", immediate: false },
      SUBSCRIBED,
    );
    await people.savePerson(
      "usr_other",
      "tok_dan",
      "Dan",
      { ...PARIS, email: "dan@example.com" },
      SUBSCRIBED,
    );
    const fired = await alerts.fire(
      ACCOUNT,
      [
        anAlert(
          rules.quiet,
          "lst_1",
          "No new booking in the last 14 days, with 9 open nights in the next 30.",
        ),
        anAlert(
          rules.quiet,
          "lst_2",
          "No new booking in the last 14 days, with 3 open nights in the next 30.",
        ),
        anAlert(rules.floor, "lst_2", "7 of the next 30 nights are priced at the minimum price of $90."),
        anAlert(rules.behind, "lst_1", "Behind.", "2026-12"),
      ],
      SEVEN,
    );
    const { deps } = depsOf(people, alerts, smtp.url);
    expect((await sendImmediately(deps, ACCOUNT, fired)).sort()).toEqual([
      "anna@example.com",
      "ben@example.com",
    ]);
    expect(smtp.mails.map((m) => m.to)).toEqual(
      expect.arrayContaining([["anna@example.com"], ["ben@example.com"]]),
    );
    expect(smtp.mails).toHaveLength(2);
    const mail = smtp.mails[0]!;
    expect(mail.subject).toBe(
      "Rate Desk alert: No new booking in 14 days for a listing with open nights in the next 30 (2 listings)",
    );
    expect(mail.text).toContain(
      "- Old Town Studio: No new booking in the last 14 days, with 3 open nights in the next 30.",
    );
    expect(mail.text).not.toContain("minimum price");
    expect(mail.text).not.toContain("Behind.");
  });

  it("alerts of off and digest rules only: no immediate e-mail", async () => {
    const rules = await threeRules(alerts, SUBSCRIBED);
    await people.savePerson(ACCOUNT, "tok_anna", "Anna", PARIS, SUBSCRIBED);
    const fired = await alerts.fire(
      ACCOUNT,
      [anAlert(rules.floor, "lst_2", "At the floor."), anAlert(rules.behind, "lst_1", "Behind.", "2026-12")],
      SEVEN,
    );
    const { deps } = depsOf(people, alerts, smtp.url);
    expect(await sendImmediately(deps, ACCOUNT, fired)).toEqual([]);
    expect(smtp.mails).toEqual([]);
  });
});
