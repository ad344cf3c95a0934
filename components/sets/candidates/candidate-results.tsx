"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { rollingKpisQuery } from "@/lib/listing/kpis/queries";
import { portfolioQuery } from "@/lib/listings/queries";
import { referenceRow, searchedAround } from "@/lib/sets/reference-row";
import { useId, useMemo, useState } from "react";
import { candidatesQuery, candidatesRead } from "@/lib/sets/queries";
import { WINDOW_OPTIONS, windowLabel, type CandidateSearch } from "@/lib/sets/candidates";
import { METRIC_WINDOW_DEFAULT, type MetricWindow } from "@/lib/svc/schemas/kpi-lexicon";
import { CANDIDATE_RADIUS_KM_MAX, type CandidateListing } from "@/lib/svc/schemas/sets";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { ListNotice } from "@/components/ui/list-notice";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { DistanceLimit } from "@/components/ui/distance";
import { CandidateTable } from "@/components/sets/candidates/candidate-table";
import { ResultsSkeleton } from "@/components/sets/candidates/results-skeleton";

/** The props of one search's results, as the picker gives them. */
export interface CandidateResultsProps {
  search: CandidateSearch;
  description: string;
  selected: ReadonlySet<string>;
  excluded: ReadonlySet<string>;
  onToggle: (row: CandidateListing, on: boolean) => void;
  onToggleAll: (rows: CandidateListing[], on: boolean) => void;
}

/**
 * One search's candidates, compared for a chosen period, with more pages on demand. The
 * default export: the picker fetches this code (the results table) with the first search.
 */
export default function CandidateResults({
  search,
  description,
  selected,
  excluded,
  onToggle,
  onToggleAll,
}: CandidateResultsProps) {
  const id = useId();
  const [period, setPeriod] = useState<MetricWindow>(METRIC_WINDOW_DEFAULT);
  const results = useInfiniteQuery(candidatesQuery(search));
  const read = useMemo(() => candidatesRead(results.data?.pages ?? []), [results.data]);
  const rows = read.rows;
  const total = results.data?.pages.at(-1)?.totalCount ?? null;
  // The listing searched around, as a reference row: the search form's portfolio read (cached)
  // and the listing's rolling KPIs (the workspace's read): one request per listing searched around.
  const aroundId = searchedAround(search);
  const portfolio = useQuery({ ...portfolioQuery({}), enabled: aroundId !== null });
  const around = aroundId ? (portfolio.data?.find((l) => l.svc_id === aroundId) ?? null) : null;
  const kpis = useQuery({ ...rollingKpisQuery(aroundId ?? ""), enabled: aroundId !== null });
  const reference = useMemo(() => (around ? referenceRow(around, kpis.data) : null), [around, kpis.data]);

  // A failed "show more" keeps the rows already loaded; only a failed first page is an error.
  const state = results.isPending ? "loading" : results.data ? "ready" : "error";
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="candidate-results"
      data-state={state}
      className="space-y-3"
    >
      <h3 id={`${id}-title`} className="sr-only">
        Candidates {description}
      </h3>
      {results.isPending ? (
        <ResultsSkeleton />
      ) : !results.data ? (
        <ErrorPanel error={results.error} onRetry={() => results.refetch()} what="the candidates" />
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center">
          <p className="font-medium">No eligible comparison listing {description}.</p>
          <p className="mt-1 text-sm text-slate-600">
            Widen the radius (up to <DistanceLimit km={CANDIDATE_RADIUS_KM_MAX} />) or search with any bedroom
            count.
          </p>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700" aria-live="polite">
              {total !== null ? `${total} candidate${total === 1 ? "" : "s"}` : `${rows.length}+ candidates`}{" "}
              {description}, nearest first.
              {total !== null && rows.length < total ? ` Showing the nearest ${rows.length}.` : ""}
            </p>
            <SegmentedControl
              label="Period"
              value={period}
              options={WINDOW_OPTIONS}
              onValueChange={setPeriod}
            />
          </div>
          <ListNotice notice={read.notice} />
          {around && kpis.isError ? (
            <p className="text-sm text-slate-700">
              The figures of “{around.name}” could not be read, so its reference row shows them as unknown.
            </p>
          ) : null}
          <CandidateTable
            rows={rows}
            reference={reference}
            window={period}
            caption={`Candidates ${description}; metrics over the ${windowLabel(period).toLowerCase()}`}
            selected={selected}
            excluded={excluded}
            onToggle={onToggle}
            onToggleAll={onToggleAll}
          />
          {results.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                disabled={results.isFetchingNextPage}
                onClick={() => results.fetchNextPage()}
              >
                {results.isFetchingNextPage ? "Loading more…" : "Show more candidates"}
              </Button>
            </div>
          ) : null}
          {results.isFetchNextPageError ? (
            <ErrorPanel
              error={results.error}
              onRetry={() => results.fetchNextPage()}
              what="more candidates"
            />
          ) : null}
        </>
      )}
    </section>
  );
}
