"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useId } from "react";
import { includeManagedNote } from "@/lib/segments/display";
import { listingsCsv } from "@/lib/segments/metrics";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { Listing } from "@/lib/svc/schemas/listings";
import { ListingsTable } from "@/components/listings/listings-table";
import { ListingsTableSkeleton } from "@/components/ui/listings-table-skeleton";
import { Pagination } from "@/components/ui/pagination";
import { DownloadCsvButton } from "@/components/ui/download-csv-button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Switch } from "@/components/ui/switch";

export const SEGMENT_PAGE_SIZE = 25;

/** The segment's listings in the portfolio's own table, with the managed-listings switch. */
export function SegmentListings({
  listings,
  keyKind,
  includeManaged,
  onIncludeManaged,
  page,
  onPage,
  fileStem,
}: {
  listings: UseQueryResult<Listing[]>;
  keyKind: ApiKeyKind | null;
  includeManaged: boolean;
  onIncludeManaged: (next: boolean) => void;
  page: number;
  onPage: (page: number) => void;
  /** The CSV files' name without extension. */
  fileStem: string;
}) {
  const id = useId();
  const rows = listings.data ?? [];
  const pageCount = Math.max(1, Math.ceil(rows.length / SEGMENT_PAGE_SIZE));
  const shownPage = Math.min(Math.max(1, page), pageCount);
  const state = listings.isPending ? "loading" : listings.isError ? "error" : "ready";

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="segment-listings"
      data-state={state}
      className="space-y-3"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Listings
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {state === "ready"
              ? `${rows.length} listing${rows.length === 1 ? "" : "s"} in this segment`
              : state === "loading"
                ? "Loading the listings…"
                : ""}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <Switch
            label="Include listings I manage"
            checked={includeManaged}
            onCheckedChange={onIncludeManaged}
            describedBy={[`${id}-managed-note`]}
          />
          <DownloadCsvButton
            filename={`${fileStem}-listings.csv`}
            label="Download listings CSV"
            build={() => listingsCsv(rows)}
            disabled={state !== "ready" || rows.length === 0}
          />
        </div>
      </div>
      <p id={`${id}-managed-note`} className="text-xs text-slate-600">
        {includeManagedNote(keyKind)}
      </p>
      {listings.isPending ? (
        <ListingsTableSkeleton rows={6} />
      ) : listings.isError ? (
        <ErrorPanel
          error={listings.error}
          onRetry={() => listings.refetch()}
          what="this segment's listings"
        />
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium">
            No listing matches this segment{includeManaged ? "" : " among your own"}.
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {includeManaged
              ? "Edit the filter to widen it."
              : "Turn on “Include listings I manage” to count the listings you manage for others too."}
          </p>
        </div>
      ) : (
        <>
          <ListingsTable
            listings={rows}
            keyKind={keyKind}
            pageIndex={shownPage - 1}
            pageSize={SEGMENT_PAGE_SIZE}
            caption="Listings in this segment"
          />
          <Pagination page={shownPage} pageCount={pageCount} onPage={onPage} />
        </>
      )}
    </section>
  );
}
