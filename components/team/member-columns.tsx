"use client";

import { createColumnHelper } from "@tanstack/react-table";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { Segment } from "@/lib/svc/schemas/segments";
import type { TeamMember } from "@/lib/svc/schemas/team";
import {
  autoLevelWords,
  byStatus,
  levelWords,
  personName,
  segmentNames,
  TEAM_LEVELS,
} from "@/lib/team/levels";
import { refreshPermission, teamWritePermission } from "@/lib/team/permissions";
import { RefreshControl } from "@/components/team/refresh-control";
import { AssignSegments, ChangeAutoLevel, RemoveMember } from "@/components/team/team-actions";
import { PersonCell, StatusBadge, WordsCell } from "@/components/team/words";

const column = createColumnHelper<TeamMember>();

export interface MemberColumnsContext {
  keyKind: ApiKeyKind | null;
  /** My segments; null while they load or when they could not be read. */
  segments: Segment[] | null;
  segmentsProblem: string | null;
  onGone: (sentence: string) => void;
}

/** Assigning needs my segments in hand; without any, there is nothing to assign or clear. */
function segmentsPermission(member: TeamMember, ctx: MemberColumnsContext) {
  const key = teamWritePermission(ctx.keyKind);
  if (!key.allowed) return key;
  if (ctx.segments === null) {
    return { allowed: false as const, reason: ctx.segmentsProblem ?? "Your segments are still loading." };
  }
  if (ctx.segments.length === 0 && member.assigned_segment_ids.length === 0) {
    return {
      allowed: false as const,
      reason: "You have no segments yet: create one under Segments, then assign it here.",
    };
  }
  return { allowed: true as const };
}

function SegmentsCell({ member, ctx }: { member: TeamMember; ctx: MemberColumnsContext }) {
  const named = segmentNames(member.assigned_segment_ids, ctx.segments ?? []);
  return (
    <div className="min-w-40 space-y-1.5">
      {named.length === 0 ? (
        <p className="text-slate-600">None</p>
      ) : ctx.segments === null ? (
        <p className="text-slate-600">
          {named.length} segment{named.length === 1 ? "" : "s"} (names unavailable)
        </p>
      ) : (
        <ul className="space-y-0.5">
          {named.map((s) => (
            <li key={s.id} className={s.known ? "text-slate-900" : "text-xs text-amber-800"}>
              {s.name}
            </li>
          ))}
        </ul>
      )}
      <AssignSegments
        member={member}
        segments={ctx.segments ?? []}
        permission={segmentsPermission(member, ctx)}
        onGone={ctx.onGone}
      />
    </div>
  );
}

/** My team's columns: who, their level and status, listings added later, segments, remove. */
export function memberColumns(ctx: MemberColumnsContext) {
  const write = teamWritePermission(ctx.keyKind);
  return [
    column.accessor((m) => personName(m), {
      id: "member",
      header: "Member",
      cell: ({ row }) => <PersonCell name={personName(row.original)} email={row.original.email} />,
    }),
    column.accessor((m) => TEAM_LEVELS.indexOf(m.level), {
      id: "level",
      header: "Level",
      cell: ({ row }) => <WordsCell words={levelWords(row.original.level)} />,
    }),
    column.accessor("status", {
      id: "status",
      header: "Status",
      sortingFn: (a, b, id) => byStatus(a.getValue<string>(id), b.getValue<string>(id)),
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    }),
    column.display({
      id: "auto-level",
      header: "Listings you add later",
      cell: ({ row }) => (
        <div className="min-w-52 max-w-xs space-y-1.5">
          <WordsCell words={autoLevelWords(row.original.auto_managed_listing_level)} />
          <div className="flex flex-wrap items-start gap-2">
            <ChangeAutoLevel member={row.original} permission={write} onGone={ctx.onGone} />
            <RefreshControl
              member={row.original}
              permission={refreshPermission(row.original, ctx.keyKind)}
              onGone={ctx.onGone}
            />
          </div>
        </div>
      ),
    }),
    column.display({
      id: "segments",
      header: "Segments",
      cell: ({ row }) => <SegmentsCell member={row.original} ctx={ctx} />,
    }),
    column.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <RemoveMember member={row.original} permission={write} onGone={ctx.onGone} />,
    }),
  ];
}
