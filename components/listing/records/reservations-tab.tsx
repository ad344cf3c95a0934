"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { parseAsInteger, parseAsString, useQueryStates } from "nuqs";
import { Pagination } from "@/components/ui/pagination";
import { reservationsPageQuery } from "@/lib/listing/records/queries";
import { pagerPlace } from "@/lib/queries/pages";
import {
  dateFilterLabels,
  filterFromParams,
  pageCountOf,
  RESERVATIONS_PER_PAGE,
  standingSummary,
} from "@/lib/listing/records/reservations-filter";
import type { Reservation } from "@/lib/svc/schemas/reservations";
import { formatDayLong, todayUtc } from "@/lib/format/dates";
import { ErrorPanel } from "@/components/ui/error-panel";
import { useKnownPageSize } from "@/components/ui/use-known-page-size";
import type { ListingTabProps } from "@/components/listing/tab-props";
import { EmptyState, RecordPanel, TableSkeleton } from "@/components/listing/records/record-panel";
import { ReservationsFilters } from "@/components/listing/records/reservations-filters";
import { ReservationsTable } from "@/components/listing/records/reservations-table";

/**
 * The filter lives in the URL (prefixed, beside the workspace's `tab`), so a filtered view
 * can be bookmarked; unreadable values fall back to the defaults.
 */
const filterParsers = {
  res_by: parseAsString,
  res_from: parseAsString,
  res_to: parseAsString,
  res_page: parseAsInteger.withDefault(1),
};

export function ReservationsTab({ listing }: ListingTabProps) {
  const [params, setParams] = useQueryStates(filterParsers);
  const result = filterFromParams(
    { by: params.res_by, from: params.res_from, to: params.res_to, page: params.res_page },
    todayUtc(),
  );
  const { filter } = result;
  const page = useQuery({
    ...reservationsPageQuery(listing.svc_id, filter),
    enabled: result.ok,
    // The table keeps the last page while the next loads, greyed, so nothing jumps.
    placeholderData: keepPreviousData,
  });

  const knownPageSize = useKnownPageSize(
    page.data && !page.isPlaceholderData
      ? {
          page: filter.page,
          asked: RESERVATIONS_PER_PAGE,
          received: page.data.reservations.length + page.data.skipped,
          total: page.data.total,
        }
      : null,
  );

  const loading = result.ok && (page.isPending || (page.isFetching && page.isPlaceholderData));
  const state = !result.ok ? "error" : loading ? "loading" : page.isError ? "error" : "ready";
  const isDefault = params.res_by === null && params.res_from === null && params.res_to === null;
  const rangeWords = `${dateFilterLabels[filter.by].meaning.toLowerCase()} ${formatDayLong(filter.from)} – ${formatDayLong(filter.to)}`;

  return (
    <RecordPanel
      testId="reservations"
      title="Reservations"
      description="Every reservation the channel reported for this listing, canceled ones included."
      state={state}
    >
      <ReservationsFilters
        filter={filter}
        isDefault={isDefault}
        onChange={(next) =>
          void setParams({
            ...(next.by ? { res_by: next.by } : {}),
            ...(next.from ? { res_from: next.from } : {}),
            ...(next.to ? { res_to: next.to } : {}),
            res_page: null,
          })
        }
        onReset={() => void setParams({ res_by: null, res_from: null, res_to: null, res_page: null })}
      />
      {!result.ok ? (
        <p
          role="alert"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {result.problem}
        </p>
      ) : page.isPending ? (
        <TableSkeleton rows={8} columns={8} label="Loading reservations" />
      ) : page.isError ? (
        <ErrorPanel
          error={page.error}
          onRetry={() => void page.refetch()}
          what="this listing's reservations"
        />
      ) : page.data.reservations.length === 0 ? (
        <EmptyState title="No reservations match.">
          None of this listing&apos;s reservations are {rangeWords}. Widen the range or filter by another
          date.
        </EmptyState>
      ) : (
        <ReservationsPage
          data={page.data}
          pageNumber={filter.page}
          knownPageSize={knownPageSize}
          stale={page.isPlaceholderData}
          caption={`Reservations, ${rangeWords}`}
          onPage={(p) => void setParams({ res_page: p === 1 ? null : p })}
        />
      )}
    </RecordPanel>
  );
}

function ReservationsPage({
  data,
  pageNumber,
  knownPageSize,
  stale,
  caption,
  onPage,
}: {
  data: { reservations: Reservation[]; total: number | null; skipped: number };
  pageNumber: number;
  /** The service's page size page 1 proved (useKnownPageSize). */
  knownPageSize: number | null;
  stale: boolean;
  caption: string;
  onPage: (page: number) => void;
}) {
  const { reservations, total } = data;
  const received = reservations.length + data.skipped;
  const pageCount = pageCountOf(total, pageNumber, received, RESERVATIONS_PER_PAGE, knownPageSize);
  // Positions at the service's page size, which may be less than the size asked.
  const { first, last } = pagerPlace(
    { page: pageNumber, asked: RESERVATIONS_PER_PAGE, received, total },
    knownPageSize,
  );
  const counts = standingSummary(reservations);
  return (
    <div className={stale ? "opacity-60 transition-opacity" : undefined}>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {total !== null ? `${first}–${last} of ${total} reservations` : `Reservations ${first}–${last}`}
        {` · on this page ${counts.standing} standing (${counts.nights} night${counts.nights === 1 ? "" : "s"})`}
        {counts.canceled > 0 ? `, ${counts.canceled} canceled` : ""}
        {counts.other ? `, ${counts.other} in another status` : ""}
      </p>
      <ReservationsTable reservations={reservations} caption={caption} />
      <Pagination page={pageNumber} pageCount={pageCount} onPage={onPage} />
    </div>
  );
}
