import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { ListNotificationsQuery, Notification } from "@/lib/svc/schemas/notifications";
import { queryKeys } from "@/lib/queries/keys";
import { readAllPages } from "@/lib/queries/pages";
import { svc } from "@/lib/queries/svc";
import { PER_PAGE_MAX } from "@/lib/svc/schemas/common";
import { applyDismissed, type NotificationsPage } from "@/lib/notifications/count";
import type { SettingChange } from "@/lib/notifications/settings";

/**
 * The newest page's size: the bell counts from it and shows its first few. Ten keeps the
 * read small; past ten without X-Total-Count the bell says "10+" rather than guess.
 */
export const NEWEST_PER_PAGE = 10;
/** How many the bell's panel lists. */
export const PANEL_SIZE = 5;
export const NOTIFICATIONS_PER_PAGE = 20;

async function readPage(
  query: Required<Pick<ListNotificationsQuery, "page" | "per_page">> & { include_dismissed: boolean },
  signal: AbortSignal,
): Promise<NotificationsPage> {
  const response = await svc.request("notifications.list", {
    // include_dismissed=false is the service's default: leave it out of the URL.
    query: {
      page: query.page,
      per_page: query.per_page,
      ...(query.include_dismissed ? { include_dismissed: true } : {}),
    },
    signal,
  });
  return {
    items: response.data,
    total: response.totalCount,
    lastPage: response.data.length < query.per_page,
    includesDismissed: query.include_dismissed,
    skipped: response.skipped.length,
  };
}

/**
 * The newest undismissed notifications, one request: the bell's count (see unreadCount) and
 * panel. The Overview reuses it, so the two share one read. Refreshed by a dismissal and by a
 * live change, never by a timer.
 */
export function newestNotificationsQuery() {
  return queryOptions({
    queryKey: queryKeys.notifications.newest(),
    queryFn: ({ signal }) =>
      readPage({ page: 1, per_page: NEWEST_PER_PAGE, include_dismissed: false }, signal),
  });
}

/** One page of the /notifications list, with or without the dismissed ones. */
export function notificationsPageQuery(page: number, includeDismissed: boolean) {
  return queryOptions({
    queryKey: queryKeys.notifications.page({ page, include_dismissed: includeDismissed }),
    queryFn: ({ signal }) =>
      readPage({ page, per_page: NOTIFICATIONS_PER_PAGE, include_dismissed: includeDismissed }, signal),
  });
}

/** Service pages of 100 read at most for a view filtered by type: the newest 1,000. */
export const TYPE_READ_PAGES = 10;

/**
 * Every notification (undismissed, or all with the dismissed ones), newest first, for the page
 * filtered by type: the service filters its list by nothing but dismissal, so the list is read
 * whole, in pages of 100 (personas hold a few dozen: one request), and filtered here. Shaped as
 * one page that is the last, so that a dismissal updates it like every other read; a read cut
 * short by the page cap says so in `notice`.
 */
export function allNotificationsQuery(includeDismissed: boolean) {
  return queryOptions({
    queryKey: queryKeys.notifications.whole({ include_dismissed: includeDismissed }),
    queryFn: async ({ signal }): Promise<NotificationsPage> => {
      let skipped = 0;
      const read = await readAllPages(
        async (page) => {
          const answer = await readPage(
            { page, per_page: PER_PAGE_MAX, include_dismissed: includeDismissed },
            signal,
          );
          skipped += answer.skipped ?? 0;
          return { rows: answer.items, total: answer.total, skipped: answer.skipped };
        },
        { idOf: (n) => n.id, noun: "notifications", cap: TYPE_READ_PAGES },
      );
      return {
        items: read.rows,
        total: null,
        lastPage: true,
        includesDismissed: includeDismissed,
        skipped,
        notice: read.notice,
      };
    },
  });
}

/** Every event's switches, as the service answers them. */
export function notificationSettingsQuery() {
  return queryOptions({
    queryKey: queryKeys.notifications.settings(),
    queryFn: ({ signal }) => svc.call("notifications.settingsGet", { signal }),
  });
}

/**
 * Dismisses by id. The service's answer goes into every cached list at once (the bell falls
 * without waiting), then the lists are re-read so that the next ones move up and the total is
 * the service's again. Not awaited: the answer is already on screen.
 */
export async function dismissNotifications(queryClient: QueryClient, ids: string[]): Promise<Notification[]> {
  const answered = await svc.call("notifications.dismiss", { body: { ids } });
  for (const [key, data] of queryClient.getQueriesData<NotificationsPage>({
    queryKey: queryKeys.notifications.lists(),
  })) {
    if (data) queryClient.setQueryData(key, applyDismissed(data, answered));
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.lists() });
  return answered;
}

/** After a refused dismissal the lists may be stale (a notification gone): re-read them. */
export const refreshNotifications = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.notifications.lists() });

/** Saves the changed switches; the answer (every event) replaces the cached matrix. */
export async function saveNotificationSettings(queryClient: QueryClient, changes: SettingChange[]) {
  const answer = await svc.call("notifications.settingsPut", { body: { settings: changes } });
  queryClient.setQueryData(queryKeys.notifications.settings(), answer);
  return answer;
}
