"use client";

import { useQuery } from "@tanstack/react-query";
import { parseAsBoolean, parseAsInteger, parseAsString, useQueryStates } from "nuqs";
import { useId, useState } from "react";
import { changePermission, dismissedSentence } from "@/lib/notifications/display";
import { eventWords } from "@/lib/notifications/events";
import { selectableIds } from "@/lib/notifications/list";
import { listingNameOf, listingNamesQuery } from "@/lib/listings/queries";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { PermissionNote } from "@/components/ui/permission-note";
import { Pagination } from "@/components/ui/pagination";
import { ServicePagination } from "@/components/ui/service-pagination";
import { useNow } from "@/components/shell/use-now";
import { ErrorPanel } from "@/components/ui/error-panel";
import { ListNotice } from "@/components/ui/list-notice";
import { Switch } from "@/components/ui/switch";
import { DismissToolbar } from "@/components/notifications/dismiss-toolbar";
import { NoNotifications } from "@/components/notifications/notifications-empty";
import { NotificationRow } from "@/components/notifications/notification-row";
import { NotificationsSkeleton } from "@/components/notifications/notifications-skeleton";
import { TypeFilter } from "@/components/notifications/type-filter";
import { useDismiss } from "@/components/notifications/use-dismiss";
import { useNotificationsView } from "@/components/notifications/use-notifications-view";

/** Page, type and the dismissed toggle live in the URL: a view can be linked and reloaded. */
const urlParsers = {
  page: parseAsInteger.withDefault(1),
  include_dismissed: parseAsBoolean.withDefault(false),
  type: parseAsString,
};

export function NotificationsList({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const noteId = useId();
  const [url, setUrl] = useQueryStates(urlParsers);
  const page = Math.max(1, url.page);
  const includeDismissed = url.include_dismissed;
  const type = url.type || null;
  const view = useNotificationsView({ page, includeDismissed, type });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState("");
  const dismiss = useDismiss();
  const now = useNow(60_000);
  const permission = changePermission(keyKind);
  const items = view.items;
  // Listings by name, from reads already made (one request at most, never one per row).
  const names = useQuery({ ...listingNamesQuery(), enabled: items.some((n) => n.listing_id !== null) });

  const selectable = selectableIds(items);
  // Only ticks on undismissed rows of this page count: a row that left keeps no tick.
  const ticked = selectable.filter((id) => selected.has(id));

  const dismissIds = (ids: string[]) =>
    dismiss.mutate(ids, {
      onSuccess: (answered) => {
        setSelected((prev) => new Set([...prev].filter((id) => !ids.includes(id))));
        setAnnouncement(dismissedSentence(answered.length));
      },
    });
  const goTo = (next: { page?: number | null; include_dismissed?: boolean | null; type?: string | null }) => {
    setSelected(new Set());
    setAnnouncement("");
    void setUrl(next);
  };

  return (
    <div data-testid="notifications" data-state={view.state} className="space-y-4">
      {permission.allowed ? null : <PermissionNote id={noteId}>{permission.reason}</PermissionNote>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {view.sentence || " "}
        </p>
        <div role="search" aria-label="Filter notifications" className="flex flex-wrap items-center gap-4">
          <TypeFilter value={type} seen={view.seen} onChange={(next) => goTo({ type: next, page: null })} />
          <Switch
            label="Show dismissed"
            checked={includeDismissed}
            onCheckedChange={(on) => goTo({ include_dismissed: on || null, page: null })}
          />
        </div>
      </div>
      <ListNotice notice={view.notice} />

      {view.pending ? (
        <NotificationsSkeleton />
      ) : view.failed ? (
        <ErrorPanel error={view.failed} onRetry={view.refetch} what="your notifications" />
      ) : items.length === 0 ? (
        <NoNotifications
          includeDismissed={includeDismissed}
          pastFirstPage={page > 1}
          typeLabel={type === null ? null : eventWords(type).label}
          onFirstPage={() => goTo({ page: null })}
          onShowDismissed={() => goTo({ include_dismissed: true, page: null })}
          onEveryType={() => goTo({ type: null, page: null })}
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
                listingName={n.listing_id === null ? undefined : listingNameOf(names.data, n.listing_id)}
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
          {view.pager?.by === "service" ? (
            <ServicePagination
              page={page}
              info={view.pager.info}
              onPage={(next) => goTo({ page: next === 1 ? null : next })}
            />
          ) : view.pager?.by === "here" ? (
            <Pagination
              page={page}
              pageCount={view.pager.pageCount}
              onPage={(next) => goTo({ page: next === 1 ? null : next })}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
