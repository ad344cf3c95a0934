"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Permission } from "@/lib/access/permission";
import { putSetMembers } from "@/lib/sets/members-queries";
import { MEMBER_STATUS_WORDS, memberStatusWords, otherStatuses, setChangeError } from "@/lib/sets/page";
import type { MetricWindow } from "@/lib/svc/schemas/kpi-lexicon";
import type { KnownMemberStatus, MemberListing, MemberStatus, SetRecord } from "@/lib/svc/schemas/sets";
import { useSay } from "@/components/ui/action-status";
import { describeError } from "@/components/ui/error-panel";
import { SortableTable } from "@/components/ui/sortable-table";
import { GuardedButton } from "@/components/ui/guarded-button";
import { METRIC_COLUMN_IDS, memberColumns, type Selection } from "@/components/sets/page/member-columns";
import { RemoveMembersDialog } from "@/components/sets/page/remove-members-dialog";

const NUMERIC = ["bedrooms", ...METRIC_COLUMN_IDS];

/** One status group: its members in a table, and what can be done with the ones selected. */
export function MemberGroup({
  set,
  status,
  members,
  period,
  changeStatus,
  remove,
}: {
  set: SetRecord;
  status: MemberStatus;
  members: MemberListing[];
  period: MetricWindow;
  changeStatus: Permission;
  remove: Permission;
}) {
  const queryClient = useQueryClient();
  const say = useSay();
  const words = memberStatusWords(status);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  // Members that left the group (moved or removed elsewhere) drop out of the selection.
  const chosen = members.filter((m) => picked.has(m.listing_id));
  const selected = new Set(chosen.map((m) => m.listing_id));

  const canSelect = changeStatus.allowed || remove.allowed;
  const selection: Selection | null = canSelect
    ? {
        selected,
        toggle: (id, on) =>
          setPicked((prev) => {
            const next = new Set(prev);
            if (on) next.add(id);
            else next.delete(id);
            return next;
          }),
        toggleAll: (on) => setPicked(on ? new Set(members.map((m) => m.listing_id)) : new Set()),
      }
    : null;
  const columns = memberColumns(period, words.label, members, selection);

  const move = useMutation({
    mutationFn: (to: KnownMemberStatus) =>
      putSetMembers(
        queryClient,
        set.id,
        chosen.map((m) => m.listing_id),
        to,
      ),
    onSuccess: (_groups, to) => {
      setProblem(null);
      say(
        `${chosen.length === 1 ? chosen[0]!.name : `${chosen.length} members`} moved to ${MEMBER_STATUS_WORDS[to].label.toLowerCase()}.`,
      );
      setPicked(new Set());
    },
    onError: (error) =>
      setProblem(
        setChangeError(error, "changeStatus", new Map(members.map((m) => [m.listing_id, m.name]))) ??
          describeError(error),
      ),
  });

  // A group we do not know is named by the service: kept safe for an id.
  const headingId = `members-${status.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div>
          <h2 id={headingId} className="text-base font-semibold">
            {words.label} <span className="font-normal text-slate-500">({members.length})</span>
          </h2>
          <p className="text-xs text-slate-600">{words.meaning}</p>
        </div>
        {members.length > 0 ? (
          <div
            className="flex flex-wrap items-center gap-2"
            role="group"
            aria-label={`${words.label} members actions`}
          >
            {canSelect ? (
              <span className="text-sm text-slate-600" aria-live="polite">
                {chosen.length} selected
              </span>
            ) : null}
            {otherStatuses(status).map((to) => (
              <GuardedButton
                key={to}
                permission={changeStatus}
                variant="secondary"
                disabled={chosen.length === 0 || move.isPending}
                onClick={() => move.mutate(to)}
              >
                {move.isPending && move.variables === to
                  ? "Moving…"
                  : `Move to ${MEMBER_STATUS_WORDS[to].label.toLowerCase()}`}
              </GuardedButton>
            ))}
            <RemoveMembersDialog
              set={set}
              members={chosen}
              permission={remove}
              onRemoved={() => setPicked(new Set())}
            />
          </div>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      {members.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">No {words.label.toLowerCase()} members.</p>
      ) : (
        <SortableTable
          data={members}
          columns={columns}
          caption={`${words.label} members of ${set.name}`}
          getRowId={(m) => m.listing_id}
          numeric={NUMERIC}
        />
      )}
    </section>
  );
}
