"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { Popover } from "radix-ui";
import { useState } from "react";
import type { Permission } from "@/lib/access/permission";
import type { OpenAlertsCount } from "@/lib/alerts/queries";
import type { NotificationsPage, UnreadCount } from "@/lib/notifications/count";
import type { LazyDialogProps } from "@/components/ui/lazy";
import { BellPanel } from "@/components/notifications/bell-panel";

export type BellPopoverProps = {
  newest: UseQueryResult<NotificationsPage>;
  count: UnreadCount | null;
  label: string;
  badge: string | null;
  alerts: OpenAlertsCount | undefined;
  alertsBadge: string | null;
  permission: Permission;
};

/** The bell with its panel: fetched with the user's first move towards the bell (notification-bell.tsx). */
export default function BellPopover({
  newest,
  count,
  alerts,
  permission,
  trigger,
}: BellPopoverProps & LazyDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <BellPanel
          newest={newest}
          count={count}
          alerts={alerts}
          permission={permission}
          onNavigate={() => setOpen(false)}
        />
      </Popover.Portal>
    </Popover.Root>
  );
}
