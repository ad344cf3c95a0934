import { randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * The dashboard's own store as its callers see it: everything the dashboard keeps besides its
 * cookies goes through this interface, so that another database can take SQLite's place
 * (`sqlite-store.ts` today) without touching its callers. Today: webhook receiver sinks
 * (secrets encrypted), the event inbox, and a bounded log of refused deliveries. The rules
 * every implementation keeps (sink ids, input checks, how long a rotated-out secret verifies,
 * how many refusals are kept) live here with the types.
 *
 * Every method answers a Promise, so that a networked database can implement it; a bad input
 * (zod at the boundary) rejects rather than throws.
 */

/** How long a rotated-out secret keeps verifying (24 hours). */
export const PREVIOUS_SECRET_VALID_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claim on a pending event lasts (claimEvents). Processing a batch takes
 * milliseconds; the lease only matters when the claimant died holding it, and then another
 * instance (or the same one restarted) takes the event at its first drain after the lease.
 */
export const CLAIM_LEASE_MS = 60_000;
/** Refusals kept per sink: enough for the Inbox page, bounded against a flood. */
export const REJECTIONS_KEPT_PER_SINK = 200;

export const sinkId = z.string().regex(/^snk_[A-Za-z0-9_-]{22}$/, "not a sink id");
/** A fresh sink id: the receiver URL can be given to the service before the sink is stored. */
export const newSinkId = () => `snk_${randomBytes(16).toString("base64url")}`;
export const newSink = z.object({
  /** Chosen beforehand with newSinkId() when the URL had to exist first; else made here. */
  id: sinkId.optional(),
  ownerAccountId: z.string().min(1).max(200),
  ownerLabel: z.string().max(200),
  subscriptionId: z.string().min(1).max(200).nullable(),
  secret: z.string().min(8).max(512),
});
export type NewSink = z.infer<typeof newSink>;

export interface Sink {
  id: string;
  ownerAccountId: string;
  ownerLabel: string;
  subscriptionId: string | null;
  /** Until when a rotated-out secret still verifies; null when there is none. */
  previousValidUntil: string | null;
  createdAt: string;
}

/**
 * Where an event is in processing. The two `ignored_*` states are not failures: the service's
 * set of event types is open, so a type this dashboard does not know is kept (and still
 * refreshes the listings it names), and an envelope whose data.listing_ids cannot be read is
 * kept with what was wrong. Either way the delivery was answered 2xx.
 */
export const INBOX_STATES = [
  "pending",
  "processed",
  "failed",
  "ignored_unknown_type",
  "ignored_unreadable",
] as const;
export type InboxState = (typeof INBOX_STATES)[number];
export interface InboxEvent {
  eventId: string;
  sinkId: string;
  eventType: string;
  /** The raw body as received (verified JSON). */
  body: string;
  receivedAt: string;
  verification: "verified";
  state: InboxState;
  processedAt: string | null;
  /** Why it failed or was ignored, in words; null while pending and once processed. */
  error: string | null;
}
export type NewInboxEvent = Pick<InboxEvent, "eventId" | "sinkId" | "eventType" | "body" | "receivedAt">;
export type EventOutcome = { eventId: string } & (
  { state: "processed" } | { state: "failed" | "ignored_unknown_type" | "ignored_unreadable"; error: string }
);

export interface Rejection {
  sinkId: string;
  reason: string;
  at: string;
}

/**
 * Session cookies are sealed and stateless: a copy keeps working until it expires unless
 * something says otherwise. This does: a session ended by sign-out, or every session of a
 * revoked key signed in until the revocation, is recorded until the moment its cookie would
 * expire anyway, and refused until then. Ids are those the dashboard generates (sessions) or
 * the service's token ids. A session signed in with the key after its revocation is not
 * refused: sign-in checked the key with the service, so the service accepts it again (the
 * reference service reissues the same token ids after a reset).
 */
export const sessionId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "not a session id");
export const serviceKeyId = z.string().min(1).max(200);
export interface SessionRef {
  sessionId: string;
  /** The service's token id of the session's key, when sign-in could tell it. */
  keyId: string | null;
  /** Unix milliseconds. */
  signedInAt: number;
}

export interface DashboardStore {
  createSink(input: NewSink, now?: Date): Promise<Sink>;
  findSink(id: string): Promise<Sink | null>;
  listSinks(ownerAccountId: string): Promise<Sink[]>;
  /**
   * The secrets that verify a delivery to the sink right now: the current one, then the
   * previous one while its 24 hours last. null for an unknown sink.
   */
  validSecrets(id: string, now?: Date): Promise<string[] | null>;
  /** The service issued a new secret: the old one keeps verifying for 24 hours. */
  rotateSinkSecret(id: string, newSecret: string, now?: Date): Promise<boolean>;
  setSinkSubscription(id: string, subscriptionId: string | null): Promise<boolean>;
  deleteSink(id: string): Promise<boolean>;

  /**
   * One transaction (one commit) for all: a repeated event id is reported, not stored. Resolves
   * only once the rows are committed, so a delivery is answered 2xx after it is durable.
   */
  insertEvents(rows: NewInboxEvent[]): Promise<("inserted" | "duplicate")[]>;
  /** The pending events, oldest accepted first, claimed or not (reading only). */
  pendingEvents(limit: number): Promise<InboxEvent[]>;
  /**
   * Takes up to `limit` pending events to process, oldest accepted first, each leased to the
   * caller for CLAIM_LEASE_MS: no other claim returns it until the lease runs out, so two
   * instances (or two processes on one SQLite file) never process the same event. An event
   * whose lease ran out without being finished is claimed again.
   */
  claimEvents(limit: number, now?: Date): Promise<InboxEvent[]>;
  /** Marks events done; returns the ids this call moved out of `pending` (not another's). */
  finishEvents(outcomes: EventOutcome[], now?: Date): Promise<string[]>;
  findEvent(eventId: string): Promise<InboxEvent | null>;
  /** The Inbox page: newest first, across the account's sinks; 100 unless `limit` says. */
  listInbox(ownerAccountId: string, limit?: number): Promise<InboxEvent[]>;

  /** Keeps the newest REJECTIONS_KEPT_PER_SINK refusals of the sink, dropping older ones. */
  recordRejection(id: string, reason: string, now?: Date): Promise<void>;
  /** Newest first, across the account's sinks; REJECTIONS_KEPT_PER_SINK unless `limit` says. */
  listRejections(ownerAccountId: string, limit?: number): Promise<Rejection[]>;

  /**
   * Sign-out: the session is refused until `until` (its cookie's own expiry). Ending it again
   * keeps the later of the two times. Records past their time are dropped on the way.
   */
  endSession(sessionId: string, until: Date, now?: Date): Promise<void>;
  /** A key was revoked (at `now`): every session signed in with it until then is refused until `until`. */
  endKeySessions(keyId: string, until: Date, now?: Date): Promise<void>;
  /** Whether the session, or the key it uses, was ended and that record has not run out. */
  isSessionEnded(session: SessionRef, now?: Date): Promise<boolean>;

  /**
   * Reads the store once (readiness): true when every table of its schema is in place, false
   * when some are missing; rejects when the store cannot be read at all.
   */
  schemaReady(): Promise<boolean>;

  close(): Promise<void>;
}
