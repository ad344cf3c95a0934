"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { pageCountFor } from "@/lib/queries/pages";
import { CHANGELOG_PER_PAGE, setChangelogQuery } from "@/lib/sets/analytics/queries";
import { setAssociatedQuery, setMembersQuery } from "@/lib/sets/members-queries";
import { membersById } from "@/lib/sets/page";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { Timestamp } from "@/components/ui/timestamp";
import { useKnownPageSize } from "@/components/ui/use-known-page-size";
import { AnalyticsSection, LoadProblem, loadStateOf } from "@/components/charts/analytics-section";
import { actorWords, describeChange } from "@/lib/sets/analytics/changelog-display";

/**
 * Listing names the page already holds (members, if another tab or the calendar read them;
 * associated listings, which the distribution reads): a changelog row names them instead of
 * bare ids. The members query is only watched here, never fetched for this.
 */
function useKnownNames(setId: string): Map<string, string> {
  const members = useQuery({ ...setMembersQuery(setId), enabled: false });
  const associated = useQuery(setAssociatedQuery(setId));
  return useMemo(() => {
    const names = new Map<string, string>();
    if (members.data) for (const [id, member] of membersById(members.data)) names.set(id, member.name);
    for (const listing of associated.data ?? []) names.set(listing.svc_id, listing.name);
    return names;
  }, [members.data, associated.data]);
}

/** The set's change history, newest first, a page at a time. */
export function ChangelogSection({ set }: { set: SetRecord }) {
  const [page, setPage] = useState(1);
  const query = useQuery({ ...setChangelogQuery(set, page), placeholderData: keepPreviousData });
  const names = useKnownNames(set.id);
  // The owner's id is the caller's own only when the caller owns the set.
  const selfId = set.access === "owner" ? set.owner_user_id : null;
  const state = loadStateOf(query);
  const total = query.data?.totalCount ?? null;
  const entries = query.data?.entries ?? [];
  // Pages at the size the service answers; without X-Total-Count, a full page means there may
  // be another.
  const answer = {
    page,
    asked: CHANGELOG_PER_PAGE,
    received: entries.length + (query.data?.skipped ?? 0),
    total,
  };
  const knownPageSize = useKnownPageSize(query.data && !query.isPlaceholderData ? answer : null);
  const pageCount = pageCountFor(answer, knownPageSize);

  return (
    <AnalyticsSection
      title="Changelog"
      testId="changelog"
      description="Every change to the set's members, sharing and plan, newest first."
    >
      {/* A scroll box a keyboard can reach: the table is wider than a phone. */}
      <div
        data-testid="changelog-body"
        data-state={state}
        aria-busy={state === "loading" || undefined}
        role="region"
        aria-label="The set's changelog"
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white"
      >
        {state === "loading" ? (
          <div className="space-y-2 p-4">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-6 w-full" />
            ))}
          </div>
        ) : state === "error" ? (
          <div className="p-4">
            <LoadProblem error={query.error} onRetry={() => void query.refetch()} />
          </div>
        ) : entries.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">No changes are recorded for this set yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Changes to {set.name}, newest first</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  When
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Who
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  What changed
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="whitespace-nowrap px-4 py-2 tabular-nums text-slate-700">
                    <Timestamp at={entry.at} seconds={false} />
                  </td>
                  <td className="px-4 py-2 text-slate-700">{actorWords(entry.actor)}</td>
                  <td className="px-4 py-2 text-slate-900">{describeChange(entry, names, selfId)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <Pagination page={page} pageCount={pageCount} onPage={setPage} />
    </AnalyticsSection>
  );
}
