/**
 * The notification events the service knows, with their default switches. Settings answer
 * every event here; a setting for any other event name is refused (400).
 */
export interface NotificationEventSpec {
  event: string;
  /** Used for notifications this group creates itself. */
  title: string;
  inApp: boolean;
  email: boolean;
}

export const NOTIFICATION_EVENTS: readonly NotificationEventSpec[] = [
  { event: "reservations.new", title: "New reservation", inApp: true, email: false },
  { event: "reservations.canceled", title: "Reservation canceled", inApp: true, email: true },
  { event: "flags.detected", title: "Listing flagged", inApp: true, email: true },
  { event: "sync.failed", title: "Rates could not be posted", inApp: true, email: true },
  { event: "market.demand_spike", title: "Demand spike ahead", inApp: true, email: false },
  { event: "webhooks.disabled", title: "Webhook subscription disabled", inApp: true, email: true },
  { event: "team.invitation", title: "Team invitation", inApp: true, email: true },
];

const BY_EVENT = new Map(NOTIFICATION_EVENTS.map((spec) => [spec.event, spec]));

export function eventSpec(event: string): NotificationEventSpec | undefined {
  return BY_EVENT.get(event);
}
