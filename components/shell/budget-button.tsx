"use client";

import type { ComponentPropsWithRef } from "react";
import { useSyncExternalStore } from "react";
import { headroom } from "@/lib/shell/rate-limit-store";
import { rateLimitStore } from "@/lib/queries/svc";
import { cn } from "@/components/ui/cn";

/**
 * The header's API budget in a few characters: what is left this minute and a bar. The same
 * closed (before the meter's code has arrived) and as the popover's trigger: `rest` carries
 * either the intent listeners or Radix's props and ref.
 */
export function BudgetButton({ className, ...rest }: ComponentPropsWithRef<"button">) {
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
    <button
      type="button"
      aria-label={name}
      data-testid="budget-badge"
      className={cn(
        "inline-flex h-9 flex-col items-center justify-center gap-0.5 rounded-md px-1.5 text-xs tabular-nums text-slate-700 hover:bg-slate-100",
        className,
      )}
      {...rest}
    >
      <span aria-hidden="true">{measured ? `${measured.remaining}/${measured.limit}` : "API"}</span>
      <span aria-hidden="true" className="h-1 w-8 rounded bg-slate-200">
        <span
          className={cn("block h-1 rounded", tone)}
          style={{ width: `${Math.round((share ?? 0) * 100)}%` }}
        />
      </span>
    </button>
  );
}
