"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Pagination } from "@/components/ui/pagination";
import { CHANGELOG_PER_PAGE, changelogPageQuery } from "@/lib/listing/records/queries";
import { listingNameOf, listingNamesQuery } from "@/lib/listings/queries";
import { pageCountOf } from "@/lib/listing/records/reservations-filter";
import { ErrorPanel } from "@/components/ui/error-panel";
import { useKnownPageSize } from "@/components/ui/use-known-page-size";
import type { ListingTabProps } from "@/components/listing/tab-props";
import { ChangelogEntry } from "@/components/listing/records/changelog-entry";
import { EmptyState, RecordPanel, TableSkeleton } from "@/components/listing/records/record-panel";

/**
 * Everything recorded against the listing, newest first: preference changes (old → new),
 * prices posted or failed, syncs, custom rates, reservation imports. Paged by the service.
 */
export function ChangelogTab({ listing }: ListingTabProps) {
  const [page, setPage] = useState(1);
  const log = useQuery({ ...changelogPageQuery(listing.svc_id, page), placeholderData: keepPreviousData });
  const knownPageSize = useKnownPageSize(
    log.data && !log.isPlaceholderData
      ? {
          page,
          asked: CHANGELOG_PER_PAGE,
          received: log.data.entries.length + log.data.skipped,
          total: log.data.total,
        }
      : null,
  );
  // A copy's source listing by name, from reads already made (one request at most).
  const names = useQuery({
    ...listingNamesQuery(),
    enabled: log.data?.entries.some((e) => e.details.copied_from !== undefined) ?? false,
  });
  const loading = log.isPending || (log.isFetching && log.isPlaceholderData);
  const state = loading ? "loading" : log.isError ? "error" : "ready";

  return (
    <RecordPanel
      testId="changelog"
      title="Changelog"
      description="Every change recorded against this listing, by people and by the service, newest first."
      state={state}
    >
      {log.isPending ? (
        <TableSkeleton rows={6} columns={3} label="Loading the changelog" />
      ) : log.isError ? (
        <ErrorPanel error={log.error} onRetry={() => void log.refetch()} what="this listing's changelog" />
      ) : log.data.entries.length === 0 ? (
        <EmptyState title="Nothing recorded yet.">
          Preference changes, posted prices, syncs, custom rates and reservation imports will appear here.
        </EmptyState>
      ) : (
        <div className={log.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          {log.data.total !== null ? (
            <p className="mb-2 text-sm text-slate-600">
              {log.data.total} change{log.data.total === 1 ? "" : "s"} recorded
            </p>
          ) : null}
          <ol
            aria-label="Changes, newest first"
            className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
          >
            {log.data.entries.map((entry) => (
              <ChangelogEntry
                key={entry.id}
                entry={entry}
                currency={listing.currency}
                nameOf={(id) => listingNameOf(names.data, id)}
              />
            ))}
          </ol>
          <Pagination
            page={page}
            pageCount={pageCountOf(
              log.data.total,
              page,
              log.data.entries.length + log.data.skipped,
              CHANGELOG_PER_PAGE,
              knownPageSize,
            )}
            onPage={setPage}
          />
        </div>
      )}
    </RecordPanel>
  );
}
