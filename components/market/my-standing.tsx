"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { percentileStanding, type MineForChoice } from "@/lib/market/standing";
import type { Histogram, MyListingValue } from "@/lib/metrics/distribution";
import type { PortfolioKpiRow } from "@/lib/svc/schemas/kpis";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { MarketDistribution } from "@/lib/svc/schemas/market-report";
import { LoadProblem } from "@/components/charts/analytics-section";
import { Skeleton } from "@/components/ui/skeleton";

/** The range a listing fell in, when it fell in one. */
function rangeOf(result: Histogram, listingId: string, format: (v: number | null) => string): string | null {
  const bar = result.bars.find((b) => b.mine.some((m) => m.listingId === listingId));
  return bar ? `in the ${format(bar.lower)} – ${format(bar.upper)} range` : null;
}

function sentence(
  listing: MyListingValue,
  result: Histogram,
  percentiles: MarketDistribution["percentiles"],
  format: (v: number | null) => string,
): string {
  if (listing.value === null) return "No figure for this window yet, so it cannot be placed.";
  const standing = percentileStanding(listing.value, percentiles);
  const range = rangeOf(result, listing.listingId, format);
  if (range) return `${standing} Falls ${range}.`;
  if (result.above.some((m) => m.listingId === listing.listingId))
    return `${standing} Higher than every market listing.`;
  if (result.below.some((m) => m.listingId === listing.listingId))
    return `${standing} Lower than every market listing.`;
  return standing;
}

/**
 * Where each of my listings in the market stands, in words: its own value, where it falls
 * against the market's percentiles and in which range (the chart marks the same).
 */
export function MyStanding({
  mine,
  values,
  result,
  percentiles,
  format,
  groupWords,
}: {
  mine: MineForChoice<Listing> | null;
  values: UseQueryResult<PortfolioKpiRow[]>;
  result: Histogram | null;
  percentiles: MarketDistribution["percentiles"] | null;
  format: (value: number | null) => string;
  groupWords: string;
}) {
  const placed = mine?.placed ?? [];
  const waiting = mine === null || (placed.length > 0 && (values.isPending || result === null));
  const state = values.isError && placed.length > 0 ? "error" : waiting ? "loading" : "ready";

  let body;
  if (mine === null) {
    body = <Skeleton className="h-10 w-full" />;
  } else if (placed.length === 0) {
    body = (
      <p className="text-sm text-slate-600">
        {mine.elsewhere > 0
          ? `None of your listings here is in the ${groupWords} group, so there is nothing of yours to place on this picture.`
          : "None of your listings is in this market, so there is nothing of yours to place."}
      </p>
    );
  } else if (values.isError) {
    body = <LoadProblem error={values.error} onRetry={() => void values.refetch()} />;
  } else if (waiting || result === null || percentiles === null) {
    body = <Skeleton className="h-10 w-full" />;
  } else {
    const byId = new Map(values.data?.map((r) => [r.listing_id, r.value]) ?? []);
    body = (
      <ul className="divide-y divide-slate-100">
        {placed.map((listing) => {
          const mark: MyListingValue = {
            listingId: listing.svc_id,
            name: listing.name,
            value: byId.get(listing.svc_id) ?? null,
          };
          return (
            <li
              key={listing.svc_id}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2"
            >
              <Link
                href={`/listings/${encodeURIComponent(listing.svc_id)}`}
                className="text-sm font-medium text-brand-700 hover:underline"
              >
                {listing.name}
              </Link>
              <span className="text-sm text-slate-700">
                <span className="font-medium tabular-nums">{format(mark.value)}</span>
                <span className="text-slate-600"> · {sentence(mark, result, percentiles, format)}</span>
              </span>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div
      className="rounded-lg border border-slate-200 bg-white p-4"
      data-testid="my-standing"
      data-state={state}
    >
      <h3 className="text-sm font-semibold text-slate-900">Where your listings stand</h3>
      {percentiles && percentiles.p50 !== null ? (
        <p className="mt-0.5 text-xs text-slate-600">
          Market median {format(percentiles.p50)}; middle half {format(percentiles.p25)} to{" "}
          {format(percentiles.p75)}.
          {mine && mine.elsewhere > 0 && placed.length > 0
            ? ` ${mine.elsewhere} more of your listings here ${mine.elsewhere === 1 ? "is" : "are"} in other bedroom groups and not placed.`
            : ""}
        </p>
      ) : null}
      <div className="mt-2">{body}</div>
    </div>
  );
}
