/**
 * The portfolio's calendar nights and reservations: each listing's nights by the same model
 * as the world's (../calendar.ts), over a shorter past (PORTFOLIO_HISTORY_NIGHTS) and the
 * full 365 forward nights. A listing's nights are written as soon as they are simulated, by
 * one multi-row statement per market whose text holds the dates and demand levels, so a night
 * binds six values; the reservations are written after the last listing. What the records of
 * a listing need from its calendar is handed to `onListing` while its arrays are at hand. The
 * stays before the calendars (24 months back, ../stay-history.ts) are written last.
 */
import type Database from "better-sqlite3";
import { BatchInsert } from "../../batch-insert";
import type { Rng } from "../../random";
import { simulateCalendar, type CalendarWindow, type SimulatedCalendar } from "../calendar";
import type { MarketNight } from "../demand";
import { firstOfMonthBefore, formatDay } from "../dates";
import type { ListingDraft } from "../listing-draft";
import { simulateEarlierStays, type EarlierNights } from "../stay-history";
import type { ReservationRow, SqlValue } from "../types";

/**
 * Past nights the calendar holds at least: it starts on the first of the month that night
 * falls in, so 30 to 61 of them and whole months (the default KPI window is the past 30 days).
 * Each further month costs about 0.1 s to write; the world's 15 months would double the write
 * (docs/reference-service-decisions.md, "A large portfolio"). Reservations, which pace reads,
 * go back further without nights.
 */
export const PORTFOLIO_HISTORY_NIGHTS = 30;

/** The first night of the portfolio's calendars. */
export const portfolioStartDay = (today: number) => firstOfMonthBefore(today - PORTFOLIO_HISTORY_NIGHTS, 0);

const NIGHT_VALUES = 6;
const RESERVATION_COLUMNS = [
  "reservation_id",
  "listing_svc_id",
  "status",
  "check_in",
  "check_out",
  "nights",
  "guests",
  "booked_at",
  "canceled_at",
  "currency",
  "nightly_subtotal",
  "fees",
  "taxes",
  "payout",
  "total_price",
  "comments",
  "source_name",
] as const satisfies readonly (keyof ReservationRow)[];

export interface ListingCalendar {
  draft: ListingDraft;
  calendar: SimulatedCalendar;
  reservations: readonly ReservationRow[];
  /** The calendar's dates, index k = `win.startDay + k`. */
  dates: readonly string[];
  win: CalendarWindow;
}

export interface CalendarCounts {
  nights: number;
  reservations: number;
}

/**
 * Simulates and writes every draft's calendar. `marketNights` are indexed from `win.startDay`;
 * `usedReservationIds` holds the world's reservation ids (new ids never repeat one).
 */
export function writePortfolioCalendars(
  db: Database.Database,
  rng: Rng,
  drafts: readonly ListingDraft[],
  marketNights: ReadonlyMap<string, readonly MarketNight[]>,
  win: CalendarWindow,
  usedReservationIds: Set<string>,
  onListing: (listing: ListingCalendar) => void,
): CalendarCounts {
  const dates: string[] = [];
  for (let day = win.startDay; day <= win.endDay; day++) dates.push(formatDay(day));
  const statements = new Map<string, Database.Statement>();
  for (const [marketId, nights] of marketNights) {
    const tuples = dates.map(
      (date, k) => `(@id, '${date}', ?, ?, ?, ?, ?, ?, '${(nights[k] as MarketNight).demand}')`,
    );
    statements.set(
      marketId,
      db.prepare(
        `INSERT INTO calendar_nights (listing_svc_id, date, price, recommended_price, min_stay, available,
           blocked, reservation_id, demand) VALUES ${tuples.join(", ")}`,
      ),
    );
  }
  // Written after every listing's nights: in between them, each reservation took twice as long.
  const reservationsOut = new BatchInsert(db, "reservations", RESERVATION_COLUMNS, { deferred: true });
  const values = new Array<SqlValue>(dates.length * NIGHT_VALUES);
  const reservationValues = new Array<SqlValue>(RESERVATION_COLUMNS.length);
  let nightCount = 0;

  for (const draft of drafts) {
    const market = marketNights.get(draft.row.market_id);
    const statement = statements.get(draft.row.market_id);
    if (!market || !statement) throw new Error(`no market nights for ${draft.row.market_id}`);
    const reservations: ReservationRow[] = [];
    const calendar = simulateCalendar(
      rng.fork(draft.row.svc_id),
      draft,
      market,
      win,
      dates,
      usedReservationIds,
      reservations,
    );
    const { price, recommended, minStay, blocked, booked } = calendar;
    for (let k = 0, j = 0; k < dates.length; k++) {
      const reservation = booked[k] ?? null;
      const isBlocked = blocked[k] ?? 0;
      values[j++] = price[k] as number;
      values[j++] = recommended[k] as number;
      values[j++] = minStay[k] as number;
      values[j++] = isBlocked || reservation ? 0 : 1;
      values[j++] = isBlocked;
      values[j++] = reservation;
    }
    statement.run(values, { id: draft.row.svc_id });
    nightCount += dates.length;
    for (const r of reservations) {
      for (let i = 0; i < RESERVATION_COLUMNS.length; i++) reservationValues[i] = r[RESERVATION_COLUMNS[i]!];
      reservationsOut.add(reservationValues);
    }
    onListing({ draft, calendar, reservations, dates, win });
  }
  reservationsOut.flush();
  return { nights: nightCount, reservations: reservationsOut.count };
}

/**
 * Simulates and writes every draft's stays before its calendar (../stay-history.ts), listing by
 * listing, so that no more than one listing's rows wait in memory. Answers how many it wrote.
 */
export function writeEarlierStays(
  db: Database.Database,
  rng: Rng,
  drafts: readonly ListingDraft[],
  earlier: EarlierNights,
  today: number,
  usedReservationIds: Set<string>,
): number {
  const out = new BatchInsert(db, "reservations", RESERVATION_COLUMNS);
  const values = new Array<SqlValue>(RESERVATION_COLUMNS.length);
  const stays: ReservationRow[] = [];
  for (const draft of drafts) {
    stays.length = 0;
    simulateEarlierStays(rng.fork(draft.row.svc_id), draft, earlier, today, usedReservationIds, stays);
    for (const r of stays) {
      for (let i = 0; i < RESERVATION_COLUMNS.length; i++) values[i] = r[RESERVATION_COLUMNS[i]!];
      out.add(values);
    }
  }
  out.flush();
  return out.count;
}
