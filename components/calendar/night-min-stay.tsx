"use client";

import { useQuery } from "@tanstack/react-query";
import { appliedMinStay, minStayWords } from "@/lib/listing/calendar/applied";
import { minStayCalendarQuery } from "@/lib/listing/calendar/queries";
import type { DateRange } from "@/components/calendar/use-row-loading";
import { useRestingOn } from "@/components/calendar/use-resting-on";

/**
 * The minimum stay that applies to a night a custom rate covers. The price calendar the grid
 * reads gives the listing's own; a custom rate may set another, which the service states in the
 * listing's minimum-stay calendar: read once for every night in view, once the details have
 * rested on the listing. Until then, the listing's is shown as such.
 */
export function NightMinStay({
  svcId,
  date,
  range,
  listingNights,
  fallback,
}: {
  svcId: string;
  date: string;
  range: DateRange;
  listingNights: number;
  fallback: string;
}) {
  const query = useQuery({ ...minStayCalendarQuery(svcId, range), enabled: useRestingOn(svcId) });
  const stated = query.data?.days.find((d) => d.date === date)?.min_stay ?? null;
  if (stated === null) return <>{fallback}</>;
  const words = minStayWords(
    appliedMinStay({ calendar: listingNights, hasCustomRate: true, minStayCalendar: stated }),
  );
  return (
    <>
      {words.value}
      {words.note ? <span className="font-normal text-slate-600">{` \u00b7 ${words.note}`}</span> : null}
    </>
  );
}
