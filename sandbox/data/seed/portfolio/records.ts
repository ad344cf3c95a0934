/**
 * The portfolio's records, drawn as the world's are (../extras/) but from each listing's
 * calendar while it is in memory, and over shorter windows (custom rates on a few listings are
 * ./custom-rates.ts): the preference extras, the last nightly run's price changes, a week of changelog and the
 * last posting of the next 30 nights. The derived flags are read back from the written rows
 * (seedFlags), as the world's are.
 */
import type Database from "better-sqlite3";
import { addedDetails } from "../../../domain/records/periods";
import { periodOn, servicePrice } from "../../../domain/records/price-changes";
import { BatchInsert } from "../../batch-insert";
import { CALENDAR_POSTING_COLUMNS } from "../../tables/listing-calendars";
import type { Rng } from "../../random";
import { formatDay, timestamp } from "../dates";
import { drawPreferenceExtras, type FeeStats } from "../extras/preferences";
import type { SqlValue } from "../types";
import type { ListingCalendar } from "./calendars";
import { compare, type StoredRate } from "./custom-rates";

/** Days of pricing runs recorded as price changes (the world records 7). */
export const PRICE_HISTORY_DAYS = 1;
/** Nights ahead a pricing run may move (as the world's). */
const PRICE_HISTORY_NIGHTS = 120;
/** Days of changelog (the world keeps 21). */
export const CHANGELOG_DAYS = 7;
/** Nights ahead with their last posting (the world keeps every night's postings from 14 days back). */
export const POSTED_NIGHTS = 30;

/** Rows wait for `finish`: written between calendars, each row took about twice as long. */
const DEFERRED = { deferred: true };

type PriceRow = [date: string, at: string, previous: number, price: number, cause: string];
type Entry = { at: string; actor: string | null; action: string; details: object };

/**
 * Draws the records of each listing while its calendar is at hand (`add`) and writes them all
 * at the end (`finish`), listing by listing and in time order within a listing: a listing's
 * rows read back as the world's do, and the indexes on listing and time only ever append.
 */
export class PortfolioRecords {
  private readonly extras: BatchInsert;
  private readonly prices: BatchInsert;
  private readonly changelogRows: BatchInsert;
  private readonly changelogIds: Rng;
  private readonly postings: BatchInsert;
  private lastChangeId: number;
  private readonly todayIso: string;
  private readonly feeSince: string;
  private readonly changelogStart: string;
  private readonly now: string;

  constructor(
    db: Database.Database,
    private readonly rng: { extras: Rng; prices: Rng; changelog: Rng; postings: Rng },
    private readonly today: number,
    private readonly managerId: string,
    private readonly customRates: ReadonlyMap<string, StoredRate[]>,
  ) {
    this.extras = new BatchInsert(
      db,
      "listing_preference_extras",
      ["listing_svc_id", "checkin_checkout", "fee_adjustments"],
      DEFERRED,
    );
    this.prices = new BatchInsert(
      db,
      "price_changes",
      ["change_id", "listing_svc_id", "date", "changed_at", "previous_price", "new_price", "cause"],
      DEFERRED,
    );
    this.changelogRows = new BatchInsert(
      db,
      "listing_changelog",
      ["id", "listing_svc_id", "at", "actor_user_id", "action", "details"],
      DEFERRED,
    );
    this.changelogIds = rng.changelog.fork("ids");
    this.postings = new BatchInsert(db, "calendar_postings", CALENDAR_POSTING_COLUMNS, DEFERRED);
    this.lastChangeId = (
      db.prepare(`SELECT COALESCE(MAX(change_id), 0) AS last FROM price_changes`).get() as { last: number }
    ).last;
    this.todayIso = formatDay(today);
    this.feeSince = formatDay(today - 90);
    this.changelogStart = timestamp(today - CHANGELOG_DAYS);
    this.now = timestamp(today);
  }

  add(listing: ListingCalendar): void {
    this.preferenceExtras(listing);
    if (listing.draft.row.is_active !== 1) return;
    const changedOn = this.priceHistory(listing);
    this.changelog(listing, changedOn);
    if (listing.draft.prefs.pricing_enabled) this.lastPostings(listing);
  }

