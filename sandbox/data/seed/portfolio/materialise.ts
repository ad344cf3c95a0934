/**
 * The portfolio manager's portfolio, materialised on first use. Seeding writes their user and
 * key only (../../seed.ts), so the six personas' world and every test that seeds it pay
 * nothing for 1,500 listings; the first request their key authenticates writes the rest in
 * one transaction (middleware/auth.ts). Everything comes from the seed and the seeded day (the
 * meta rows `seed` and `seeded_on`), never from the service clock: materialised on the seeded
 * day or a week later, the portfolio is the same. A reset drops it with everything else, and
 * the next use materialises it again.
 */
import type Database from "better-sqlite3";
import { insertObjects } from "../../batch-insert";
import { createRng } from "../../random";
import { FORWARD_DAYS, HISTORY_MONTHS } from "../../seed";
import { firstOfMonthBefore, parseDay, timestamp } from "../dates";
import { buildMarketNights, type MarketNight } from "../demand";
import { seedFlags } from "../extras/listing-records";
import { MARKET_PROFILES } from "../markets";
import { PORTFOLIO_MANAGER, type ChannelName } from "../types";
import { extendEarlierNights, marketNightsBefore } from "../stay-history";
import { portfolioStartDay, writeEarlierStays, writePortfolioCalendars } from "./calendars";
import { planPortfolio } from "./plan";
import { seedPortfolioCustomRates } from "./custom-rates";
import { PortfolioRecords } from "./records";

/** The meta row saying the portfolio is written (its value: how many listings). */
const DONE_KEY = "portfolio_manager_materialised";

export interface MaterialiseSummary {
  listings: number;
  nights: number;
  reservations: number;
  postings: number;
  preferenceExtras: number;
  priceChanges: number;
  changelog: number;
  ms: number;
}

export function isPortfolioMaterialised(db: Database.Database): boolean {
  return db.prepare(`SELECT 1 FROM meta WHERE key = ?`).get(DONE_KEY) !== undefined;
}

const metaValue = (db: Database.Database, key: string) =>
  (db.prepare(`SELECT value FROM meta WHERE key = ?`).get(key) as { value: string } | undefined)?.value;

/**
 * Writes the portfolio unless it is there already (or the database predates the persona).
 * Answers what it wrote, or null when it wrote nothing.
 */
export function materialisePortfolio(db: Database.Database): MaterialiseSummary | null {
  if (isPortfolioMaterialised(db)) return null;
  const manager = db.prepare(`SELECT id, created_at FROM users WHERE persona = ?`).get(PORTFOLIO_MANAGER) as
    { id: string; created_at: string } | undefined;
  const seed = metaValue(db, "seed");
  const seededOn = metaValue(db, "seeded_on");
  if (!manager || seed === undefined || seededOn === undefined) return null;
  const started = performance.now();

  const today = parseDay(seededOn);
  const root = createRng(seed);
  const rng = root.fork("portfolio-manager");

  // The markets' demand as the world was seeded with it, cut to the portfolio's shorter calendar.
  const worldStart = firstOfMonthBefore(today, HISTORY_MONTHS);
  const win = {
    startDay: portfolioStartDay(today),
    endDay: today + FORWARD_DAYS,
    today,
  };
  const marketRng = root.fork("market-nights");
  const worldNights = new Map<string, readonly MarketNight[]>();
  const marketNights = new Map<string, readonly MarketNight[]>();
  for (const profile of MARKET_PROFILES) {
    const nights = buildMarketNights(marketRng.fork(profile.id), profile, worldStart, win.endDay);
    worldNights.set(profile.id, nights);
    marketNights.set(profile.id, nights.slice(win.startDay - worldStart));
  }
  // Her stays before her calendars: the world's earlier nights, then the world's calendar ones.
  const earlierNights = extendEarlierNights(
    marketNightsBefore(root.fork("earlier-market-nights"), today, worldStart),
    worldNights,
    win.startDay,
  );

  const takenChannelIds = db.prepare(`SELECT channel, channel_listing_id FROM listings`).all() as Array<{
    channel: ChannelName;
    channel_listing_id: string;
  }>;
  const plan = planPortfolio(
    rng.fork("plan"),
    { id: manager.id, createdDay: parseDay(manager.created_at.slice(0, 10)) },
    today,
    takenChannelIds,
  );
  const usedReservationIds = new Set(
    db.prepare(`SELECT reservation_id FROM reservations`).pluck().all() as string[],
  );

  // Every row is written after the rows it refers to; checking each of ~800,000 references
  // against its parent doubled the time. (The pragma is a no-op inside a transaction.)
  const checkingForeignKeys = db.pragma("foreign_keys", { simple: true }) === 1;
  if (checkingForeignKeys) db.pragma("foreign_keys = OFF");
  let summary: Omit<MaterialiseSummary, "ms"> | undefined;
  try {
    db.transaction(() => {
      insertObjects(db, "users", plan.partners);
      insertObjects(db, "team_members", plan.teamMembers);
      insertObjects(
        db,
        "listings",
        plan.drafts.map((d) => d.row),
      );
      insertObjects(db, "listing_access", plan.access);
      const customRates = seedPortfolioCustomRates(db, rng.fork("custom-rates"), plan.drafts, today);
      const records = new PortfolioRecords(
        db,
        {
          extras: rng.fork("preferences"),
          prices: rng.fork("price-history"),
          changelog: rng.fork("changelog"),
          postings: rng.fork("postings"),
        },
        today,
        manager.id,
        customRates,
      );
      const counts = writePortfolioCalendars(
        db,
        rng.fork("calendar"),
        plan.drafts,
        marketNights,
        win,
        usedReservationIds,
        (listing) => records.add(listing),
      );
      counts.reservations += writeEarlierStays(
        db,
        rng.fork("earlier-stays"),
        plan.drafts,
        earlierNights,
        today,
        usedReservationIds,
      );
      const written = records.finish();
      seedFlags(
        db,
        rng.fork("flags"),
        { day: today, today: seededOn, now: timestamp(today) },
        plan.drafts.map((d) => d.row.svc_id),
      );
      db.prepare(`INSERT INTO meta (key, value) VALUES (?, ?)`).run(DONE_KEY, String(plan.drafts.length));
      summary = { listings: plan.drafts.length, ...counts, ...written };
    })();
  } finally {
    if (checkingForeignKeys) db.pragma("foreign_keys = ON");
  }
  return { ...summary!, ms: performance.now() - started };
}
