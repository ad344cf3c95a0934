"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { membersCsv } from "@/lib/sets/members-csv";
import { setMembersQuery } from "@/lib/sets/members-queries";
import { canDo, setPermission } from "@/lib/sets/access";
import { memberGroups, memberStatusWords, METRIC_WINDOW_WORDS, memberTotal } from "@/lib/sets/page";
import {
  MEMBER_METRIC_WINDOWS,
  METRIC_WINDOW_DEFAULT,
  type MetricWindow,
} from "@/lib/svc/schemas/kpi-lexicon";
import { StatusLine, StatusScope } from "@/components/ui/action-status";
import { PermissionNote } from "@/components/ui/permission-note";
import { DownloadCsvButton } from "@/components/ui/download-csv-button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { AddMembersDialog } from "@/components/sets/page/add-members-dialog";
import { MemberGroup } from "@/components/sets/page/member-group";
import type { SetTabProps } from "@/components/sets/page/tab-props";
import { MembersSkeleton } from "@/components/sets/page/set-page-skeleton";

const PERIODS = MEMBER_METRIC_WINDOWS.map((value) => ({ value, label: METRIC_WINDOW_WORDS[value] }));

/** What this caller cannot do with members, said once at the top of the tab. */
function limitNote({ set, readOnly }: SetTabProps): string | null {
  if (set.access === "R") return "You are a viewer of this set: you can see its members but not change them.";
  if (set.access === "E") {
    return "You are a restricted editor of this set: you can change the status of its members, but not add or remove them.";
  }
  if (!canDo(set.access, "changeStatus")) {
    return `Your access to this set ("${set.access}") is one this dashboard does not know: you can see its members, but changes are not offered.`;
  }
  if (readOnly)
    return "Your session uses a read-only API key: you can see this set's members but not change them.";
  return null;
}

/**
 * Members grouped by status, with adding from candidates, moving between statuses and
 * removing. What a change did is said under the tab's toolbar, over no group's controls.
 */
export function MembersTab(props: SetTabProps) {
  return (
    <StatusScope>
      <Members {...props} />
    </StatusScope>
  );
}

function Members({ set, readOnly }: SetTabProps) {
  const members = useQuery(setMembersQuery(set.id));
  const [period, setPeriod] = useState<MetricWindow>(METRIC_WINDOW_DEFAULT);
  const add = setPermission(set.access, "addMembers", readOnly);
  const changeStatus = setPermission(set.access, "changeStatus", readOnly);
  const remove = setPermission(set.access, "removeMembers", readOnly);
  const note = limitNote({ set, readOnly });

  return (
    <div
      className="space-y-4"
      data-testid="members"
      data-state={members.isPending ? "loading" : members.isError ? "error" : "ready"}
    >
      {note ? <PermissionNote id="members-access-note">{note}</PermissionNote> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <span aria-hidden="true" className="text-sm font-medium text-slate-700">
            Metrics for
          </span>
          <SegmentedControl
            label="Metrics period"
            value={period}
            options={PERIODS}
            onValueChange={setPeriod}
          />
        </div>
        <AddMembersDialog set={set} permission={add} members={members.data} />
      </div>
      <StatusLine />
      {members.isPending ? (
        <MembersSkeleton />
      ) : members.isError ? (
        <ErrorPanel error={members.error} onRetry={() => members.refetch()} what="the members of this set" />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600" aria-live="polite">
              {memberTotal(members.data)} member{memberTotal(members.data) === 1 ? "" : "s"}:{" "}
              {memberGroups(members.data)
                .map((g) => `${g.members.length} ${memberStatusWords(g.status).label.toLowerCase()}`)
                .join(", ")}
              .
            </p>
            {/* One GET answers every member, so the file always holds them all. */}
            <DownloadCsvButton
              label="Download members CSV"
              filename={`set-${set.id}-members-${period}.csv`}
              build={() => membersCsv(members.data, period)}
              disabled={memberTotal(members.data) === 0}
            />
          </div>
          {memberGroups(members.data).map(({ status, members: inGroup }) => (
            <MemberGroup
              key={status}
              set={set}
              status={status}
              members={inGroup}
              period={period}
              changeStatus={changeStatus}
              remove={remove}
            />
          ))}
        </>
      )}
    </div>
  );
}
