import { queryOptions } from "@tanstack/react-query";
import { addDays, format, parseISO } from "date-fns";
import { SvcError } from "@/lib/svc/errors";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { queryKeys } from "@/lib/queries/keys";
import { ANALYTICS_STALE_MS } from "@/lib/sets/analytics/queries";
import { svc } from "@/lib/queries/svc";

/**
 * The set price calendar (paid only; at most 25 memberships of any status). The membership
 * count it depends on comes from the members query (`setMembersQuery` in ./set-members, not
 * paid-only), which the panel reads first: past 25 it never enables this one.
 */

export interface CalendarRange {
  /** First night, YYYY-MM-DD. */
  start: string;
  /** 1 to 365. */
  nights: number;
}

/** The last night of a range (start included), YYYY-MM-DD. */
export const rangeEnd = (range: CalendarRange) =>
  format(addDays(parseISO(range.start), range.nights - 1), "yyyy-MM-dd");

type PaidGuard = Pick<SetRecord, "id" | "is_paid">;

export function setPriceCalendarQuery(set: PaidGuard, range: CalendarRange) {
  const params = { start: range.start, end: rangeEnd(range) };
  return queryOptions({
    queryKey: queryKeys.sets.analyticsResource(set.id, "price-calendar", params),
    queryFn: ({ signal }) => {
      // A free set answers 404, like a missing one: never ask, even if a caller forgets `enabled`.
      if (!set.is_paid) {
        throw new SvcError({
          status: 402,
          code: "paid_only",
          message: "The price calendar is part of the paid plan.",
        });
      }
      return svc.call("sets.priceCalendar", {
        params: { set_id: set.id },
        query: { start_date: params.start, end_date: params.end },
        signal,
      });
    },
    enabled: set.is_paid,
    staleTime: ANALYTICS_STALE_MS,
  });
}
