import { digestMessage, immediateMessage, type MailedRule } from "@/lib/alerts/digest";
import { localDate, lastDue } from "@/lib/alerts/local-time";
import type { DeliveryChoice } from "@/lib/alerts/rules";
import { ruleWords } from "@/lib/alerts/words";
import type { Alert, AlertsStore } from "@/lib/server/alerts/alerts-store";
import type { Person, PeopleStore } from "@/lib/server/delivery/people-store";
import { sendWithRetries, type Mailer, type RetryOptions } from "@/lib/server/delivery/email/mailer";

/**
 * What goes by e-mail and to whom: the morning digests that are due, and the immediate e-mail
 * of an evaluation's fired alerts. Every clock is passed in, so that a test moves it.
 */
export interface DeliveryDeps {
  people: PeopleStore;
  alerts: Pick<AlertsStore, "listRules" | "listAlerts">;
  mailer: Mailer;
  /** The dashboard's public address, for the links; no trailing slash. */
  dashboardUrl: string;
  /** The listings' names by service id (the mirror's); an empty map is fine. */
  names?: (accountId: string) => Promise<ReadonlyMap<string, string>>;
  /**
   * The alerts' clock at a wall-clock instant: alerts are fired on the service's clock
   * (alerts/runtime.ts), so a digest's cutoff is taken on it too. The wall clock by default.
   */
  alertsClock?: (wall: Date) => Date;
  retry?: RetryOptions;
  onError?: (message: string) => void;
}

/** Open alerts are read up to this many per digest; more is unlikely, and the inbox has every one. */
const READ_AT_MOST = 5_000;
const DAY_MS = 86_400_000;

async function mailedRules(
  deps: DeliveryDeps,
  accountId: string,
  choice: DeliveryChoice,
): Promise<MailedRule[]> {
  return (await deps.alerts.listRules(accountId))
    .filter((r) => r.rule.delivery.email === choice)
    .map((r) => ({ id: r.id, words: ruleWords(r.rule) }));
}

const namesOf = async (deps: DeliveryDeps, accountId: string) => {
  try {
    return (await deps.names?.(accountId)) ?? new Map<string, string>();
  } catch {
    // A name is a courtesy: without the mirror the e-mail names listings by their ids.
    return new Map<string, string>();
  }
};

/** The local day whose digest is due for the person at `now`, or null: not yet today, or off. */
export function dueDay(person: Person, now: Date): string | null {
  const { email, digest, digestTime, timeZone } = person.settings;
  if (!digest || email === "") return null;
  const due = lastDue(digestTime, timeZone, now);
  // Only today's: a server down at 07:00 sends the day's digest when it comes up, never a
  // digest of a day gone by.
  if (due.date !== localDate(now, timeZone)) return null;
  // A person who subscribed after today's time has their first digest tomorrow.
  if (due.at.getTime() < Date.parse(person.createdAt)) return null;
  return due.date;
}

export interface DigestResult {
  accountId: string;
  personId: string;
  localDate: string;
  outcome: "sent" | "nothing_due" | "failed";
  alertCount: number;
}

/** Sends one person's digest of `day` if this call claims it; null when it was claimed already. */
async function sendDigest(
  deps: DeliveryDeps,
  person: Person,
  day: string,
  now: Date,
): Promise<DigestResult | null> {
  const { accountId, personId } = person;
  const cutoff = (deps.alertsClock ?? ((d) => d))(now);
  const claim = await deps.people.claimDigest(accountId, personId, day, cutoff, now);
  if (!claim) return null;
  // A person's first digest holds what fired from the day before they subscribed.
  const since = claim.since ?? new Date(Date.parse(person.createdAt) - DAY_MS).toISOString();
  const result = (outcome: DigestResult["outcome"], alertCount: number): DigestResult => ({
    accountId,
    personId,
    localDate: day,
    outcome,
    alertCount,
  });
  try {
    const rules = await mailedRules(deps, accountId, "digest");
    const open = await deps.alerts.listAlerts(accountId, { state: "open", limit: READ_AT_MOST }, cutoff);
    const due = open.filter(
      (a) => a.firedAt > since && a.firedAt <= cutoff.toISOString() && rules.some((r) => r.id === a.ruleId),
    );
    const message = digestMessage(day, due, {
      rules,
      names: await namesOf(deps, accountId),
      dashboardUrl: deps.dashboardUrl,
    });
    if (!message) {
      await deps.people.finishDigest(accountId, personId, day, {
        alertCount: 0,
        sentAt: null,
        error: null,
        attempts: 0,
      });
      return result("nothing_due", 0);
    }
    const sent = await sendWithRetries(deps.mailer, [person.settings.email], message, deps.retry);
    await deps.people.finishDigest(accountId, personId, day, {
      alertCount: due.length,
      sentAt: sent.ok ? new Date() : null,
      error: sent.ok ? null : sent.error,
      attempts: sent.attempts,
    });
    if (!sent.ok) deps.onError?.(`The digest of ${day} for ${person.label} was not sent. ${sent.error}`);
    return result(sent.ok ? "sent" : "failed", due.length);
  } catch (error) {
    const sentence = `The digest could not be made: ${error instanceof Error ? error.message : "unknown failure"}`;
    await deps.people
      .finishDigest(accountId, personId, day, { alertCount: 0, sentAt: null, error: sentence, attempts: 0 })
      .catch(() => undefined);
    deps.onError?.(sentence);
    return result("failed", 0);
  }
}

/** Every digest due at `now` that this call claims, sent (or recorded as nothing due, or failed). */
export async function sendDueDigests(deps: DeliveryDeps, now: Date): Promise<DigestResult[]> {
  const results: DigestResult[] = [];
  for (const person of await deps.people.digestPeople()) {
    const day = dueDay(person, now);
    if (day === null) continue;
    const done = await sendDigest(deps, person, day, now);
    if (done) results.push(done);
  }
  return results;
}

/**
 * The alerts one evaluation fired, for the account's `immediate` rules: one e-mail per person
 * who takes immediate e-mail, whatever the number of alerts. Rules set to `digest` wait for
 * the morning; `off`, never mailed. Answers who was sent it.
 */
export async function sendImmediately(
  deps: DeliveryDeps,
  accountId: string,
  fired: readonly Alert[],
): Promise<string[]> {
  const rules = await mailedRules(deps, accountId, "immediate");
  const message = immediateMessage(fired, {
    rules,
    names: await namesOf(deps, accountId),
    dashboardUrl: deps.dashboardUrl,
  });
  if (!message) return [];
  const to = [
    ...new Set(
      (await deps.people.people(accountId))
        .filter((p) => p.settings.immediate && p.settings.email !== "")
        .map((p) => p.settings.email),
    ),
  ];
  // One message per person: the people of an account do not see each other's addresses.
  const sent = await Promise.all(
    to.map(async (address) => {
      const outcome = await sendWithRetries(deps.mailer, [address], message, deps.retry);
      if (!outcome.ok) deps.onError?.(`An immediate alert e-mail was not sent. ${outcome.error}`);
      return outcome.ok ? address : null;
    }),
  );
  return sent.filter((a): a is string => a !== null);
}
