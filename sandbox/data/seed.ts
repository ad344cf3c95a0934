/**
 * The reference service's deterministic seeded world.
 *
 * `seedDatabase(db, {seed, today})` fills an empty database (schema already applied, see
 * db.ts) with markets, the personas of docs/interface-decisions.md §8 and their keys, team and listings, comparison
 * candidates with metrics, calendars from 15 months back to 12 ahead, reservations from 24
 * months back (seed/stay-history.ts), and dynamic sets. Everything comes from the seeded PRNG
 * in random.ts and every timestamp is derived from `today`: the same seed and day give
 * byte-identical data.
 * All rows are inserted in one transaction.
 */
import type Database from "better-sqlite3";
import { insertObjects } from "./batch-insert";
import { isSeeded } from "./db";
import { createRng } from "./random";
import { buildCalendars, type CalendarWindow } from "./seed/calendar";
import { firstOfMonthBefore, formatDay, parseDay } from "./seed/dates";
import { buildListings } from "./seed/listings";
import { buildMarketListings } from "./seed/market-listings";
import { buildMarketNights, type MarketNight } from "./seed/demand";
import { FX_RATES, MARKET_PROFILES } from "./seed/markets";
import { buildPeople, buildPortfolioManager } from "./seed/personas";
import { SEED_EXTRAS } from "./seed/extras";
import { buildSets } from "./seed/sets";
import { buildEarlierStays, marketNightsBefore } from "./seed/stay-history";
import type { MarketRow, Persona } from "./seed/types";

export interface SeedOptions {
  /** Any string or number; a number seeds the same world as its decimal string. */
  seed: string | number;
  /** The service clock's day, YYYY-MM-DD. History and forward calendar are relative to it. */
  today: string;
  /**
   * The seeding instant (unix ms, service clock). Only today's part of the seeded request
   * history depends on it (it stops at the start of this minute); without it that history ends
   * at today's midnight.
   */
  nowMs?: number;
}

/** Tables the seed fills, in insertion (foreign-key) order. */
export const SEEDED_TABLES = [
  "meta",
  "fx_rates",
  "users",
  "api_keys",
  "team_members",
  "markets",
  "market_nights",
  "listings",
  "listing_access",
  "market_listings",
  "reservations",
  "calendar_nights",
  "sets",
  "set_members",
  "set_shares",
  "set_associated_listings",
] as const;
export type SeededTable = (typeof SEEDED_TABLES)[number];

export interface SeedSummary {
  seed: string;
  today: string;
  /** First and last calendar night. */
  calendar: { start: string; end: string };
  counts: Record<SeededTable, number>;
  /** User id of each persona. */
  personas: Record<Persona, string>;
}

/** Months of calendar before today's month, and forward nights after today. */
export const HISTORY_MONTHS = 15;
export const FORWARD_DAYS = 365;

export function seedDatabase(db: Database.Database, options: SeedOptions): SeedSummary {
  if (isSeeded(db)) {
    throw new Error("seedDatabase: the database is already seeded; open a fresh database to reseed");
  }
  const today = parseDay(options.today);
  const seed = String(options.seed);
  const rng = createRng(seed);
  const win: CalendarWindow = {
    startDay: firstOfMonthBefore(today, HISTORY_MONTHS),
    endDay: today + FORWARD_DAYS,
    today,
  };

  const marketRng = rng.fork("market-nights");
  const marketNights = new Map<string, readonly MarketNight[]>();
  for (const profile of MARKET_PROFILES) {
    marketNights.set(
      profile.id,
      buildMarketNights(marketRng.fork(profile.id), profile, win.startDay, win.endDay),
    );
  }
  const markets: MarketRow[] = MARKET_PROFILES.map((p) => ({
    id: p.id,
    name: p.name,
    country: p.country,
    currency: p.currency,
    latitude: p.center.lat,
    longitude: p.center.lng,
    bedroom_groups: JSON.stringify(p.bedroomGroups),
  }));

  const people = buildPeople(rng.fork("people"), today);
  const { drafts, access } = buildListings(rng.fork("listings"), people, today);
  const candidates = buildMarketListings(rng.fork("market-listings"), marketNights, win.startDay, today);
  const calendar = buildCalendars(rng.fork("calendar"), drafts, marketNights, win);
  const earlierStays = buildEarlierStays(
    rng.fork("earlier-stays"),
    drafts,
    marketNightsBefore(rng.fork("earlier-market-nights"), today, win.startDay),
    today,
    new Set(calendar.reservations.map((r) => r.reservation_id)),
  );
  const sets = buildSets(rng.fork("sets"), people, drafts, candidates, today);

  const rows: Record<SeededTable, readonly object[]> = {
    meta: [
      { key: "seed", value: seed },
      { key: "seeded_on", value: options.today },
    ],
    fx_rates: Object.entries(FX_RATES).map(([currency, per_usd]) => ({ currency, per_usd })),
    users: people.users,
    api_keys: people.apiKeys,
    team_members: people.teamMembers,
    markets,
    market_nights: [...marketNights].flatMap(([market_id, nights]) =>
      nights.map((n) => ({
        market_id,
        date: formatDay(n.day),
        season: n.season,
        weekday: n.weekday,
        event: n.event,
        noise: n.noise,
        demand: n.demand,
      })),
    ),
    listings: drafts.map((d) => d.row),
    listing_access: access,
    market_listings: candidates.map((c) => c.row),
    reservations: [...calendar.reservations, ...earlierStays],
    calendar_nights: calendar.nights,
    sets: sets.sets,
    set_members: sets.members,
    set_shares: sets.shares,
    set_associated_listings: sets.associated,
  };

  // The seventh persona's user and key; their portfolio waits for first use (seed/portfolio).
  const portfolioManager = buildPortfolioManager(rng.fork("portfolio-manager"), today);

  db.transaction(() => {
    for (const table of SEEDED_TABLES) insertObjects(db, table, rows[table]);
    const env = { today, todayIso: options.today, personas: people.ids, nowMs: options.nowMs };
    for (const [name, step] of SEED_EXTRAS) step(db, { ...env, rng: rng.fork(`extra-${name}`) });
    // After the extras, which so never see them: the six personas' world is as it was.
    insertObjects(db, "users", [portfolioManager.user]);
    insertObjects(db, "api_keys", portfolioManager.apiKeys);
  })();

  const counts = {} as Record<SeededTable, number>;
  for (const table of SEEDED_TABLES) counts[table] = rows[table].length;
  counts.users += 1;
  counts.api_keys += portfolioManager.apiKeys.length;
  return {
    seed,
    today: options.today,
    calendar: { start: formatDay(win.startDay), end: formatDay(win.endDay) },
    counts,
    personas: { ...people.ids, portfolio_manager: portfolioManager.user.id },
  };
}
