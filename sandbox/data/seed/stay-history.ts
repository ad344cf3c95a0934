/**
 * Stays before the calendars. Pace compares the last twelve months with the twelve before
 * them, and reads reservations only (`GET /listings/{id}/reservations`), so every listing's
 * stays run from the first of the month STAY_HISTORY_MONTHS before today, while its calendar
 * nights start later (the world 15 months back, the portfolio about a month): writing nights
 * that far back would cost the portfolio about 0.1 s a month and serve no endpoint.
 *
 * The stays before a calendar are simulated by the calendar's own model (calendar.ts) over the
 * market's nights of the time, each listing's from the day after it was created, and a stay
 * running into the calendar is cut to check out on its first night: a calendar night is only
 * ever booked by a stay of the calendar's own, which holds all its nights there. They come
 * from streams of their own, so the calendars and everything drawn after them are the same as
 * without them.
 */
import type { Rng } from "../random";
import { simulateCalendar } from "./calendar";
import { firstOfMonthBefore, formatDay } from "./dates";
import { buildMarketNights, type MarketNight } from "./demand";
import type { ListingDraft } from "./listing-draft";
import { MARKET_PROFILES } from "./markets";
import type { ReservationRow } from "./types";

/** Months of stays before today's month: a year, and the year before it to compare with. */
export const STAY_HISTORY_MONTHS = 24;

/** Each market's nights from the first of the month STAY_HISTORY_MONTHS back to `endDay - 1`. */
export interface EarlierNights {
  startDay: number;
  /** The first night not covered: the first calendar night. */
  endDay: number;
  /** By market id, index k = `startDay + k`. */
  nights: ReadonlyMap<string, readonly MarketNight[]>;
  /** Index k = `startDay + k`. */
  dates: readonly string[];
}

/**
 * The markets' nights before the world's calendars (`endDay`, its first night). `rng` is a
 * stream of the root, so both personas see the same demand.
 */
export function marketNightsBefore(rng: Rng, today: number, endDay: number): EarlierNights {
  const startDay = Math.min(endDay, firstOfMonthBefore(today, STAY_HISTORY_MONTHS));
  const nights = new Map<string, readonly MarketNight[]>();
  for (const profile of MARKET_PROFILES) {
    nights.set(profile.id, buildMarketNights(rng.fork(profile.id), profile, startDay, endDay - 1));
  }
  const dates: string[] = [];
  for (let day = startDay; day < endDay; day++) dates.push(formatDay(day));
  return { startDay, endDay, nights, dates };
}

/**
 * Extends `earlier` up to a later first calendar night with the calendars' own market nights
 * (`marketNights`, index k = `earlier.endDay + k`).
 */
export function extendEarlierNights(
  earlier: EarlierNights,
  marketNights: ReadonlyMap<string, readonly MarketNight[]>,
  endDay: number,
): EarlierNights {
  const more = endDay - earlier.endDay;
  const nights = new Map<string, readonly MarketNight[]>();
  for (const [marketId, before] of earlier.nights) {
    const after = marketNights.get(marketId);
    if (!after || after.length < more) throw new Error(`no market nights for ${marketId}`);
    nights.set(marketId, [...before, ...after.slice(0, more)]);
  }
  const dates = [...earlier.dates];
  for (let day = earlier.endDay; day < endDay; day++) dates.push(formatDay(day));
  return { startDay: earlier.startDay, endDay, nights, dates };
}

/** One listing's stays before its calendar, pushed to `out`; `rng` is the listing's own stream. */
export function simulateEarlierStays(
  rng: Rng,
  draft: ListingDraft,
  earlier: EarlierNights,
  today: number,
  usedIds: Set<string>,
  out: ReservationRow[],
): void {
  const startDay = Math.max(earlier.startDay, draft.createdDay + 1);
  if (startDay >= earlier.endDay) return;
  const market = earlier.nights.get(draft.row.market_id);
  if (!market) throw new Error(`no market nights for ${draft.row.market_id}`);
  const offset = startDay - earlier.startDay;
  simulateCalendar(
    rng,
    draft,
    market.slice(offset),
    { startDay, endDay: earlier.endDay - 1, today, cutAtEnd: true },
    earlier.dates.slice(offset),
    usedIds,
    out,
  );
}

/** Every listing's stays before its calendar, listing by listing. */
export function buildEarlierStays(
  rng: Rng,
  drafts: readonly ListingDraft[],
  earlier: EarlierNights,
  today: number,
  usedIds: Set<string>,
): ReservationRow[] {
  const out: ReservationRow[] = [];
  for (const draft of drafts)
    simulateEarlierStays(rng.fork(draft.row.svc_id), draft, earlier, today, usedIds, out);
  return out;
}
