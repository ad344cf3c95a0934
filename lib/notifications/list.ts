import type { Notification } from "@/lib/svc/schemas/notifications";
import { pagerPlace } from "@/lib/queries/pages";
import { receivedOf, type NotificationsPage } from "@/lib/notifications/count";

/** The ids a tick or "dismiss all shown" can act on: the undismissed ones, in the page's order. */
export const selectableIds = (items: readonly Notification[]) =>
  items.filter((n) => n.dismissed_at === null).map((n) => n.id);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * What the page holds, in a sentence: the service's total when it sent one, else this page's
 * range, at the service's page size (pagerPlace; `known` is what page 1 proved).
 */
export function listSentence(
  data: NotificationsPage,
  page: number,
  perPage: number,
  known: number | null = null,
): string {
  const tail = data.includesDismissed ? ", dismissed ones included" : " not dismissed yet";
  if (data.total !== null) return `${plural(data.total, "notification")}${tail}.`;
  if (data.items.length === 0) return "";
  const { first, last } = pagerPlace(
    { page, asked: perPage, received: receivedOf(data), total: null },
    known,
  );
  return `Showing ${first}–${last}${tail}.`;
}
