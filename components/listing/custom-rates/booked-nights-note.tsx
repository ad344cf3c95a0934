"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { todayUtc } from "@/lib/format/dates";
import { calendarYearRange } from "@/lib/listing/calendar/dates";
import { priceCalendarQuery } from "@/lib/listing/calendar/queries";
import { bookedNightsWarning, bookedOverlap } from "@/lib/listing/custom-rates/booked";

/**
 * Which of the typed period's nights are already booked, said under the dates before saving.
 * Read from the listing's price calendar for the year, the read the calendar tab makes (one
 * request, shared), and only once both dates are typed.
 */
export function BookedNightsNote({
  svcId,
  period,
}: {
  svcId: string;
  period: { start_date: string; end_date: string };
}) {
  const [today] = useState(todayUtc);
  const calendar = useQuery(priceCalendarQuery(svcId, calendarYearRange(today)));
  const warning = calendar.data ? bookedNightsWarning(bookedOverlap(calendar.data.nights, period)) : null;
  return (
    <div aria-live="polite" data-testid="booked-nights" className="empty:hidden">
      {calendar.isPending ? (
        <p className="text-sm text-slate-600">Checking which of these nights are booked…</p>
      ) : calendar.isError ? (
        <p className="text-sm text-slate-700">
          The calendar could not be read just now, so booked nights were not checked.
        </p>
      ) : warning ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">
          <span className="font-semibold">Check: </span>
          {warning}
        </p>
      ) : null}
    </div>
  );
}
