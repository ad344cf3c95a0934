"use client";

import { useQuery } from "@tanstack/react-query";
import { badgeText, bellLabel, unreadCount } from "@/lib/notifications/count";
import { changePermission } from "@/lib/notifications/display";
import { newestNotificationsQuery } from "@/lib/notifications/queries";
import { openAlertsBadge, withAlerts } from "@/lib/alerts/count";
import { openAlertsCountQuery } from "@/lib/alerts/queries";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { lazyDialog } from "@/components/ui/lazy";
import { BellButton } from "@/components/notifications/bell-button";
import type { BellPopoverProps } from "@/components/notifications/bell-popover";

const BellPopover = lazyDialog<BellPopoverProps>(() => import("@/components/notifications/bell-popover"), {
  trigger: ({ label, badge, alertsBadge }) => (
    <BellButton label={label} badge={badge} alertsBadge={alertsBadge} />
  ),
});

/**
 * The shell's bell: the number of undismissed notifications, from one read of the newest page
 * (see unreadCount for when it is a floor such as "10+"), opening a panel of the newest few.
 * Beside it, the open alerts' count (a second badge, its own words in the name), from one small
 * read of the dashboard's own store that never holds up or fails the bell.
 * The reads are refreshed by dismissals and by live changes, never by a timer. The panel's code
 * comes with the first move towards the bell, not with every page (lazyDialog).
 */
export function NotificationBell({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const newest = useQuery(newestNotificationsQuery());
  const count = newest.data ? unreadCount(newest.data) : null;
  const state = newest.isPending ? "loading" : newest.isError ? "error" : "ready";
  const alerts = useQuery(openAlertsCountQuery());
  const label = withAlerts(bellLabel(count ?? (newest.isError ? "error" : "loading")), alerts.data);
  const badge = count ? badgeText(count) : null;
  const alertsBadge = openAlertsBadge(alerts.data);

  return (
    <div data-testid="notification-bell" data-state={state}>
      <BellPopover
        newest={newest}
        count={count}
        label={label}
        badge={badge}
        alerts={alerts.data}
        alertsBadge={alertsBadge}
        permission={changePermission(keyKind)}
      />
    </div>
  );
}
