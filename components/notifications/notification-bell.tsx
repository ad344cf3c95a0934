"use client";

import { useQuery } from "@tanstack/react-query";
import { Popover } from "radix-ui";
import { useState } from "react";
import { badgeText, bellLabel, unreadCount } from "@/lib/notifications/count";
import { changePermission } from "@/lib/notifications/display";
import { newestNotificationsQuery } from "@/lib/notifications/queries";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { BellPanel } from "./bell-panel";

/**
 * The shell's bell: the number of undismissed notifications, from one read of the newest page
 * (see unreadCount for when it is a floor such as "10+"), opening a panel of the newest few.
 * The read is refreshed by dismissals and by live changes, never by a timer.
 */
export function NotificationBell({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const [open, setOpen] = useState(false);
  const newest = useQuery(newestNotificationsQuery());
  const count = newest.data ? unreadCount(newest.data) : null;
  const state = newest.isPending ? "loading" : newest.isError ? "error" : "ready";
  const label = bellLabel(count ?? (newest.isError ? "error" : "loading"));
  const badge = count ? badgeText(count) : null;

  return (
    <div data-testid="notification-bell" data-state={state}>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            type="button"
            aria-label={label}
            className="relative inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
              <path d="M10 2a5 5 0 0 0-5 5v2.6l-1.3 2.6A1 1 0 0 0 4.6 14h10.8a1 1 0 0 0 .9-1.4L15 9.6V7a5 5 0 0 0-5-5Zm-2 13a2 2 0 0 0 4 0H8Z" />
            </svg>
            {badge ? (
              <span
                aria-hidden="true"
                className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white"
              >
                {badge}
              </span>
            ) : null}
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <BellPanel
            newest={newest}
            count={count}
            permission={changePermission(keyKind)}
            onNavigate={() => setOpen(false)}
          />
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
