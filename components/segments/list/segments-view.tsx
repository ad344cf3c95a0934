"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { portfolioQuery } from "@/lib/listings/queries";
import { includeManagedDefault, segmentWritePermission } from "@/lib/segments/display";
import { segmentsQuery } from "@/lib/segments/queries";
import { marketNamesOf } from "@/lib/segments/words";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { PermittedLink } from "@/components/ui/permitted-link";
import { ErrorPanel } from "@/components/ui/error-panel";
import { SegmentsTableSkeleton } from "@/components/segments/list/segments-skeleton";
import { SegmentsTable } from "@/components/segments/list/segments-table";

/**
 * Every segment with its filter in words. Market names come from the portfolio (each listing
 * carries its market's name), the same read the Listings page makes, so it is often cached;
 * until it arrives a market shows as its id.
 */
export function SegmentsView({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const list = useQuery(segmentsQuery());
  const portfolio = useQuery(portfolioQuery({ include_managed_listings: includeManagedDefault(keyKind) }));
  const marketNames = useMemo(() => marketNamesOf(portfolio.data ?? []), [portfolio.data]);
  const state = list.isPending ? "loading" : list.isError ? "error" : "ready";

  return (
    <div data-state={state} data-testid="segments-list">
      {list.isPending ? (
        <SegmentsTableSkeleton />
      ) : list.isError ? (
        <ErrorPanel error={list.error} onRetry={() => list.refetch()} what="your segments" />
      ) : list.data.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium">You have no segments yet.</p>
          <p className="mx-auto mt-1 max-w-lg text-sm text-slate-600">
            A segment is a saved filter over your listings (a market, a bedroom range, a tag…). Its page shows
            the listings it matches and their metrics month by month.
          </p>
          <div className="mt-4 flex justify-center">
            <PermittedLink
              permission={segmentWritePermission(keyKind)}
              href="/segments/new"
              label="Create your first segment"
            />
          </div>
        </div>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            {list.data.length} segment{list.data.length === 1 ? "" : "s"}
          </p>
          <SegmentsTable segments={list.data} marketNames={marketNames} />
        </>
      )}
    </div>
  );
}