  /**
   * The posting in force of each of the next POSTED_NIGHTS nights of an automatically priced
   * listing: the calendar's price, posted by an early-morning run in the last week (as the
   * world's last postings are; the world also keeps the earlier ones and every later night).
   */
  private lastPostings({ draft, calendar, dates, win }: ListingCalendar): void {
    const svcId = draft.row.svc_id;
    const rng = this.rng.postings.fork(svcId);
    const first = this.today - win.startDay;
    for (let k = first; k < first + POSTED_NIGHTS && k < dates.length; k++) {
      const day = this.today - 1 - (rng.chance(0.5) ? 0 : rng.int(1, 6));
      this.postings.add([
        svcId,
        dates[k]!,
        timestamp(day, rng.int(3 * 3600, 5 * 3600)),
        calendar.price[k]!,
        calendar.recommended[k]!,
        draft.supported.min_stay ? calendar.minStay[k]! : null,
        "posted",
        rng.chance(0.12) ? "sync" : "automatic",
        null,
      ]);
    }
  }

  private preferenceExtras({ draft, reservations }: ListingCalendar): void {
    let stats: FeeStats | undefined;
    for (const r of reservations) {
      if (r.status !== "Accepted" || r.check_in < this.feeSince || r.check_in >= this.todayIso) continue;
      if (r.fees === null || r.nightly_subtotal === null) continue;
      stats ??= { fees: 0, subtotal: 0 };
      stats.fees += r.fees;
      stats.subtotal += r.nightly_subtotal;
    }
    const rng = this.rng.extras.fork(draft.row.svc_id);
    const { checkinCheckout, feeAdjustments } = drawPreferenceExtras(rng, draft.row, draft.supported, stats);
    if (checkinCheckout || feeAdjustments) {
      this.extras.add([
        draft.row.svc_id,
        checkinCheckout && JSON.stringify(checkinCheckout),
        feeAdjustments && JSON.stringify(feeAdjustments),
      ] satisfies SqlValue[]);
    }
  }

  /**
   * The last PRICE_HISTORY_DAYS nightly runs, walked back from today's calendar as the world's
   * are (extras/listing-records-history.ts): each run moved about a quarter of the next 120
   * open nights by a few percent; custom rates created since changed their nights. Answers
   * the number of changed nights per run day.
   */
  private priceHistory({ draft, calendar, dates, win }: ListingCalendar): Map<string, number> {
    const svcId = draft.row.svc_id;
    const rng = this.rng.prices.fork(svcId);
    const recommended = new Map<string, number>();
    const first = this.today - win.startDay;
    for (let k = first; k < first + PRICE_HISTORY_NIGHTS && k < dates.length; k++) {
      if (calendar.blocked[k] || calendar.booked[k]) continue;
      recommended.set(dates[k]!, calendar.recommended[k]!);
    }
    const openDates = [...recommended.keys()];
    const periods = this.customRates.get(svcId) ?? [];
    const since = timestamp(this.today - PRICE_HISTORY_DAYS);
    type Event =
      | { at: string; kind: "run"; factor: number; dates: string[] }
      | { at: string; kind: "custom_rate"; period: StoredRate };
    const events: Event[] = [];
    for (let back = 1; back <= PRICE_HISTORY_DAYS; back++) {
      const step = rng.int(1, 4) * (rng.chance(0.5) ? -1 : 1);
      events.push({
        at: timestamp(this.today - back, 3 * 3600 + rng.int(0, 1800)),
        kind: "run",
        factor: 1 + step / 100,
        dates: openDates.filter(() => rng.chance(0.25)),
      });
    }
    for (const period of periods) {
      if (period.created_at >= since) events.push({ at: period.created_at, kind: "custom_rate", period });
    }
    events.sort((a, b) => compare(b.at, a.at));
    const rows: PriceRow[] = [];
    const changedOn = new Map<string, number>();
    for (const event of events) {
      const inForceThen = periods.filter((p) => p.created_at <= event.at);
      if (event.kind === "run") {
        let changed = 0;
        for (const date of event.dates) {
          const period = periodOn(inForceThen, date);
          const after = recommended.get(date)!;
          const before = Math.round((after / event.factor) * 100) / 100;
          recommended.set(date, before);
          const [from, to] = [servicePrice(before, period), servicePrice(after, period)];
          if (from !== to) {
            rows.push([date, event.at, from, to, "pricing_run"]);
            changed++;
          }
        }
        changedOn.set(event.at.slice(0, 10), changed);
      } else {
        for (const [date, rec] of recommended) {
          if (date < event.period.start_date || date > event.period.end_date) continue;
          const price = servicePrice(rec, event.period);
          if (price !== rec) rows.push([date, event.at, rec, price, "custom_rate"]);
        }
      }
    }
    // Oldest first; one change id per moment (the rows of one run or custom rate).
    rows.sort((a, b) => compare(a[1], b[1]) || compare(a[0], b[0]));
    let previousAt = "";
    for (const [date, at, previous, price, cause] of rows) {
      if (at !== previousAt) this.lastChangeId++;
      previousAt = at;
      this.prices.add([this.lastChangeId, svcId, date, at, previous, price, cause]);
    }
    return changedOn;
  }

