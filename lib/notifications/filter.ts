import type { Notification } from "@/lib/svc/schemas/notifications";
import { eventWords, KNOWN_EVENTS } from "@/lib/notifications/events";

/**
 * The notifications page filtered by type. The service lists notifications by page and
 * dismissal only, so the filtered view reads the list whole (allNotificationsQuery) and pages
 * through the matching ones here.
 */

export interface TypeChoice {
  value: string;
  label: string;
}

/**
 * The types to offer, each once, in words (a type without words of ours as it came): the
 * events the service offers (its settings list every one), or ours while that is not known;
 * then any other the list holds; then the one in the address, so that a link to a type the
 * service has dropped still shows what it filters by.
 */
export function typeChoices(
  offered: readonly string[] | null,
  seen: readonly string[],
  current: string | null,
): TypeChoice[] {
  const events = new Set([...(offered ?? KNOWN_EVENTS), ...seen, ...(current === null ? [] : [current])]);
  return [...events].map((event) => ({ value: event, label: eventWords(event).label }));
}

/** The notifications of one type, in the list's order. */
export const ofType = (items: readonly Notification[], type: string) => items.filter((n) => n.event === type);

/** One page (1-based) of a list paged here. */
export const pageOfList = <T>(items: readonly T[], page: number, perPage: number): T[] =>
  items.slice((page - 1) * perPage, page * perPage);

/** Pages a list paged here takes: at least one, so that an empty list still reads "page 1". */
export const pageCountOf = (count: number, perPage: number) => Math.max(1, Math.ceil(count / perPage));

/** "3 “Listing flagged” notifications not dismissed yet.": what a filtered view holds. */
export function typeSentence(count: number, type: string, includesDismissed: boolean): string {
  const noun = count === 1 ? "notification" : "notifications";
  const tail = includesDismissed ? ", dismissed ones included" : " not dismissed yet";
  return `${count} “${eventWords(type).label}” ${noun}${tail}.`;
}
