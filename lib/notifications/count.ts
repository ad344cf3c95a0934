import type { Notification } from "@/lib/svc/schemas/notifications";

/**
 * One read of a notifications list and what it tells about the whole list. The list is a bare
 * array page; `X-Total-Count` is optional (docs/interface-decisions.md §1), so the page also records
 * whether it came back short, which is the only other way to know it was the last.
 */
export interface NotificationsPage {
  items: Notification[];
  /** From X-Total-Count; null when the service did not send it. */
  total: number | null;
  /** The service answered fewer than per_page: nothing lies beyond this page. */
  lastPage: boolean;
  /** Whether the read asked for dismissed ones too (a dismissal keeps them in such a list). */
  includesDismissed: boolean;
  /** Rows the service sent that were set aside as unreadable; none when absent. */
  skipped?: number;
  /** Why a whole read stopped before the service's end (lib/queries/pages.ts); none when absent. */
  notice?: string | null;
}

/** Rows the service sent on the page, the unreadable ones set aside included. */
export const receivedOf = (page: NotificationsPage) => page.items.length + (page.skipped ?? 0);

/** How many undismissed notifications there are, or a floor when the service did not say. */
export type UnreadCount = { exact: true; n: number } | { exact: false; atLeast: number };

/**
 * The count rule for the newest page of undismissed notifications (page 1): the service's
 * total when sent; else the page's length when the page was short (it was the last); else the
 * page's length is only a floor ("10+"), never a guess.
 */
export function unreadCount(newest: NotificationsPage): UnreadCount {
  if (newest.total !== null) return { exact: true, n: newest.total };
  if (newest.lastPage) return { exact: true, n: newest.items.length };
  return { exact: false, atLeast: newest.items.length };
}

/** The badge's text: nothing for none, the number (99+ past two digits), "10+" for a floor. */
export function badgeText(count: UnreadCount): string | null {
  if (!count.exact) return `${count.atLeast}+`;
  if (count.n === 0) return null;
  return count.n > 99 ? "99+" : String(count.n);
}

/** The bell's accessible name: always the full count in words, whatever the badge shows. */
export function bellLabel(count: UnreadCount | "loading" | "error"): string {
  if (count === "loading") return "Notifications, loading";
  if (count === "error") return "Notifications, count unavailable";
  if (!count.exact) return `Notifications, ${count.atLeast} or more unread`;
  return count.n === 0 ? "Notifications, none unread" : `Notifications, ${count.n} unread`;
}

/** The panel's sentence under its title. */
export function countSentence(count: UnreadCount): string {
  if (!count.exact) return `At least ${count.atLeast} not dismissed yet.`;
  if (count.n === 0) return "Nothing waiting: you have dismissed them all.";
  return `${count.n} not dismissed yet.`;
}

/**
 * A cached page after the service answered a dismissal: the answer's records take the place
 * of the old ones. A list of undismissed ones drops them and its total falls by as many; a
 * list that includes dismissed ones keeps them, now dismissed. Pure, for the cache update.
 */
export function applyDismissed(
  page: NotificationsPage,
  answered: readonly Notification[],
): NotificationsPage {
  const byId = new Map(answered.map((n) => [n.id, n]));
  if (page.includesDismissed) {
    return { ...page, items: page.items.map((n) => byId.get(n.id) ?? n) };
  }
  const items = page.items.filter((n) => !(byId.get(n.id)?.dismissed_at ?? null));
  const removed = page.items.length - items.length;
  return { ...page, items, total: page.total === null ? null : Math.max(0, page.total - removed) };
}
