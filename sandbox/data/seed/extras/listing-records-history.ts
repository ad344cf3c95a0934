import type Database from "better-sqlite3";
import type { RecordsClock } from "../../../domain/records/dates";
import { addedDetails, periodsInForce, type StoredPeriod } from "../../../domain/records/periods";
import { periodOn, servicePrice } from "../../../domain/records/price-changes";
import type { Rng } from "../../random";
import { formatDay, timestamp } from "../dates";

/** The seeding moment: the start of the service's today. */
export type SeedClock = RecordsClock & { day: number };

/** Days of price history (recent_changes reads 7 by default) and nights ahead it covers. */
const PRICE_HISTORY_DAYS = 7;
const PRICE_HISTORY_NIGHTS = 120;
/** Days of changelog history. */
const CHANGELOG_DAYS = 21;

const round2 = (value: number) => Math.round(value * 100) / 100;

type PriceEvent =
  | { at: string; kind: "run"; factor: number; dates: string[] }
  | { at: string; kind: "custom_rate"; period: StoredPeriod };

type PriceRow = [svcId: string, date: string, at: string, previous: number, price: number, cause: string];

/**
 * A week of service price changes for every active listing, built backwards from today's
 * calendar so that it agrees with it: each date's newest change ends at the night's current
 * service price and each older change ends where the next one starts. Nightly pricing runs
 * move about a quarter of the next 120 open nights by a few percent; the custom rates created
 * this week change their nights.
 */
