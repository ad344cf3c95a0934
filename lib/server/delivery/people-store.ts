import type { DeliverySettings } from "@/lib/alerts/delivery-settings";

/**
 * The people of an account who receive its alerts by e-mail, each with their own settings,
 * and the morning digests sent to them. Kept in the dashboard's own database (SQLite's
 * `dashboard.db`, or the PostgreSQL every instance shares), checked by one contract suite
 * (`people-contract.ts`).
 *
 * A person is one API key of the account: `personId` is the key's token id where sign-in
 * learnt it, else a keyed digest of the key (people.ts). One digest per person and local day:
 * claiming the day is an insert that skips a day already claimed, so of several instances
 * ticking at once exactly one sends it.
 */
export interface Person {
  accountId: string;
  personId: string;
  /** Who they signed in as (the persona's name, or the key's name): for the logs and the page. */
  label: string;
  settings: DeliverySettings;
  createdAt: string;
  updatedAt: string;
}

export interface DigestRecord {
  accountId: string;
  personId: string;
  /** The person's local day the digest belongs to. */
  localDate: string;
  claimedAt: string;
  /** Alerts fired up to this instant are this digest's; those after, the next one's. */
  cutoff: string;
  /** null until the claim is finished. */
  alertCount: number | null;
  sentAt: string | null;
  /** The last attempt's failure, in a sentence, when every attempt failed. */
  error: string | null;
  attempts: number;
}

export interface DigestOutcome {
  alertCount: number;
  sentAt: Date | null;
  error: string | null;
  attempts: number;
}

export interface PeopleStore {
  findPerson(accountId: string, personId: string): Promise<Person | null>;
  /** Creates or replaces the person's settings. */
  savePerson(
    accountId: string,
    personId: string,
    label: string,
    settings: DeliverySettings,
    now?: Date,
  ): Promise<Person>;
  /** Every person of the account, oldest first: who an immediate e-mail may reach. */
  people(accountId: string): Promise<Person[]>;
  /** Every person of every account whose digest is on: the scheduler's round. */
  digestPeople(): Promise<Person[]>;
  /**
   * Claims the person's digest of `localDate`. null when it was claimed already (by this
   * instance or another); otherwise the cutoff of the last digest that was delivered or had
   * nothing to send (null for none), where this one starts.
   */
  claimDigest(
    accountId: string,
    personId: string,
    localDate: string,
    cutoff: Date,
    now?: Date,
  ): Promise<{ since: string | null } | null>;
  finishDigest(accountId: string, personId: string, localDate: string, outcome: DigestOutcome): Promise<void>;
  /** The person's latest digest claimed, finished or not. */
  lastDigest(accountId: string, personId: string): Promise<DigestRecord | null>;
  close(): Promise<void>;
}
