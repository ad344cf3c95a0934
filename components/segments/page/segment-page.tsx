"use client";

import { useQuery } from "@tanstack/react-query";
import { parseAsBoolean, parseAsInteger, useQueryStates } from "nuqs";
import { useMemo, useState } from "react";
import { todayUtc } from "@/lib/format/dates";
import { portfolioQuery } from "@/lib/listings/queries";
import { includeManagedDefault, segmentWritePermission } from "@/lib/segments/display";
import { segmentMonthRange } from "@/lib/segments/metrics";
import { readNotice } from "@/lib/queries/pages";
import { segmentListingsQuery, segmentMetricsQuery, segmentQuery } from "@/lib/segments/queries";
import { marketNamesOf } from "@/lib/segments/words";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { PermissionNote } from "@/components/ui/permission-note";
import { useRememberVisit } from "@/components/shell/recent-visits";
import { ErrorPanel } from "@/components/ui/error-panel";
import { ListNotice } from "@/components/ui/list-notice";
import { NoSuchSegment } from "@/components/segments/page/no-such-segment";
import { SegmentAssignees } from "@/components/segments/page/segment-assignees";
import { SegmentHeader } from "@/components/segments/page/segment-header";
import { SegmentListings } from "@/components/segments/page/segment-listings";
import { SegmentMetrics } from "@/components/segments/page/segment-metrics";
import { SegmentPageSkeleton } from "@/components/segments/page/segment-page-skeleton";

const EDIT_NOTE_ID = "segment-edit-note";

/** "Miami family homes" → "miami-family-homes", for file names. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "segment";

/**
 * One segment: its header, who it is assigned to, its listings and its monthly metrics. The
 * four reads (the segments list, the listings, the metrics, the team) start together, so the
 * page costs one round trip; the managed-listings switch and the table page live in the URL.
 */
export function SegmentPage({ segmentId, keyKind }: { segmentId: string; keyKind: ApiKeyKind | null }) {
  const [url, setUrl] = useQueryStates({
    managed: parseAsBoolean.withDefault(includeManagedDefault(keyKind)),
    page: parseAsInteger.withDefault(1),
  });
  // Months are placed against today once per visit, and the range stays the same key on a revisit.
  const [today] = useState(() => todayUtc());
  const range = useMemo(() => segmentMonthRange(today), [today]);

  const segment = useQuery(segmentQuery(segmentId));
  const listings = useQuery(segmentListingsQuery(segmentId, url.managed));
  // The same query observed for its notice only: no second request.
  const listingsNotice = useQuery({
    ...segmentListingsQuery(segmentId, url.managed),
    select: readNotice,
  }).data;
  const metrics = useQuery(segmentMetricsQuery(segmentId, url.managed, range));
  // Market names from the portfolio when it is already cached (never fetched here), else from
  // the segment's own listings.
  const cachedPortfolio = useQuery({
    ...portfolioQuery({ include_managed_listings: includeManagedDefault(keyKind) }),
    enabled: false,
  });
  const marketNames = useMemo(
    () => marketNamesOf([...(cachedPortfolio.data ?? []), ...(listings.data ?? [])]),
    [cachedPortfolio.data, listings.data],
  );
  // The Overview offers the segments opened last.
  useRememberVisit(segment.data ? { kind: "segment", id: segment.data.id, name: segment.data.name } : null);

  if (segment.isPending) return <SegmentPageSkeleton />;
  if (segment.isError)
    return <ErrorPanel error={segment.error} onRetry={() => segment.refetch()} what="this segment" />;
  if (!segment.data) return <NoSuchSegment />;

  const permission = segmentWritePermission(keyKind);
  const fileStem = slug(segment.data.name);
  return (
    <div className="space-y-6" data-testid="segment-page" data-state="ready">
      <SegmentHeader
        segment={segment.data}
        marketNames={marketNames}
        editPermission={permission}
        editNoteId={permission.allowed ? undefined : EDIT_NOTE_ID}
      />
      {permission.allowed ? null : <PermissionNote id={EDIT_NOTE_ID}>{permission.reason}</PermissionNote>}
      <SegmentAssignees segmentId={segmentId} />
      <ListNotice notice={listingsNotice} />
      <SegmentListings
        listings={listings}
        keyKind={keyKind}
        includeManaged={url.managed}
        onIncludeManaged={(managed) => void setUrl({ managed, page: null })}
        page={url.page}
        onPage={(page) => void setUrl({ page: page === 1 ? null : page })}
        fileStem={fileStem}
      />
      <SegmentMetrics metrics={metrics} range={range} today={today} fileStem={fileStem} />
    </div>
  );
}
