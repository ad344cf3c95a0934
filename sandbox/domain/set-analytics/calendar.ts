/**
 * GET /sets/{set_id}/price_calendar: one array of nights per ACTIVE member, in one currency.
 * Every membership counts toward the 25 limit whatever its status (docs/interface.md, Dynamic sets rule 5).
 */
import {
  SET_PRICE_CALENDAR_MEMBER_LIMIT,
  type SetPriceCalendar,
  type SetPriceCalendarQuery,
} from "../../../lib/svc/schemas/set-analytics";
import type { SandboxContext } from "../../context";
import { formatDay } from "../../data/seed/dates";
import { ApiError } from "../api-error";
import type { SetRow } from "../sets/access";
import { OPEN, compCalendar } from "./comp-nights";
import { targetCurrency } from "./currency";
import { calendarRange } from "./ranges";
import { demandByMarket, modelSpan, setMembers } from "./world";

export function tooManyMembers(memberCount: number): ApiError {
  return new ApiError(
    422,
    "too_many_members",
    `The set price calendar covers sets of at most ${SET_PRICE_CALENDAR_MEMBER_LIMIT} member listings, ` +
      `counting every status; this set has ${memberCount}.`,
    { limit: SET_PRICE_CALENDAR_MEMBER_LIMIT, member_count: memberCount },
  );
}

export function setPriceCalendar(
  ctx: SandboxContext,
  set: SetRow,
  query: SetPriceCalendarQuery,
): SetPriceCalendar {
  const { currency, convert } = targetCurrency(ctx, set, query.currency);
  const span = modelSpan(ctx);
  const range = calendarRange(query, ctx.clock.today(), span);
  const members = setMembers(ctx, set.id);
  if (members.length > SET_PRICE_CALENDAR_MEMBER_LIMIT) throw tooManyMembers(members.length);

  const active = members.filter((m) => m.status === "active").map((m) => m.listing);
  const demand = demandByMarket(ctx, span, active);
  const lo = range.start - span.startDay;
  const hi = range.end - span.startDay + 1;
  const dates = Array.from({ length: hi - lo }, (_, i) => formatDay(range.start + i));
  const listings = active.map((listing) => {
    const cal = compCalendar(listing, demand.get(listing.market_id)!, span, { lo, hi });
    const nights = dates.map((date, i) => {
      const k = lo + i;
      return {
        date,
        price: convert(cal.price[k]!, listing.currency, currency),
        available: cal.state[k] === OPEN,
        booking_probability_percent: cal.bookingProbability[k]!,
        min_stay: cal.minStay[k]!,
      };
    });
    return { listing_id: listing.listing_id, name: listing.name, nights };
  });
  return { currency, start_date: formatDay(range.start), end_date: formatDay(range.end), listings };
}
