"use client";

import { useId } from "react";
import type { LastPostedSummary } from "@/lib/listing/calendar/last-posted";
import { Skeleton } from "@/components/ui/skeleton";
import { describeError } from "@/components/ui/error-panel";
import { Button } from "@/components/ui/button";
import { formatUtc } from "@/lib/format/times";
import { money, shortDay } from "@/components/listing/calendar/calendar-display";

/**
 * When prices were last posted to the channel and what was posted: the newest postings with
 * their prices, how much of the year has been posted, and how many open nights now carry a
 * price the channel has not been sent.
 */
export function LastPostedPanel({
  summary,
  currency,
  state,
  error,
  onRetry,
}: {
  summary: LastPostedSummary | null;
  currency: string;
  state: "loading" | "ready" | "error";
  error: unknown;
  onRetry: () => void;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="last-posted"
      data-state={state}
      aria-busy={state === "loading" || undefined}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Last posted prices
      </h2>
      {state === "loading" || (state === "ready" && summary === null) ? (
        <div className="mt-3 space-y-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : state === "error" ? (
        <div role="alert" className="mt-2 text-sm text-slate-700">
          <p>The posted prices did not load. {describeError(error)}</p>
          <Button variant="secondary" className="mt-2" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : summary!.latestPostedAt === null ? (
        <p className="mt-2 text-sm text-slate-600">
          No price for these twelve months has been posted to the channel yet.
        </p>
      ) : (
        <div className="mt-2 space-y-3 text-sm text-slate-700">
          <p>
            Latest posting:{" "}
            <strong className="text-slate-900">
              {formatUtc(summary!.latestPostedAt, { seconds: false })}
            </strong>
            .
          </p>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The most recently posted nights</caption>
            <thead>
              <tr className="text-xs text-slate-600">
                <th scope="col" className="font-medium">
                  Night
                </th>
                <th scope="col" className="text-right font-medium">
                  Posted
                </th>
                <th scope="col" className="text-right font-medium">
                  When
                </th>
              </tr>
            </thead>
            <tbody>
              {summary!.recent.map((row) => (
                <tr key={row.date} className="border-t border-slate-100">
                  <th scope="row" className="py-0.5 font-normal">
                    {shortDay(row.date)}
                  </th>
                  <td className="text-right">
                    {money(row.price, currency)}
                    {row.minStay !== null ? <span className="text-slate-600"> · {row.minStay}n</span> : null}
                  </td>
                  <td className="text-right text-xs text-slate-600">
                    {formatUtc(row.postedAt, { seconds: false })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-xs text-slate-600">
            {summary!.postedNights} of {summary!.nightsInYear} nights have been posted at least once.{" "}
            {summary!.differing.length === 0
              ? "Every open night's price is the one last posted."
              : `${summary!.differing.length} open ${summary!.differing.length === 1 ? "night has" : "nights have"} a price the channel has not been sent yet.`}
          </p>
        </div>
      )}
    </section>
  );
}
