"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { accessLabels } from "@/lib/access/listing-access";
import { assigneesOf, memberName } from "@/lib/segments/display";
import { teamMembersQuery } from "@/lib/team/queries";
import { describeError } from "@/components/ui/error-panel";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The team members this segment is assigned to, as GET /teams/members says. Read-only here:
 * assigning belongs to the Team section.
 */
export function SegmentAssignees({ segmentId }: { segmentId: string }) {
  const team = useQuery(teamMembersQuery());
  const assignees = team.data ? assigneesOf(team.data, segmentId) : [];
  return (
    <section
      aria-labelledby="segment-assignees-title"
      data-testid="segment-assignees"
      data-state={team.isPending ? "loading" : team.isError ? "error" : "ready"}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="segment-assignees-title" className="text-base font-semibold">
        Assigned team members
      </h2>
      <div className="mt-2 text-sm">
        {team.isPending ? (
          <Skeleton className="h-5 w-64" />
        ) : team.isError ? (
          <div role="alert" className="text-red-800">
            <p>The team could not be read. {describeError(team.error)}</p>
            <Button variant="secondary" className="mt-2" onClick={() => team.refetch()}>
              Try again
            </Button>
          </div>
        ) : assignees.length === 0 ? (
          <p className="text-slate-700">No team member is assigned this segment.</p>
        ) : (
          <ul className="flex flex-wrap gap-x-6 gap-y-1">
            {assignees.map((m) => (
              <li key={m.user_id}>
                <span className="font-medium">{memberName(m)}</span>{" "}
                <span className="text-slate-600">
                  · {accessLabels[m.level].label}
                  {m.status === "invited" ? " · invitation not accepted yet" : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="mt-2 text-xs text-slate-600">
        Shown as the team endpoints report it; assigning segments to members is done in the{" "}
        <Link href="/team" className="text-brand-700 underline underline-offset-2">
          Team
        </Link>{" "}
        section.
      </p>
    </section>
  );
}
