"use client";

import { Popover } from "radix-ui";
import { useSyncExternalStore } from "react";
import { headroom } from "@/lib/shell/rate-limit-store";
import { rateLimitStore } from "@/lib/queries/svc";
import { cn } from "@/components/ui/cn";
import { RateLimitIndicator } from "@/components/shell/rate-limit-indicator";

/**
 * Below `md`, the API budget in a few characters beside the bell: what is left this minute
 * and a bar, always in view, since it says whether the next action will be refused. A press
 * opens the full meter (the reset time too).
 */
export function BudgetBadge({ className }: { className?: string }) {
  const { reading } = useSyncExternalStore(rateLimitStore.subscribe, rateLimitStore.get, rateLimitStore.get);
  const measured = reading && reading.limit !== null && reading.remaining !== null ? reading : null;
  const share = measured ? headroom(measured) : null;
  const tone =
    share === null
      ? "bg-slate-300"
      : share === 0
        ? "bg-red-600"
        : share < 0.2
          ? "bg-amber-500"
          : "bg-emerald-600";
  const name = measured
    ? `API budget: ${measured.remaining} of ${measured.limit} requests left this minute`
    : "API budget: not measured yet";
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={name}
          data-testid="budget-badge"
          className={cn(
            "inline-flex h-9 flex-col items-center justify-center gap-0.5 rounded-md px-1.5 text-xs tabular-nums text-slate-700 hover:bg-slate-100",
            className,
          )}
        >
          <span aria-hidden="true">{measured ? `${measured.remaining}/${measured.limit}` : "API"}</span>
          <span aria-hidden="true" className="h-1 w-8 rounded bg-slate-200">
            <span
              className={cn("block h-1 rounded", tone)}
              style={{ width: `${Math.round((share ?? 0) * 100)}%` }}
            />
          </span>
        </button>
      </Popover.Trigger>
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
