import type { DashboardStore, EventOutcome, InboxEvent } from "@/lib/server/dashboard-store";
import { webhookEnvelope } from "@/lib/svc/schemas/webhooks";
import { readEnvelope, type EnvelopeReading } from "@/lib/server/webhooks/envelope-reading";
import { publishWebhookEvent, type WebhookEventNotice } from "@/lib/server/webhooks/event-bus";

export { onWebhookEvent, type WebhookEventNotice } from "@/lib/server/webhooks/event-bus";

/**
 * Processing after the answer: every `pending` inbox event is validated against the contract's
 * envelope, marked processed (or failed, with the reason in words) and published to the
 * live-updates listeners. The interface keeps the set of event types open: an event of a type
 * this dashboard does not know is marked `ignored_unknown_type` and still published with the
 * listings its data.listing_ids names, and an envelope of a known type whose data.listing_ids
 * cannot be read is marked `ignored_unreadable` with what was wrong. Neither is a failure.
 *
 * The work list is the database, not memory: a drain claims whatever is still pending, so the
 * first drain after a restart picks up events accepted but not processed before the stop.
 * A claim leases its events (CLAIM_LEASE_MS), so two processors (two dashboard instances on
 * one database) never take the same event; and marking is conditional on `state = 'pending'`,
 * so an event is published once even when a lease ran out while its first claimant was slow.
 */
export interface Processor {
  /** Asks for a drain soon, off the current request; cheap to call on every delivery. */
  schedule(): void;
  /** Resolves when no drain is running or scheduled (tests, shutdown). */
  idle(): Promise<void>;
}

type ProcessorStore = Pick<DashboardStore, "claimEvents" | "finishEvents">;

const BATCH = 200;

type Evaluated = { outcome: EventOutcome; notice: WebhookEventNotice | null };

/** A processed event's notice, read again from the store (an event relayed by its id). */
export const noticeOf = (event: InboxEvent): WebhookEventNotice | null => evaluate(event).notice;

const listings = (n: number) => (n === 1 ? "the listing it names was" : `the ${n} listings it names were`);

/** Refreshed like a known event (the listings only: what else it concerns is not known). */
function unknownType(event: InboxEvent, read: EnvelopeReading & { type: string }): Evaluated {
  const ids = read.listingIds ?? [];
  const said = `The event type ${read.type} is not one this dashboard knows`;
  const error =
    read.listingIds === null
      ? `${said}, and ${read.listingIdsProblem}: nothing was refreshed.`
      : ids.length === 0
        ? `${said}; it names no listings, so nothing was refreshed.`
        : `${said}; ${listings(ids.length)} refreshed.`;
  return {
    outcome: { eventId: event.eventId, state: "ignored_unknown_type", error },
    notice:
      ids.length === 0
        ? null
        : { eventId: event.eventId, sinkId: event.sinkId, type: read.type, listingIds: ids, marketId: null },
  };
}

function evaluate(event: InboxEvent): Evaluated {
  const fail = (error: string): Evaluated => ({
    outcome: { eventId: event.eventId, state: "failed", error },
    notice: null,
  });
  let json: unknown;
  try {
    json = JSON.parse(event.body);
  } catch {
    return fail("The body is not valid JSON.");
  }
  const read = readEnvelope(json);
  if (read?.id != null && read.id !== event.eventId) {
    return fail("The envelope id differs from the Svc-Event-Id header.");
  }
  if (read?.type != null && read.knownType === null) return unknownType(event, { ...read, type: read.type });
  if (read?.knownType && read.listingIds === null) {
    return {
      outcome: {
        eventId: event.eventId,
        state: "ignored_unreadable",
        error: `The envelope's ${read.listingIdsProblem}, so no listing was refreshed.`,
      },
      notice: null,
    };
  }
  const parsed = webhookEnvelope.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    return fail(
      `The body is not an event envelope of the interface (${where}${issue?.message ?? "invalid"}).`,
    );
  }
  const envelope = parsed.data;
  if (envelope.id !== event.eventId) return fail("The envelope id differs from the Svc-Event-Id header.");
  return {
    outcome: { eventId: event.eventId, state: "processed" },
    notice: {
      eventId: envelope.id,
      sinkId: event.sinkId,
      type: envelope.type,
      listingIds: envelope.data.listing_ids,
      marketId: envelope.type === "recommendations.updated" ? envelope.data.market_id : null,
    },
  };
}

export function createProcessor(
  store: ProcessorStore,
  publish: (notice: WebhookEventNotice) => void = publishWebhookEvent,
): Processor {
  let scheduled = false;
  let running = false;
  let again = false;
  let waiters: (() => void)[] = [];

  async function drain() {
    scheduled = false;
    running = true;
    try {
      for (;;) {
        again = false;
        const events = await store.claimEvents(BATCH);
        if (events.length === 0) break;
        const evaluated = events.map(evaluate);
        const moved = new Set(await store.finishEvents(evaluated.map((e) => e.outcome)));
        for (const { outcome, notice } of evaluated) {
          if (notice && moved.has(outcome.eventId)) publish(notice);
        }
        // Yield between batches so that deliveries keep being answered during a long backlog.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      // The events stay pending: a drain after their lease (the next delivery's, or the next
      // start's) takes them again.
      console.error("Processing webhook events failed:", error instanceof Error ? error.message : error);
    } finally {
      running = false;
      if (again) schedule();
      else {
        const done = waiters;
        waiters = [];
        for (const resolve of done) resolve();
      }
    }
  }

  function schedule() {
    if (running) {
      again = true;
      return;
    }
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void drain());
  }

  return {
    schedule,
    idle() {
      if (!running && !scheduled) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
