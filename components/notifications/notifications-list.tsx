"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { parseAsBoolean, parseAsInteger, useQueryStates } from "nuqs";
import { useId, useState } from "react";
import { receivedOf } from "@/lib/notifications/count";
import { changePermission, dismissedSentence } from "@/lib/notifications/display";
import { listSentence, selectableIds } from "@/lib/notifications/list";
import { NOTIFICATIONS_PER_PAGE, notificationsPageQuery } from "@/lib/notifications/queries";
import { pageInfoOf } from "@/lib/queries/page-info";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { PermissionNote } from "@/components/ui/permission-note";
import { ServicePagination } from "@/components/ui/service-pagination";
import { useNow } from "@/components/shell/use-now";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Switch } from "@/components/ui/switch";
import { useKnownPageSize } from "@/components/ui/use-known-page-size";
import { DismissToolbar } from "@/components/notifications/dismiss-toolbar";
import { NoNotifications } from "@/components/notifications/notifications-empty";
import { NotificationRow } from "@/components/notifications/notification-row";
import { NotificationsSkeleton } from "@/components/notifications/notifications-skeleton";
import { useDismiss } from "@/components/notifications/use-dismiss";

/** Page and the dismissed toggle live in the URL: a view can be linked and reloaded. */
const urlParsers = {
  page: parseAsInteger.withDefault(1),
  include_dismissed: parseAsBoolean.withDefault(false),
};

export function NotificationsList({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const noteId = useId();
  const [url, setUrl] = useQueryStates(urlParsers);
  const page = Math.max(1, url.page);
  const includeDismissed = url.include_dismissed;
  const list = useQuery({
    ...notificationsPageQuery(page, includeDismissed),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState("");
  const dismiss = useDismiss();
  const now = useNow(60_000);
  const permission = changePermission(keyKind);

  const items = list.data?.items ?? [];
  const knownPageSize = useKnownPageSize(
    list.data && !list.isPlaceholderData
      ? { page, asked: NOTIFICATIONS_PER_PAGE, received: receivedOf(list.data), total: list.data.total }
      : null,
  );
  const selectable = selectableIds(items);
  // Only ticks on undismissed rows of this page count: a row that left keeps no tick.
  const ticked = selectable.filter((id) => selected.has(id));
  const state = list.isPending || list.isPlaceholderData ? "loading" : list.isError ? "error" : "ready";

  const dismissIds = (ids: string[]) =>
    dismiss.mutate(ids, {
      onSuccess: (answered) => {
        setSelected((prev) => new Set([...prev].filter((id) => !ids.includes(id))));
        setAnnouncement(dismissedSentence(answered.length));
      },
    });
  const goTo = (next: { page?: number | null; include_dismissed?: boolean | null }) => {
    setSelected(new Set());
    setAnnouncement("");
    void setUrl(next);
  };

  return (
    <div data-testid="notifications" data-state={state} className="space-y-4">
      {permission.allowed ? null : <PermissionNote id={noteId}>{permission.reason}</PermissionNote>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {list.data ? listSentence(list.data, page, NOTIFICATIONS_PER_PAGE, knownPageSize) : " "}
        </p>
        <Switch
          label="Show dismissed"
          checked={includeDismissed}
          onCheckedChange={(on) => goTo({ include_dismissed: on || null, page: null })}
        />
      </div>

      {list.isPending ? (
        <NotificationsSkeleton />
      ) : list.isError ? (
        <ErrorPanel error={list.error} onRetry={() => void list.refetch()} what="your notifications" />
      ) : items.length === 0 ? (
        <NoNotifications
          includeDismissed={includeDismissed}
          pastFirstPage={page > 1}
          onFirstPage={() => goTo({ page: null })}
          onShowDismissed={() => goTo({ include_dismissed: true, page: null })}
        />
      ) : (
        <>
          <DismissToolbar
            selectable={selectable}
            ticked={ticked}
            onTickAll={(on) => setSelected(new Set(on ? selectable : []))}
            onDismiss={dismissIds}
            pending={dismiss.isPending}
            permission={permission}
            errorMessage={dismiss.errorMessage}
            announcement={announcement}
          />
          <ul
            aria-label="Notifications"
            className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
          >
            {items.map((n) => (
              <NotificationRow
                key={n.id}
                notification={n}
                now={now}
                selected={ticked.includes(n.id)}
                onSelect={(on) =>
                  setSelected((prev) => {
                    const next = new Set(prev);
                    if (on) next.add(n.id);
                    else next.delete(n.id);
                    return next;
                  })
                }
                onDismiss={() => dismissIds([n.id])}
                dismissing={dismiss.isPending}
                permission={permission}
              />
            ))}
          </ul>
          <ServicePagination
            page={page}
            info={pageInfoOf({
              page,
              perPage: NOTIFICATIONS_PER_PAGE,
              rowCount: receivedOf(list.data),
              totalCount: list.data.total,
              knownPageSize,
            })}
            onPage={(next) => goTo({ page: next === 1 ? null : next })}
          />
        </>
      )}
    </div>
  );
}