export function seedPriceHistory(db: Database.Database, rng: Rng, clock: SeedClock): void {
  const weekAgo = timestamp(clock.day - PRICE_HISTORY_DAYS);
  const rows: PriceRow[] = [];
  const ids = db.prepare(`SELECT svc_id FROM listings WHERE is_active = 1 ORDER BY svc_id`).all() as Array<{
    svc_id: string;
  }>;
  for (const { svc_id: svcId } of ids) {
    const listingRng = rng.fork(svcId);
    const nights = db
      .prepare(
        `SELECT date, recommended_price FROM calendar_nights
         WHERE listing_svc_id = ? AND date >= ? AND date < ? AND available = 1 ORDER BY date`,
      )
      .all(svcId, clock.today, formatDay(clock.day + PRICE_HISTORY_NIGHTS)) as Array<{
      date: string;
      recommended_price: number;
    }>;
    const recommended = new Map(nights.map((n) => [n.date, n.recommended_price]));
    const periods = periodsInForce(db, svcId, clock);
    const events: PriceEvent[] = [];
    for (let back = 1; back <= PRICE_HISTORY_DAYS; back++) {
      const step = listingRng.int(1, 4) * (listingRng.chance(0.5) ? -1 : 1);
      events.push({
        at: timestamp(clock.day - back, 3 * 3600 + listingRng.int(0, 1800)),
        kind: "run",
        factor: 1 + step / 100,
        dates: nights.filter(() => listingRng.chance(0.25)).map((n) => n.date),
      });
    }
    for (const period of periods) {
      if (period.created_at >= weekAgo) events.push({ at: period.created_at, kind: "custom_rate", period });
    }
    events.sort((a, b) => b.at.localeCompare(a.at));
    for (const event of events) {
      const inForceThen = periods.filter((p) => p.created_at <= event.at);
      if (event.kind === "run") {
        for (const date of event.dates) {
          const period = periodOn(inForceThen, date);
          const after = recommended.get(date)!;
          const before = round2(after / event.factor);
          recommended.set(date, before);
          const [from, to] = [servicePrice(before, period), servicePrice(after, period)];
          if (from !== to) rows.push([svcId, date, event.at, from, to, "pricing_run"]);
        }
      } else {
        for (const [date, rec] of recommended) {
          if (date < event.period.start_date || date > event.period.end_date) continue;
          const price = servicePrice(rec, event.period);
          if (price !== rec) rows.push([svcId, date, event.at, rec, price, "custom_rate"]);
        }
      }
    }
  }
  rows.sort((a, b) => a[2].localeCompare(b[2]) || a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
  const insert = db.prepare(
    `INSERT INTO price_changes (change_id, listing_svc_id, date, changed_at, previous_price, new_price, cause)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  // One change id per listing and moment: the rows of one seeded run or custom rate.
  let changeId = 0;
  let previousKey = "";
  for (const row of rows) {
    const key = `${row[0]} ${row[2]}`;
    if (key !== previousKey) changeId++;
    previousKey = key;
    insert.run(changeId, ...row);
  }
}

type Entry = { listingSvcId: string; at: string; actor: string | null; action: string; details: object };

/** Open nights from a date on, counted from the listing's sorted open dates. */
const openFrom = (openDates: readonly string[], from: string) => openDates.filter((d) => d >= from).length;

/**
 * Three weeks of changelog on the owner's active listings: the daily automatic post of every
 * automatically priced listing (now and then a failed one), the owner's occasional syncs
 * (a post and a calendar sync), the reservations booked or cancelled in the window, and every
 * seeded custom rate. Counts come from the calendar and the seeded price history.
 */
export function seedChangelog(db: Database.Database, rng: Rng, clock: SeedClock, ownerId: string): void {
  const windowStart = timestamp(clock.day - CHANGELOG_DAYS);
  const entries: Entry[] = [];
  const listings = db
    .prepare(
      `SELECT svc_id, pricing_tier, json_extract(preferences, '$.pricing_enabled') AS pricing_enabled
       FROM listings WHERE owner_user_id = ? AND is_active = 1 ORDER BY svc_id`,
    )
    .all(ownerId) as Array<{ svc_id: string; pricing_tier: string; pricing_enabled: number }>;
  const runChanges = db.prepare(
    `SELECT substr(changed_at, 1, 10) AS day, COUNT(*) AS n FROM price_changes
     WHERE listing_svc_id = ? AND cause = 'pricing_run' GROUP BY day`,
  );
  for (const listing of listings) {
    const listingRng = rng.fork(listing.svc_id);
    const svcId = listing.svc_id;
    const changedOn = new Map(
      (runChanges.all(svcId) as Array<{ day: string; n: number }>).map((r) => [r.day, r.n]),
    );
    const openDates = (
      db
        .prepare(`SELECT date FROM calendar_nights WHERE listing_svc_id = ? AND date >= ? AND available = 1`)
        .all(svcId, formatDay(clock.day - CHANGELOG_DAYS)) as Array<{ date: string }>
    ).map((n) => n.date);
    for (let back = CHANGELOG_DAYS; back >= 1; back--) {
      const day = formatDay(clock.day - back);
      if (listing.pricing_enabled) {
        const at = timestamp(clock.day - back, 5 * 3600 + listingRng.int(0, 1200));
        const changed = back <= PRICE_HISTORY_DAYS ? (changedOn.get(day) ?? 0) : listingRng.int(0, 40);
        const failed = listingRng.chance(0.03);
        entries.push({
          listingSvcId: svcId,
          at,
          actor: null,
          action: failed ? "price_post_failed" : "price_posted",
          details: failed
            ? { trigger: "automatic", from_date: day, error: "The channel answered 503 Service Unavailable." }
            : {
                trigger: "automatic",
                from_date: day,
                nights_posted: openFrom(openDates, day),
                nights_changed: changed,
              },
        });
      }
      if (listing.pricing_tier !== "Free" && listingRng.chance(0.15)) {
        const at = timestamp(clock.day - back, listingRng.int(9 * 3600, 18 * 3600));
        const posted = {
          trigger: "sync",
          from_date: day,
          nights_posted: openFrom(openDates, day),
          nights_changed: 0,
        };
        const { n } = db
          .prepare(
            `SELECT COUNT(*) AS n FROM reservations WHERE listing_svc_id = ? AND check_out >= date(?, '-30 days') AND booked_at <= ?`,
          )
          .get(svcId, day, at) as { n: number };
        entries.push({ listingSvcId: svcId, at, actor: ownerId, action: "price_posted", details: posted });
        entries.push({
          listingSvcId: svcId,
          at,
          actor: ownerId,
          action: "calendar_synced",
          details: { reservations_read: n, reservations_changed: 0 },
        });
      }
    }
    const reservations = db
      .prepare(
        `SELECT reservation_id, booked_at, canceled_at FROM reservations
         WHERE listing_svc_id = ? AND (booked_at >= ? OR canceled_at >= ?) ORDER BY reservation_id`,
      )
      .all(svcId, windowStart, windowStart) as Array<{
      reservation_id: string;
      booked_at: string;
      canceled_at: string | null;
    }>;
    for (const r of reservations) {
      const imported = (at: string, change: string) =>
        entries.push({
          listingSvcId: svcId,
          at,
          actor: null,
          action: "reservation_imported",
          details: { reservation_id: r.reservation_id, change },
        });
      if (r.booked_at >= windowStart && r.booked_at < clock.now) imported(r.booked_at, "new");
      if (r.canceled_at !== null && r.canceled_at >= windowStart && r.canceled_at < clock.now)
        imported(r.canceled_at, "cancel");
    }
    const periods = db
      .prepare(`SELECT * FROM custom_rates WHERE listing_svc_id = ? ORDER BY created_at, id`)
      .all(svcId) as StoredPeriod[];
    for (const period of periods) {
      entries.push({
        listingSvcId: svcId,
        at: period.created_at,
        actor: ownerId,
        action: "custom_rate_added",
        details: addedDetails(period),
      });
    }
  }
  entries.sort((a, b) => a.at.localeCompare(b.at) || a.listingSvcId.localeCompare(b.listingSvcId));
  const insert = db.prepare(
    `INSERT INTO listing_changelog (id, listing_svc_id, at, actor_user_id, action, details) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  for (const e of entries) {
    insert.run(`lcg_${rng.hex(16)}`, e.listingSvcId, e.at, e.actor, e.action, JSON.stringify(e.details));
  }
}
