"use client";

import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { Popover } from "radix-ui";
import { useId, useRef } from "react";
import { Link } from "@/components/ui/link";
import type { Permission } from "@/lib/access/permission";
import { openAlertsWords } from "@/lib/alerts/count";
import type { OpenAlertsCount } from "@/lib/alerts/queries";
import { isoInWords } from "@/lib/format/times";
import { listingNameOf, listingNamesQuery } from "@/lib/listings/queries";
import { countSentence, type NotificationsPage, type UnreadCount } from "@/lib/notifications/count";
import { PANEL_SIZE } from "@/lib/notifications/queries";
import type { Notification } from "@/lib/svc/schemas/notifications";
import { GuardedButton } from "@/components/ui/guarded-button";
import { useNow } from "@/components/shell/use-now";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { ListingLink } from "@/components/ui/listing-link";
import { FeedTime } from "@/components/ui/feed-time";
import { useDismiss } from "@/components/notifications/use-dismiss";

/** The bell's panel (a Radix Popover: a labelled dialog, focus moves in, Escape closes). */
export function BellPanel({
  newest,
  count,
  alerts,
  permission,
  onNavigate,
}: {
  newest: UseQueryResult<NotificationsPage>;
  count: UnreadCount | null;
  alerts?: OpenAlertsCount | undefined;
  permission: Permission;
  onNavigate: () => void;
}) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const now = useNow(60_000);
  const dismiss = useDismiss();
  const shown = newest.data?.items.slice(0, PANEL_SIZE) ?? [];
  // Read only while the panel is open, from reads already made: one request at most.
  const names = useQuery({ ...listingNamesQuery(), enabled: shown.some((n) => n.listing_id !== null) });

  const dismissOne = (notification: Notification) =>
    dismiss.mutate([notification.id], {
      // The dismissed item leaves the list and its button with it: focus stays in the panel.
      onSuccess: () => heading.current?.focus(),
    });

  return (
    <Popover.Content
      align="end"
      sideOffset={6}
      aria-labelledby={titleId}
      collisionPadding={8}
      // Focus lands on the title, not on the first Dismiss (whose reason tooltip would pop up).
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        heading.current?.focus();
      }}
      className="z-50 w-[min(92vw,24rem)] rounded-lg border border-slate-200 bg-white shadow-lg"
    >
      <div className="flex items-baseline justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <div>
          <h2 id={titleId} ref={heading} tabIndex={-1} className="text-sm font-semibold focus:outline-none">
            Notifications
          </h2>
          {count ? (
            <p className="text-xs text-slate-600" aria-live="polite">
              {countSentence(count)}
            </p>
          ) : null}
        </div>
        <Link
          href="/notifications?tab=settings"
          onClick={onNavigate}
          className="text-xs font-medium text-brand-700 hover:underline"
        >
          Settings
        </Link>
      </div>

      {alerts ? (
        <div className="border-b border-slate-100 px-4 py-2 text-sm">
          <Link href="/alerts" onClick={onNavigate} className="font-medium text-brand-700 hover:underline">
            {openAlertsWords(alerts)!.replace(/^./, (c) => c.toUpperCase())}
          </Link>
        </div>
      ) : null}

      <div className="max-h-[60vh] overflow-y-auto">
        {newest.isPending ? (
          <div role="status" className="space-y-3 p-4">
            <span className="sr-only">Loading notifications</span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : newest.isError ? (
          <div className="p-3">
            <ErrorPanel
              error={newest.error}
              onRetry={() => void newest.refetch()}
              what="your notifications"
            />
          </div>
        ) : shown.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-600">You&apos;re all caught up.</p>
        ) : (
          <ul aria-label="Newest notifications" className="divide-y divide-slate-100">
            {shown.map((n) => (
              <li key={n.id} className="flex gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900">{n.title}</p>
                  <p className="line-clamp-2 text-sm text-slate-700">{isoInWords(n.message)}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3">
                    <FeedTime iso={n.created_at} now={now} />
                    {n.listing_id ? (
                      <ListingLink
                        svcId={n.listing_id}
                        name={listingNameOf(names.data, n.listing_id)}
                        onNavigate={onNavigate}
                      />
                    ) : null}
                  </p>
                </div>
                <div className="shrink-0">
                  <GuardedButton
                    permission={permission}
                    variant="ghost"
                    className="px-2 py-1 text-xs"
                    disabled={dismiss.isPending}
                    onClick={() => dismissOne(n)}
                  >
                    Dismiss<span className="sr-only"> “{n.title}”</span>
                  </GuardedButton>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      {dismiss.errorMessage ? (
        <p role="alert" className="border-t border-red-100 bg-red-50 px-4 py-2 text-sm text-red-900">
          {dismiss.errorMessage}
        </p>
      ) : null}
      {!permission.allowed ? (
        <p className="border-t border-slate-100 px-4 py-2 text-xs text-amber-900">{permission.reason}</p>
      ) : null}

      <div className="border-t border-slate-100 px-4 py-2.5 text-right">
        <Link
          href="/notifications"
          onClick={onNavigate}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          See all notifications
        </Link>
      </div>
    </Popover.Content>
  );
}
