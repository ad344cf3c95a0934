"use client";

import type { PortfolioIndex } from "@/lib/listings/portfolio-index";
import { PacedStatus } from "@/components/ui/paced-status";
import { Button } from "@/components/ui/button";
import type { ReadAllState } from "@/components/listings/use-portfolio-index";
import { formatCount } from "@/lib/format/numbers";

/**
 * What a large portfolio's table can and cannot do while it shows one service page, and the
 * way to the rest: reading every listing (a request per service page, paced) makes sorting,
 * selecting and the CSV cover them all, and brings the KPI column (a request a page again).
 */
export function ReadAllBar({
  index,
  readAll,
  onReadAll,
  onCancel,
}: {
  index: PortfolioIndex;
  readAll: ReadAllState;
  onReadAll: () => void;
  onCancel: () => void;
}) {
  const listingRequests = Math.max(1, Math.ceil((index.total - index.listings.length) / index.pageSize));
  const figureRequests = Math.max(1, Math.ceil(index.total / index.pageSize));
  const total = index.totalKnown ? formatCount(index.total) : "all";
  return (
    <div
      role="region"
      aria-label="Reading the whole portfolio"
      className="mb-3 space-y-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
    >
      <p>
        This portfolio is large, so it is shown a page of {index.pageSize} listings at a time in the
        service&apos;s order: sorting a column sorts this page only, and the KPI column comes with the whole
        portfolio. {formatCount(index.listings.length)} of {total} listings are read so far.
      </p>
      {readAll.running ? (
        <PacedStatus
          state="running"
          progress={{
            done: index.listings.length,
            failed: 0,
            total: index.total,
            pausedUntil: readAll.pausedUntil,
          }}
          noun="listings"
          onCancel={onCancel}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={onReadAll}>
            Read all {total} listings
          </Button>
          <span className="text-xs text-sky-900">
            To sort, select and export them all and see their KPI figures: about{" "}
            {formatCount(listingRequests)} more requests for the listings, then {formatCount(figureRequests)}{" "}
            for the figures, paced to keep budget for your other work.
          </span>
          {readAll.failed ? (
            <span role="alert" className="text-red-700">
              Reading stopped: a page could not be read. What was read is kept; try again.
            </span>
          ) : null}
        </div>
      )}
    </div>
  );
}
