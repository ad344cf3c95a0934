import { randomBytes } from "node:crypto";
import type { MessageType } from "@/lib/alerts/outgoing-webhook";

/**
 * The alerts' outgoing webhook as kept: one endpoint per account, the messages sent to it and
 * each message's attempts. In the dashboard's own database (SQLite's `dashboard.db`, or the
 * PostgreSQL every instance shares: migration 9), on both kept by one contract suite
 * (`webhook-contract.ts`).
 *
 * Two things hold whoever runs the worker, several instances at once included:
 * - one digest per account and local day: the day is claimed with a unique key before the
 *   digest is made (`claimDigest`), and only the claim that went in makes a message;
 * - a due attempt is claimed once (`claimDue`: a lease, taken under `FOR UPDATE SKIP LOCKED`
 *   on PostgreSQL, under SQLite's write lock), so no message is ever sent twice at once.
 */

export interface Endpoint {
  accountId: string;
  url: string;
  enabled: boolean;
  /** Sealed (secret-box.ts), bound to the account id. */
  sealedSecret: Buffer;
  digestTime: string;
  timeZone: string;
  createdAt: string;
  updatedAt: string;
  secretRotatedAt: string;
}

export interface EndpointFields {
  url: string;
  enabled: boolean;
  digestTime: string;
  timeZone: string;
}

export type MessageState = "pending" | "succeeded" | "failed";

export interface Attempt {
  attempt: number;
  attemptedAt: string;
  /** null when no HTTP answer came (network error, timeout). */
  responseStatus: number | null;
  /** The first bytes of what the endpoint answered. */
  responseBody: string | null;
  /** A sentence when no answer came, else null. */
  error: string | null;
  durationMs: number;
}

export interface Message {
  /** Also the `webhook-id` header, the same on every attempt. */
  id: string;
  accountId: string;
  type: MessageType;
  /** The request body exactly as sent (it is what is signed). */
  body: string;
  createdAt: string;
  state: MessageState;
  attempts: Attempt[];
  /** When the next attempt is due; null once it succeeded or was given up. */
  nextAttemptAt: string | null;
  /** The local day a digest is for; null for other messages. */
  digestDate: string | null;
}

/** A claimed attempt: the message and where it goes now. */
export interface DueMessage {
  id: string;
  accountId: string;
  body: string;
  /** The attempt about to be made, counted from 1. */
  attempt: number;
  url: string;
  sealedSecret: Buffer;
}

export interface AttemptResult extends Attempt {
  /** When to try again; null: succeeded or given up (`state` says which). */
  nextAttemptAt: Date | null;
  state: MessageState;
}

export const newMessageId = () => `msg_${randomBytes(15).toString("base64url")}`;
export const MESSAGES_LISTED = 50;

export interface WebhookOutStore {
  endpoint(accountId: string): Promise<Endpoint | null>;
  /** Creates the endpoint with this secret, or changes its fields (the secret stays). */
  saveEndpoint(
    accountId: string,
    fields: EndpointFields,
    sealedSecret: () => Buffer,
    now?: Date,
  ): Promise<Endpoint>;
  /** null when the account has no endpoint. */
  rotateSecret(accountId: string, sealedSecret: Buffer, now?: Date): Promise<Endpoint | null>;
  /** Every enabled endpoint: the digest pass's list. */
  enabledEndpoints(): Promise<Endpoint[]>;

  /** A message due now (its first attempt). */
  addMessage(accountId: string, type: MessageType, body: string, now?: Date): Promise<Message>;
  /** Whether the account's digest of that local day was claimed already. */
  digestClaimed(accountId: string, date: string): Promise<boolean>;
  /**
   * Claims the account's digest of the local day: true for the one call that claimed it, and
   * then `body` (if any: an empty day sends nothing) becomes a message in the same transaction.
   */
  claimDigest(
    accountId: string,
    date: string,
    body: string | null,
    now?: Date,
  ): Promise<Message | null | false>;
  /**
   * Leases up to `limit` messages whose next attempt is due, to enabled endpoints, for
   * `leaseMs`: another caller does not get them until the lease ends or the attempt is recorded.
   * With `messageId`, that message only (a test, sent while its sender waits).
   */
  claimDue(now: Date, leaseMs: number, limit: number, messageId?: string): Promise<DueMessage[]>;
  recordAttempt(messageId: string, result: AttemptResult): Promise<void>;
  /** Newest first, each with its attempts. */
  listMessages(accountId: string, limit?: number): Promise<Message[]>;

  close(): Promise<void>;
}
