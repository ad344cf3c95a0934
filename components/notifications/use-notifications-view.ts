"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { receivedOf } from "@/lib/notifications/count";
import { ofType, pageCountOf, pageOfList, typeSentence } from "@/lib/notifications/filter";
import { listSentence } from "@/lib/notifications/list";
import {
  allNotificationsQuery,
  NOTIFICATIONS_PER_PAGE,
  notificationsPageQuery,
} from "@/lib/notifications/queries";
import { pageInfoOf, type PageInfo } from "@/lib/queries/page-info";
import type { Notification } from "@/lib/svc/schemas/notifications";
import { useKnownPageSize } from "@/components/ui/use-known-page-size";

export interface ShownNotifications {
  /** The rows of the page shown; empty while nothing is read. */
  items: Notification[];
  /** What the view holds, in a sentence; empty while nothing is read. */
  sentence: string;
  /** Why a whole read stopped before the service's end. */
  notice: string | null;
  /** The service's pages, or (filtered by type) pages made here of the matching ones. */
  pager: { by: "service"; info: PageInfo } | { by: "here"; pageCount: number } | null;
  /** The event types of what was read, for the filter's choices. */
  seen: string[];
  /** "loading" also while a previous page stays on screen for the next. */
  state: "loading" | "error" | "ready";
  /** Nothing read yet. */
  pending: boolean;
  /** The read's error while it stands failed. */
  failed: Error | null;
  refetch: () => void;
}

/**
 * The notifications the page shows: a service page at a time; or, filtered by type, every
 * notification read whole (the service cannot filter by type) and paged here. The previous
 * page stays on screen while the next loads, so the list does not flash.
 */
export function useNotificationsView({
  page,
  includeDismissed,
  type,
}: {
  page: number;
  includeDismissed: boolean;
  type: string | null;
}): ShownNotifications {
  const paged = useQuery({
    ...notificationsPageQuery(page, includeDismissed),
    placeholderData: keepPreviousData,
    enabled: type === null,
  });
  const whole = useQuery({
    ...allNotificationsQuery(includeDismissed),
    placeholderData: keepPreviousData,
    enabled: type !== null,
  });
  const knownPageSize = useKnownPageSize(
    type === null && paged.data && !paged.isPlaceholderData
      ? {
          page,
          asked: NOTIFICATIONS_PER_PAGE,
          received: receivedOf(paged.data),
          total: paged.data.total,
        }
      : null,
  );
  const read = type === null ? paged : whole;
  const common = {
    state: read.isPending || read.isPlaceholderData ? "loading" : read.isError ? "error" : "ready",
    pending: read.isPending,
    failed: read.isError ? read.error : null,
    refetch: () => void read.refetch(),
  } as const;
  if (!read.data) return { ...common, items: [], sentence: "", notice: null, pager: null, seen: [] };

  const seen = [...new Set(read.data.items.map((n) => n.event))];
  if (type === null) {
    const data = read.data;
    return {
      ...common,
      items: data.items,
      sentence: listSentence(data, page, NOTIFICATIONS_PER_PAGE, knownPageSize),
      notice: null,
      seen,
      pager: {
        by: "service",
        info: pageInfoOf({
          page,
          perPage: NOTIFICATIONS_PER_PAGE,
          rowCount: receivedOf(data),
          totalCount: data.total,
          knownPageSize,
        }),
      },
    };
  }
  const matching = ofType(read.data.items, type);
  return {
    ...common,
    items: pageOfList(matching, page, NOTIFICATIONS_PER_PAGE),
    sentence: typeSentence(matching.length, type, includeDismissed),
    notice: read.data.notice ?? null,
    seen,
    pager: { by: "here", pageCount: pageCountOf(matching.length, NOTIFICATIONS_PER_PAGE) },
  };
}
