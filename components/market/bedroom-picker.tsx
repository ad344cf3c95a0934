"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useId } from "react";
import {
  MAX_OVERLAID_GROUPS,
  inChoice,
  toggleChoice,
  type BedroomChoice,
  type BedroomOption,
} from "@/lib/market/bedrooms";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { BedroomGroups } from "@/lib/svc/schemas/market-report";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format/numbers";

/**
 * The market's bedroom groups as checkboxes, each with the listings behind it and how many of
 * mine it holds. Only the market's own groups are offered; ticking several lays their series
 * over one another, up to MAX_OVERLAID_GROUPS.
 */
export function BedroomPicker({
  groups,
  options,
  selected,
  mine,
  onChange,
}: {
  groups: UseQueryResult<BedroomGroups>;
  options: readonly BedroomOption[] | null;
  selected: readonly BedroomChoice[];
  mine: ReadonlyArray<Pick<Listing, "bedrooms">> | null;
  onChange: (next: BedroomChoice[]) => void;
}) {
  const id = useId();
  const full = selected.length >= MAX_OVERLAID_GROUPS;
  const state = groups.isPending ? "loading" : groups.isError ? "error" : "ready";

  return (
    <fieldset
      className="rounded-lg border border-slate-200 bg-white p-4"
      data-testid="bedroom-picker"
      data-state={state}
    >
      <legend className="float-left w-full text-base font-semibold text-slate-900">Bedroom groups</legend>
      <p className="clear-both pt-0.5 text-xs text-slate-600">
        The groups this market is broken down by. Tick several to compare them on the charts (up to{" "}
        {MAX_OVERLAID_GROUPS}).
      </p>
      {groups.isPending ? (
        <div className="mt-3 space-y-2">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </div>
      ) : groups.isError ? (
        <div className="mt-3">
          <ErrorPanel
            error={groups.error}
            onRetry={() => groups.refetch()}
            what="this market's bedroom groups"
          />
        </div>
      ) : options ? (
        <ul className="mt-3 divide-y divide-slate-100">
          {options.map((option) => {
            const checked = selected.includes(option.value);
            const disabled = !checked && full;
            const yours = mine ? mine.filter((l) => inChoice(option.value, l.bedrooms)).length : null;
            return (
              <li key={option.value} className="flex items-center justify-between gap-3 py-1.5">
                <label className="flex items-center gap-2 text-sm text-slate-900">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    checked={checked}
                    disabled={disabled}
                    aria-describedby={
                      [disabled ? `${id}-full` : "", option.note ? `${id}-${option.value}-note` : ""]
                        .filter(Boolean)
                        .join(" ") || undefined
                    }
                    onChange={(event) => onChange(toggleChoice(selected, option.value, event.target.checked))}
                  />
                  <span>
                    {option.label}
                    {option.note ? (
                      <span id={`${id}-${option.value}-note`} className="block text-xs text-slate-600">
                        {option.note}
                      </span>
                    ) : null}
                  </span>
                </label>
                <span className="text-right text-xs tabular-nums text-slate-600">
                  {formatCount(option.listingCount)} listings
                  {yours !== null && yours > 0 ? (
                    <span className="block font-medium text-orange-800">{yours} of yours</span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <Skeleton className="mt-3 h-24 w-full" />
      )}
      {full ? (
        <p id={`${id}-full`} className="mt-2 text-xs text-slate-600">
          {MAX_OVERLAID_GROUPS} groups are shown: clear one to add another.
        </p>
      ) : null}
    </fieldset>
  );
}
