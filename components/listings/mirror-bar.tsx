"use client";

import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/format/numbers";
import { formatUtcTime } from "@/lib/format/times";
import type { MirroredIndex } from "@/lib/listings/mirror-listings";

/**
 * Where a large portfolio's records come from the account's mirror: as of when, which were
 * read live on this visit, and the KPI figures, which the mirror does not hold, read from the
 * service on request (a request per service page).
 */
export function MirrorBar({
  index,
  kpiAsked,
  onReadKpis,
}: {
  index: MirroredIndex;
  kpiAsked: boolean;
  onReadKpis: () => void;
}) {
  const live = index.listings.length - index.fromMirror;
  const figureRequests = Math.max(1, Math.ceil(index.total / index.pageSize));
  return (
    <div
      role="region"
      aria-label="Listings from the portfolio mirror"
      className="mb-3 space-y-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
    >
      <p>
        All {formatCount(index.total)} listings, from the portfolio mirror as of{" "}
        {formatUtcTime(index.mirrorAsOf, { seconds: false })}
        {live > 0 ? ` (${formatCount(live)} read from the service on this visit)` : ""}: sorting, selecting
        and the CSV cover them all, for no request per page.
      </p>
      {kpiAsked ? null : (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={onReadKpis}>
            Read the KPI figures
          </Button>
          <span className="text-xs text-sky-900">
            The mirror holds no KPI figures: about {formatCount(figureRequests)} requests to the service, for
            every listing at once.
          </span>
        </div>
      )}
    </div>
  );
}
