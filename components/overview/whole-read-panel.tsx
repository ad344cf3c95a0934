"use client";

import { formatUtcTime } from "@/lib/format/times";
import { Button } from "@/components/ui/button";
import type { WholeRead } from "@/components/overview/use-whole-read";
import { formatCount } from "@/lib/format/numbers";

/**
 * The pulse of a portfolio too large to add up on every visit: what reading every listing
 * costs, its progress while it runs (how many listings every figure covers so far, never a
 * partial sum) and Cancel. The read itself is `useWholeRead`.
 */
export function WholeReadPanel({ read, size }: { read: WholeRead; size: number | null }) {
  const of = size === null ? "" : ` of ${formatCount(size)}`;
  const all = size === null ? "every listing" : `all ${formatCount(size)} listings`;
  const cost =
    read.estimate === null
      ? "one request per 100 listings for the listings and for each of the three figures"
      : `${formatCount(read.estimate)} requests`;

  if (read.state === "running") {
    return (
      <div role="status" className="space-y-2 text-sm text-slate-700" data-testid="whole-read">
        <div className="flex flex-wrap items-center gap-3">
          <progress
            className="h-2 w-40"
            max={size ?? 1}
            value={read.covered}
            aria-label={`Totals over ${formatCount(read.covered)}${of} listings`}
          />
          <span>
            Totals over {formatCount(read.covered)}
            {of} listings… shown when every listing is in.
          </span>
          <Button variant="secondary" onClick={read.cancel}>
            Cancel
          </Button>
        </div>
        {read.pausedUntil !== null ? (
          <p className="text-xs text-amber-900">
            Paused to keep requests for your other work; goes on at {formatUtcTime(read.pausedUntil)}.
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="space-y-2 text-sm text-slate-700" data-testid="whole-read">
      {read.state === "failed" ? (
        <p role="alert" className="text-red-800">
          Part of the portfolio could not be read, so no totals are shown: a sum over part of your listings is
          not a total.
        </p>
      ) : read.state === "cancelled" ? (
        <p role="status">Stopped before every listing was in; no totals are shown.</p>
      ) : (
        <p>
          {size === null ? "Your portfolio" : `Your ${formatCount(size)} listings`} take more than one page,
          so totals are added up when you ask rather than on every visit: hidden listings are left out, and
          that needs every listing.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={read.start}>
          {read.state === "idle" ? `Add up ${all}` : "Try again"}
        </Button>
        <span className="text-xs text-slate-600">
          {cost}, at most 4 at a time, pausing when your minute&apos;s budget runs low. It also names the
          lowest-booked listings below and lets you check flags.
        </span>
      </div>
    </div>
  );
}
