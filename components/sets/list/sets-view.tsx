"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { parseAsArrayOf, parseAsInteger, parseAsString, useQueryStates } from "nuqs";
import { useMemo } from "react";
import { provenPageSize } from "@/lib/queries/pages";
import { setsPageQuery, SETS_PER_PAGE, type SetsFilters } from "@/lib/sets/queries";
import { membershipsQuery, teamMembersQuery } from "@/lib/team/queries";
import { pageInfoOf } from "@/lib/queries/page-info";
import { createSetPermission, kindOptions, ownerNames } from "@/lib/sets/list";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { PermissionNote } from "@/components/ui/permission-note";
import { ErrorPanel } from "@/components/ui/error-panel";
import { useKnownPageSize } from "@/components/ui/use-known-page-size";
import { KindFilter } from "@/components/sets/list/kind-filter";
import { NameFilter } from "@/components/sets/list/name-filter";
import { CREATE_NOTE_ID } from "@/components/sets/list/new-set-button";
import { NoMatchingSets, NoSetsYet, PastLastPage } from "@/components/sets/list/sets-empty";
import { ServicePagination } from "@/components/ui/service-pagination";
import { SetsTableSkeleton } from "@/components/sets/list/sets-skeleton";
import { SetsTable } from "@/components/sets/list/sets-table";

/** Filters and page live in the URL: a filtered list can be bookmarked, shared and reloaded. */
const urlParsers = {
  name: parseAsString,
  kind: parseAsArrayOf(parseAsString).withDefault([]),
  page: parseAsInteger.withDefault(1),
};

function countSentence(total: number, filtered: boolean): string {
  const sets = `${total} set${total === 1 ? "" : "s"}`;
  if (!filtered) return sets;
  return `${sets} ${total === 1 ? "matches" : "match"} these filters`;
}

export function SetsView({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const [url, setUrl] = useQueryStates(urlParsers);
  const page = Math.max(1, url.page);
  const filters: SetsFilters = {
    ...(url.name ? { name: url.name } : {}),
    ...(url.kind.length > 0 ? { kind: url.kind } : {}),
  };
  const filtered = filters.name !== undefined || filters.kind !== undefined;

  // The previous page stays on screen while the next loads, so the table does not flash.
  const list = useQuery({ ...setsPageQuery(filters, page), placeholderData: keepPreviousData });
  // The kinds to offer: those of the first unfiltered page (the same request as the list's
  // when no filter is on), of the page on screen, and any named in the URL.
  const unfiltered = useQuery(setsPageQuery({}, 1));
  const options = useMemo(
    () =>
      kindOptions(
        [...(unfiltered.data?.sets ?? []), ...(list.data?.sets ?? [])].map((s) => s.kind),
        url.kind,
      ),
    [unfiltered.data, list.data, url.kind],
  );

  const sets = list.data?.sets ?? [];
  const sharedShown = sets.some((s) => s.access !== "owner");
  // The Team section's own reads (shared cache): only made when a shared set is shown, and a
  // failure leaves ids in place of names, never an error on the list.
  const members = useQuery({ ...teamMembersQuery(), enabled: sharedShown, retry: false });
  const memberships = useQuery({ ...membershipsQuery(), enabled: sharedShown, retry: false });
  const owners = useMemo(
    () => ownerNames(members.data ?? [], memberships.data ?? []),
    [members.data, memberships.data],
  );
  const permission = createSetPermission(keyKind);
  const rowCount = sets.length + (list.data?.skipped ?? 0);
  const totalCount = list.data?.totalCount ?? null;
  const learned = useKnownPageSize(
    list.data && !list.isPlaceholderData
      ? { page, asked: SETS_PER_PAGE, received: rowCount, total: totalCount }
      : null,
  );
  // The unfiltered page 1 read above proves the service's page size too, even when the list
  // was opened past its first page.
  const firstUnfiltered = unfiltered.data
    ? provenPageSize({
        page: 1,
        asked: SETS_PER_PAGE,
        received: unfiltered.data.sets.length + unfiltered.data.skipped,
        total: unfiltered.data.totalCount,
      })
    : null;
  const knownPageSize = learned ?? firstUnfiltered;
  const info = pageInfoOf({ page, perPage: SETS_PER_PAGE, rowCount, totalCount, knownPageSize });

  // A previous page shown while the next loads is not the answer yet: tests and readers wait.
  const state = list.isPending || list.isPlaceholderData ? "loading" : list.isError ? "error" : "ready";
  return (
    <div className="space-y-4">
      {permission.allowed ? null : <PermissionNote id={CREATE_NOTE_ID}>{permission.reason}</PermissionNote>}
      <div
        role="search"
        aria-label="Filter sets"
        className="flex flex-wrap items-start gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
      >
        <NameFilter value={url.name} onChange={(name) => setUrl({ name, page: null })} />
        <KindFilter
          options={options}
          selected={url.kind}
          onChange={(kind) => setUrl({ kind: kind.length > 0 ? kind : null, page: null })}
        />
      </div>

      <div data-state={state} data-testid="sets-list" aria-busy={list.isFetching || undefined}>
        {list.isPending ? (
          <SetsTableSkeleton />
        ) : list.isError ? (
          <ErrorPanel error={list.error} onRetry={() => list.refetch()} what="your sets" />
        ) : sets.length === 0 ? (
          page > 1 ? (
            <PastLastPage onFirst={() => setUrl({ page: null })} />
          ) : filtered ? (
            <NoMatchingSets name={url.name} onClear={() => setUrl({ name: null, kind: null, page: null })} />
          ) : (
            <NoSetsYet permission={permission} />
          )
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {list.data.totalCount !== null
                ? countSentence(list.data.totalCount, filtered)
                : `${sets.length} set${sets.length === 1 ? "" : "s"} on this page`}
            </p>
            <SetsTable sets={sets} owners={owners} />
            <ServicePagination page={page} info={info} onPage={(p) => setUrl({ page: p === 1 ? null : p })} />
          </>
        )}
      </div>
    </div>
  );
}
