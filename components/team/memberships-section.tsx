"use client";

import { useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { Membership } from "@/lib/svc/schemas/team";
import { byStatus, levelWords, TEAM_LEVELS } from "@/lib/team/levels";
import { teamWritePermission } from "@/lib/team/permissions";
import { membershipsQuery } from "@/lib/team/queries";
import { StatusLine, StatusScope } from "@/components/ui/action-status";
import { ErrorPanel } from "@/components/ui/error-panel";
import { SortableTable } from "@/components/ui/sortable-table";
import { MembershipActions } from "@/components/team/membership-actions";
import { useOwnerNames } from "@/components/team/owner-names";
import { TeamTableSkeleton } from "@/components/team/team-skeleton";
import { PersonCell, StatusBadge, WordsCell } from "@/components/team/words";

type Row = Membership & { owner: string };

const column = createColumnHelper<Row>();

/** Teams I belong to or am invited to, from my side: my level there, accept, decline, leave. */
export function MembershipsSection(props: { keyKind: ApiKeyKind | null }) {
  // What accepting, declining or leaving did is said under the heading, above the table.
  return (
    <StatusScope>
      <Memberships {...props} />
    </StatusScope>
  );
}

function Memberships({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const memberships = useQuery(membershipsQuery());
  const names = useOwnerNames(memberships.data ?? []);
  const [notice, setNotice] = useState<string | null>(null);
  const permission = teamWritePermission(keyKind);
  const rows = useMemo<Row[]>(
    () => (memberships.data ?? []).map((m) => ({ ...m, owner: names.get(m.master_user_id) ?? m.email })),
    [memberships.data, names],
  );
  const columns = useMemo(
    () => [
      column.accessor("owner", {
        header: "Team owner",
        cell: ({ row }) => <PersonCell name={row.original.owner} email={row.original.email} />,
      }),
      column.accessor((m) => TEAM_LEVELS.indexOf(m.level), {
        id: "level",
        header: "My level",
        cell: ({ row }) => <WordsCell words={levelWords(row.original.level)} />,
      }),
      column.accessor("status", {
        id: "status",
        header: "Status",
        sortingFn: (a, b, id) => byStatus(a.getValue<string>(id), b.getValue<string>(id)),
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      }),
      column.display({
        id: "actions",
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          <MembershipActions
            membership={row.original}
            owner={row.original.owner}
            permission={permission}
            onGone={setNotice}
          />
        ),
      }),
    ],
    [permission],
  );
  const state = memberships.isPending ? "loading" : memberships.isError ? "error" : "ready";

  return (
    <section
      aria-labelledby="memberships-title"
      data-testid="team-memberships"
      data-state={state}
      className="space-y-3"
    >
      <div>
        <h2 id="memberships-title" className="text-base font-semibold">
          Teams I belong to
        </h2>
        <p className="text-sm text-slate-600">
          Other accounts whose listings you work on. An invitation grants nothing until you accept it.
        </p>
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
      {memberships.isPending ? (
        <TeamTableSkeleton label="Loading the teams you belong to" columns={4} rows={1} />
      ) : memberships.isError ? (
        <ErrorPanel
          error={memberships.error}
          onRetry={() => memberships.refetch()}
          what="the teams you belong to"
        />
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium">You are not in anyone else&apos;s team.</p>
          <p className="mt-1 text-sm text-slate-600">When someone invites you, the invitation shows here.</p>
        </div>
      ) : (
        <div className="rounded-lg border border-slate-200 bg-white">
          <SortableTable
            data={rows}
            columns={columns}
            caption="Teams I belong to"
            getRowId={(m) => m.master_user_id}
          />
        </div>
      )}
    </section>
  );
}
