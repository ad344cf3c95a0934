"use client";

import { Popover } from "radix-ui";
import type { LazyDialogProps } from "@/components/ui/lazy";
import { RateLimitIndicator } from "@/components/shell/rate-limit-indicator";

/** The full meter under the header's budget badge: fetched with the first move towards it (budget-badge.tsx). */
export default function BudgetPopover({ trigger }: LazyDialogProps) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="API budget"
          className="z-50 rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
        >
          <RateLimitIndicator />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
