"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import type { Histogram, MyListingValue, MyMark } from "@/lib/metrics/distribution";
import type { PortfolioKpiRow } from "@/lib/svc/schemas/kpis";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { SetDistribution } from "@/lib/svc/schemas/set-analytics";
import { Skeleton } from "@/components/ui/skeleton";
import { LoadProblem } from "@/components/charts/analytics-section";

interface Placement {
  listing: MyListingValue;
  where: string;
}

function among(mark: MyMark): string {
  return `higher than ${mark.membersBelow} of the ${mark.membersWithValue} members with a figure`;
}

/** Every associated listing with a sentence on where it stands, in the associated list's order. */
function placements(result: Histogram, format: (value: number | null) => string): Placement[] {
  const byId = new Map<string, Placement>();
  for (const bar of result.bars) {
    for (const mark of bar.mine) {
      byId.set(mark.listingId, {
        listing: mark,
        where: `In the ${format(bar.lower)} – ${format(bar.upper)} range: ${among(mark)}.`,
      });
    }
  }
  for (const mark of result.below) {
    byId.set(mark.listingId, {
      listing: mark,
      where:
        mark.membersWithValue > 0
          ? "Below every member of the set."
          : "The set's members have no figure to compare with.",
    });
  }
  for (const mark of result.above) {
    byId.set(mark.listingId, { listing: mark, where: "Above every member of the set." });
  }
  for (const listing of result.unknown) {
    byId.set(listing.listingId, { listing, where: "No figure for this window yet, so it cannot be placed." });
  }
  return [...byId.values()];
}

/**
 * Where the caller's associated listings fall among the set's members, in words (the chart
 * marks the ranges; this names the listings and their values).
 */
export function MyListingsPlacement({
  associated,
  values,
  result,
  format,
  percentiles,
}: {
  associated: UseQueryResult<Listing[]>;
  values: UseQueryResult<PortfolioKpiRow[]>;
  result: Histogram | null;
  format: (value: number | null) => string;
  percentiles: SetDistribution["percentiles"] | null;
}) {
  let body;
  if (associated.isError) {
    body = <LoadProblem error={associated.error} onRetry={() => void associated.refetch()} />;
  } else if (associated.isPending) {
    body = <Skeleton className="h-10 w-full" />;
  } else if (associated.data.length === 0) {
    body = (
      <p className="text-sm text-slate-600">
        You have no listings associated with this set, so there is nothing of yours to mark.{" "}
        <Link href="?tab=associated" className="font-medium text-brand-700 hover:underline">
          Associate your listings
        </Link>{" "}
        to see where they fall among the members.
      </p>
    );
  } else if (values.isError) {
    body = <LoadProblem error={values.error} onRetry={() => void values.refetch()} />;
  } else if (values.isPending || result === null) {
    body = <Skeleton className="h-10 w-full" />;
  } else {
    body = (
      <ul className="divide-y divide-slate-100">
        {placements(result, format).map(({ listing, where }) => (
          <li
            key={listing.listingId}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2"
          >
            <span className="text-sm font-medium text-slate-900">{listing.name}</span>
            <span className="text-sm text-slate-700">
              <span className="font-medium tabular-nums">{format(listing.value)}</span>
              <span className="text-slate-600"> · {where}</span>
            </span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div
      className="rounded-lg border border-slate-200 bg-white p-4"
      data-testid="my-listings-placement"
      data-state={
        associated.isError || values.isError
          ? "error"
          : associated.isPending || (associated.data.length > 0 && (values.isPending || result === null))
            ? "loading"
            : "ready"
      }
    >
      <h3 className="text-sm font-semibold text-slate-900">Your associated listings</h3>
      {percentiles && percentiles.p50 !== null ? (
        <p className="mt-0.5 text-xs text-slate-600">
          Members&apos; median {format(percentiles.p50)}; middle half {format(percentiles.p25)} to{" "}
          {format(percentiles.p75)}.
        </p>
      ) : null}
      <div className="mt-2">{body}</div>
    </div>
  );
}
