"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { segmentsQuery } from "@/lib/segments/queries";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { teamSummary } from "@/lib/team/levels";
import { teamWritePermission } from "@/lib/team/permissions";
import { teamMembersQuery } from "@/lib/team/queries";
import { StatusLine, StatusScope } from "@/components/ui/action-status";
import { describeError, ErrorPanel } from "@/components/ui/error-panel";
import { SortableTable } from "@/components/ui/sortable-table";
import { InviteSomeone } from "@/components/team/team-actions";
import { memberColumns } from "@/components/team/member-columns";
import { TeamTableSkeleton } from "@/components/team/team-skeleton";

/**
 * My own team: every account owns one, so everyone sees this section (most people's is
 * empty). Members and my segments are read side by side; segment names fill in when they
 * arrive, and a failure to read them costs only the names.
 */
export function MembersSection(props: { keyKind: ApiKeyKind | null }) {
  // What an action on a member did is said under the heading, above the table, over no row.
  return (
    <StatusScope>
      <Members {...props} />
    </StatusScope>
  );
}

function Members({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const members = useQuery(teamMembersQuery());
  const segments = useQuery(segmentsQuery());
  // A sentence about a member who vanished meanwhile: said here, since their row is gone.
  const [notice, setNotice] = useState<string | null>(null);
  const write = teamWritePermission(keyKind);
  const columns = useMemo(
    () =>
      memberColumns({
        keyKind,
        segments: segments.data ?? null,
        segmentsProblem: segments.isError
          ? `Your segments could not be loaded: ${describeError(segments.error)}`
          : null,
        onGone: setNotice,
      }),
    [keyKind, segments.data, segments.isError, segments.error],
  );
  const state = members.isPending ? "loading" : members.isError ? "error" : "ready";

  return (
    <section
      aria-labelledby="my-team-title"
      data-testid="team-members"
      data-state={state}
      className="space-y-3"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="my-team-title" className="text-base font-semibold">
            My team
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {members.data ? `${teamSummary(members.data)}. ` : ""}
            People you invite get their level on every listing you own, once they accept.
          </p>
        </div>
        <InviteSomeone permission={write} />
      </div>
      <StatusLine />
      {notice ? (
        <p
          role="alert"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200"
        >
          {notice}
        </p>
      ) : null}
      {members.isPending ? (
        <TeamTableSkeleton label="Loading your team" columns={6} />
      ) : members.isError ? (
        <ErrorPanel error={members.error} onRetry={() => members.refetch()} what="your team" />
      ) : members.data.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium">Nobody is in your team yet.</p>
          <p className="mt-1 text-sm text-slate-600">
            Invite someone to let them work on your listings at the level you choose.
          </p>
        </div>
      ) : (
        <div className="rounded-lg border border-slate-200 bg-white">
          <SortableTable
            data={members.data}
            columns={columns}
            caption="My team"
            getRowId={(m) => m.user_id}
          />
        </div>
      )}
    </section>
  );
}