  /**
   * A week of changelog: the daily automatic post of an automatically priced listing (now and
   * then a failed one), the reservations booked or cancelled in the week, and its custom rates.
   */
  private changelog(
    { draft, calendar, dates, win, reservations }: ListingCalendar,
    changedOn: Map<string, number>,
  ): void {
    const svcId = draft.row.svc_id;
    const rng = this.rng.changelog.fork(svcId);
    const entries: Entry[] = [];
    if (draft.prefs.pricing_enabled) {
      // Open nights from each day of the week on, counted from today's calendar.
      let open = 0;
      const openFrom = new Map<number, number>();
      for (let k = dates.length - 1; k >= 0; k--) {
        if (!calendar.blocked[k] && !calendar.booked[k]) open++;
        const day = win.startDay + k;
        if (day >= this.today - CHANGELOG_DAYS && day < this.today) openFrom.set(day, open);
      }
      for (let back = CHANGELOG_DAYS; back >= 1; back--) {
        const day = formatDay(this.today - back);
        const failed = rng.chance(0.03);
        entries.push({
          at: timestamp(this.today - back, 5 * 3600 + rng.int(0, 1200)),
          actor: null,
          action: failed ? "price_post_failed" : "price_posted",
          details: failed
            ? { trigger: "automatic", from_date: day, error: "The channel answered 503 Service Unavailable." }
            : {
                trigger: "automatic",
                from_date: day,
                nights_posted: openFrom.get(this.today - back) ?? 0,
                nights_changed: back <= PRICE_HISTORY_DAYS ? (changedOn.get(day) ?? 0) : rng.int(0, 40),
              },
        });
      }
    }
    for (const r of reservations) {
      if (r.booked_at >= this.changelogStart && r.booked_at < this.now) {
        entries.push({
          at: r.booked_at,
          actor: null,
          action: "reservation_imported",
          details: { reservation_id: r.reservation_id, change: "new" },
        });
      }
      if (r.canceled_at !== null && r.canceled_at >= this.changelogStart && r.canceled_at < this.now) {
        entries.push({
          at: r.canceled_at,
          actor: null,
          action: "reservation_imported",
          details: { reservation_id: r.reservation_id, change: "cancel" },
        });
      }
    }
    for (const period of this.customRates.get(svcId) ?? []) {
      entries.push({
        at: period.created_at,
        actor: this.managerId,
        action: "custom_rate_added",
        details: addedDetails(period),
      });
    }
    // A stable sort: entries of one moment keep the order they were drawn in.
    entries.sort((a, b) => compare(a.at, b.at));
    for (const e of entries) {
      this.changelogRows.add([
        `lcg_${this.changelogIds.hex(16)}`,
        svcId,
        e.at,
        e.actor,
        e.action,
        JSON.stringify(e.details),
      ]);
    }
  }

  /** Writes every row drawn; answers the row counts. */
  finish(): { postings: number; preferenceExtras: number; priceChanges: number; changelog: number } {
    for (const batch of [this.extras, this.prices, this.changelogRows, this.postings]) batch.flush();
    return {
      postings: this.postings.count,
      preferenceExtras: this.extras.count,
      priceChanges: this.prices.count,
      changelog: this.changelogRows.count,
    };
  }
}
