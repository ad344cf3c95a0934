"use client";

import { lazyDialog } from "@/components/ui/lazy";
import { BudgetButton } from "@/components/shell/budget-button";

/**
 * Below `md`, the API budget in a few characters beside the bell: what is left this minute
 * and a bar, always in view, since it says whether the next action will be refused. A press
 * opens the full meter (the reset time too), whose code (Radix's popover) comes with the
 * first move towards the badge, not with every page.
 */
export const BudgetBadge = lazyDialog<{ className?: string }>(
  () => import("@/components/shell/budget-popover"),
  {
    trigger: ({ className }) => <BudgetButton className={className} />,
  },
);
