"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { setPriceCalendarQuery, type CalendarRange } from "@/lib/sets/calendar/queries";
import { setMembersQuery } from "@/lib/sets/members-queries";
import {
  countMemberships,
  gateFromCounts,
  gateFromError,
  notActive,
  type CalendarGate,
} from "@/lib/sets/calendar/gate";
import { notActiveIds } from "@/lib/sets/calendar/comp-stats";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { todayUtc } from "@/lib/format/dates";
import { ErrorPanel } from "@/components/ui/error-panel";
import { CalendarBlocked } from "@/components/sets/calendar/calendar-blocked";
import { CalendarRangeForm } from "@/components/ui/night-range-form";
import { CalendarSkeleton } from "@/components/sets/calendar/calendar-skeleton";
import { SetCalendarGrid } from "@/components/sets/calendar/set-calendar-grid";
import { MineNotes } from "@/components/sets/calendar/mine-notes";
import { useMineCalendars } from "@/components/sets/calendar/use-mine-calendars";

/** Ninety nights from today: a season at a glance in one modest answer; up to 365 on request. */
export const DEFAULT_CALENDAR_NIGHTS = 90;

type LoadState = "loading" | "ready" | "error";

/**
 * The set price calendar on the analytics tab. It counts the set's memberships first (every
 * status counts toward the service's limit of 25) and asks for the calendar only when the
 * set is paid, within the limit and has an active member; a 422 that still comes back is
 * explained the same way as the count.
 */
export function SetCalendarPanel({ set }: { set: SetRecord }) {
  const [range, setRange] = useState<CalendarRange>(() => ({
    start: todayUtc(),
    nights: DEFAULT_CALENDAR_NIGHTS,
  }));
  const members = useQuery({ ...setMembersQuery(set.id), enabled: set.is_paid });
  const counts = members.data ? countMemberships(members.data) : null;
  const gate = counts ? gateFromCounts(counts) : null;
  // The comps' figures count active members only, by the members answer (read again after every change).
  const leftOut = useMemo(() => notActiveIds(members.data), [members.data]);
  const calendar = useQuery({
    ...setPriceCalendarQuery(set, range),
    enabled: set.is_paid && gate?.kind === "open",
    // A new range keeps the old grid (dimmed) until its answer arrives, instead of a jump to a skeleton.
    placeholderData: keepPreviousData,
  });
  const mine = useMineCalendars(set.id, range, set.is_paid && gate?.kind === "open");
  const refused = calendar.isError ? gateFromError(calendar.error, counts) : null;
  const shownGate: CalendarGate | null = refused ?? gate;
  const staleCount = refused?.kind === "blocked" && refused.counts === null && counts !== null;
  const { refetch: refetchMembers } = members;
  useEffect(() => {
    // The service counted differently from the cached members: read them again for the breakdown.
    if (staleCount) void refetchMembers();
  }, [staleCount, refetchMembers]);

  let state: LoadState;
  let body;
  if (!set.is_paid) {
    state = "ready";
    body = (
      <p className="text-sm text-slate-600">The price calendar is part of the paid plan for this set.</p>
    );
  } else if (members.isPending) {
    state = "loading";
    body = <CalendarSkeleton />;
  } else if (members.isError) {
    state = "error";
    body = (
      <ErrorPanel
        error={members.error}
        onRetry={() => members.refetch()}
        what="the members of this set, which the calendar needs to count first"
      />
    );
  } else if (shownGate?.kind === "blocked") {
    state = "ready";
    body = <CalendarBlocked set={set} gate={shownGate} />;
  } else if (shownGate?.kind === "no-active") {
    state = "ready";
    body = (
      <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
        This set has no active members, and the calendar shows active members only. Make some of its{" "}
        {notActive(shownGate.counts)} suggested or inactive members active on the Members tab to compare their
        prices here.
      </p>
    );
  } else if (calendar.isPending) {
    state = "loading";
    body = <CalendarSkeleton rows={Math.min(counts?.active ?? 12, 16)} />;
  } else if (calendar.isError) {
    state = "error";
    body = <ErrorPanel error={calendar.error} onRetry={() => calendar.refetch()} what="the price calendar" />;
  } else {
    state = calendar.isPlaceholderData || !mine.settled ? "loading" : "ready";
    body = (
      <div className={calendar.isPlaceholderData ? "space-y-3 opacity-60 transition-opacity" : "space-y-3"}>
        <SetCalendarGrid calendar={calendar.data} mine={mine.mine} leftOut={leftOut} />
        <MineNotes setId={set.id} currency={calendar.data.currency} state={mine} />
      </div>
    );
  }

  // The analytics tab frames this panel with the section's heading and description.
  return (
    <div
      aria-busy={state === "loading" || undefined}
      data-testid="set-calendar"
      data-state={state}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      {set.is_paid ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <CalendarRangeForm value={range} onApply={setRange} disabled={shownGate?.kind === "blocked"} />
          <p className="max-w-sm text-xs text-slate-600">
            Prices are converted to one currency so that comps priced differently compare. Your associated
            listings are pinned on top, marked Mine, from their own calendars, each with its difference to the
            comps&apos; median. The calendar takes sets of at most 25 memberships, counting every status.
          </p>
        </div>
      ) : null}
      {body}
    </div>
  );
}
