"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { Popover } from "radix-ui";
import { useState } from "react";
import type { Permission } from "@/lib/listings/display";
import type { NotificationsPage, UnreadCount } from "@/lib/notifications/count";
import type { OpenedPartProps } from "../ui/load-on-intent";
import { BellButton } from "./bell-button";
import { BellPanel } from "./bell-panel";

export type BellPopoverProps = {
  newest: UseQueryResult<NotificationsPage>;
  count: UnreadCount | null;
  label: string;
  badge: string | null;
  permission: Permission;
};

/** The bell with its panel: fetched with the user's first move towards the bell (notification-bell.tsx). */
export default function BellPopover({
  newest,
  count,
  label,
  badge,
  permission,
  initiallyOpen,
}: BellPopoverProps & OpenedPartProps) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <BellButton label={label} badge={badge} />
      </Popover.Trigger>
      <Popover.Portal>
        <BellPanel newest={newest} count={count} permission={permission} onNavigate={() => setOpen(false)} />
      </Popover.Portal>
    </Popover.Root>
  );
}
