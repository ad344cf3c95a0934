/**
 * Notification events in words. The service names its events (the list is not closed: the
 * settings answer whatever events it offers), so a name this page does not know is shown
 * as it is rather than hidden or guessed at.
 */
export interface EventWords {
  label: string;
  /** When it is sent, as a sentence; null for an event this page does not know. */
  sentence: string | null;
}

const KNOWN = new Map<string, EventWords>(
  Object.entries({
    "reservations.new": {
      label: "New reservation",
      sentence: "A guest books one of your listings.",
    },
    "reservations.canceled": {
      label: "Reservation canceled",
      sentence: "A reservation on one of your listings is canceled.",
    },
    "reservations.ingested": {
      label: "Reservations changed",
      sentence: "A reservation on one of your listings arrives, changes, is canceled or is removed.",
    },
    "flags.detected": {
      label: "Listing flagged",
      sentence: "One of your listings gains a flag that needs your attention.",
    },
    "sync.failed": {
      label: "Rates could not be posted",
      sentence: "The channel refuses the rates posted for one of your listings.",
    },
    "recommendations.updated": {
      label: "New price recommendations",
      sentence: "New price recommendations are ready for your listings, or rates were posted to the channel.",
    },
    "market.demand_spike": {
      label: "Demand spike ahead",
      sentence: "Demand rises ahead in one of your markets, for example around a local event.",
    },
    "webhooks.disabled": {
      label: "Webhook subscription disabled",
      sentence: "One of your webhook subscriptions is disabled after repeated delivery failures.",
    },
    "team.invitation": {
      label: "Team invitation",
      sentence: "Someone invites you to their team.",
    },
  }),
);

/** A Map, not an object lookup: an event named like `constructor` must read raw too. */
export function eventWords(event: string): EventWords {
  return KNOWN.get(event) ?? { label: event, sentence: null };
}

export const isKnownEvent = (event: string) => KNOWN.has(event);

/** The events this page has words for, in the order above. */
export const KNOWN_EVENTS: readonly string[] = [...KNOWN.keys()];
