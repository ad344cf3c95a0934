/**
 * History of the listing calendars group: the postings of every own listing's stay dates
 * from 14 days back to the end of the calendar, and 90 days of base price log.
 *
 * Postings end in the price and minimum stay in force (`calendar_nights`), so the last
 * posted price of a date is the calendar's price. Before it, a date carries up to two
 * earlier postings a few days to three weeks apart at prices a few percent off, and now
 * and then a failed attempt shortly before a successful one. Listings with automatic
 * posting post in the early-morning run (`automatic`, sometimes a `sync`); the others
 * post from the app. A channel that takes no minimum stays gets none posted.
 *
 * The base price log walks back from the listing's current recommendation and base price
 * preference, changing the recommendation on about one day in sixteen.
 */
import { BatchInsert } from "../../batch-insert";
import { CALENDAR_POSTING_COLUMNS } from "../../tables/listing-calendars";
import type { Rng } from "../../random";
import { formatDay } from "../dates";
import type { SeedExtra } from "./types";

const POSTED_HISTORY_DAYS = 14;
const BASE_PRICE_LOG_DAYS = 90;
const FAILURES = [
  "The channel rejected the rate: it is below the channel's minimum nightly rate.",
  "The channel did not answer within 30 seconds.",
  "The listing is temporarily locked by the channel.",
] as const;

interface ListingSeedRow {
  svc_id: string;
  base_price: number;
  preferences: string;
  supported_settings: string;
}

interface NightSeedRow {
  date: string;
  price: number;
  recommended_price: number;
  min_stay: number;
}

interface Prefs {
  pricing_enabled?: boolean;
  base_price?: number | null;
  min_price?: number | null;
  max_price?: number | null;
}

type Trigger = "automatic" | "sync" | "app";

const DAY_S = 86_400;
const dayOf = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Timestamps of ~20k postings; day strings are cached (formatting dates dominates otherwise). */
function timestamps(): (seconds: number) => string {
  const days = new Map<number, string>();
  return (seconds) => {
    const day = Math.floor(seconds / DAY_S);
    let date = days.get(day);
    if (date === undefined) days.set(day, (date = formatDay(day)));
    const s = seconds - day * DAY_S;
    return `${date}T${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}Z`;
  };
}

function clampPrice(value: number, prefs: Prefs): number {
  return Math.min(prefs.max_price ?? Infinity, Math.max(prefs.min_price ?? 1, Math.round(value)));
}

export const seedExtra: SeedExtra = (db, env) => {
  const listings = db
    .prepare(`SELECT svc_id, base_price, preferences, supported_settings FROM listings ORDER BY svc_id`)
    .all() as ListingSeedRow[];
  const nightsOf = db.prepare(
    `SELECT date, price, recommended_price, min_stay FROM calendar_nights
     WHERE listing_svc_id = ? AND date >= ? ORDER BY date`,
  );
  // Batched: nothing reads either table while they are written.
  const postings = new BatchInsert(db, "calendar_postings", CALENDAR_POSTING_COLUMNS);
  const basePriceLog = new BatchInsert(db, "base_price_log", [
    "listing_svc_id",
    "date",
    "recommended_base_price",
    "effective_base_price",
  ]);
  const firstDate = formatDay(env.today - POSTED_HISTORY_DAYS);
  const timestampFromSeconds = timestamps();

  for (const listing of listings) {
    const rng = env.rng.fork(listing.svc_id);
    const prefs = JSON.parse(listing.preferences) as Prefs;
    const takesMinStay = (JSON.parse(listing.supported_settings) as { min_stay: boolean }).min_stay;
    const automatic = prefs.pricing_enabled === true;
    const nights = nightsOf.all(listing.svc_id, firstDate) as NightSeedRow[];

    for (const night of nights) {
      const minStay = takesMinStay ? night.min_stay : null;
      const chain = postingChain(rng, night, dayOf(night.date), env.today, prefs, automatic);
      for (const posting of chain) {
        const trigger: Trigger = automatic ? (rng.chance(0.12) ? "sync" : "automatic") : "app";
        const second = trigger === "automatic" ? rng.int(3 * 3600, 5 * 3600) : rng.int(8 * 3600, 22 * 3600);
        const at = posting.day * DAY_S + second;
        if (rng.chance(0.03)) {
          postings.add([
            listing.svc_id,
            night.date,
            timestampFromSeconds(at - rng.int(5, 90) * 60),
            posting.price,
            posting.recommended,
            minStay,
            "failed",
            trigger,
            rng.pick(FAILURES),
          ]);
        }
        postings.add([
          listing.svc_id,
          night.date,
          timestampFromSeconds(at),
          posting.price,
          posting.recommended,
          minStay,
          "posted",
          trigger,
          null,
        ]);
      }
    }
    seedBasePriceLog(rng, listing, prefs, env.today, (date, rec, eff) =>
      basePriceLog.add([listing.svc_id, date, rec, eff]),
    );
  }
  postings.flush();
  basePriceLog.flush();
};

interface PlannedPosting {
  day: number;
  price: number;
  recommended: number;
}

/** A stay date's successful postings, oldest first; the last one is the price in force. */
function postingChain(
  rng: Rng,
  night: NightSeedRow,
  stayDay: number,
  today: number,
  prefs: Prefs,
  automatic: boolean,
): PlannedPosting[] {
  const count = 1 + (rng.chance(0.3) ? 1 : 0) + (rng.chance(0.06) ? 1 : 0);
  let day = Math.min(stayDay, today) - 1 - (rng.chance(0.5) ? 0 : rng.int(1, 6));
  let price = night.price;
  let recommended = night.recommended_price;
  const chain: PlannedPosting[] = [{ day, price, recommended }];
  for (let i = 1; i < count; i++) {
    day -= rng.int(2, 21);
    price = clampPrice(price * rng.logNormal(0.06), prefs);
    // Automatic posting posts the recommendation; a host posting from the app does not.
    recommended = automatic ? price : clampPrice(recommended * rng.logNormal(0.04), prefs);
    chain.unshift({ day, price, recommended });
  }
  return chain;
}

function seedBasePriceLog(
  rng: Rng,
  listing: ListingSeedRow,
  prefs: Prefs,
  today: number,
  insert: (date: string, recommended: number, effective: number) => void,
): void {
  let recommended = listing.base_price;
  let preference = prefs.base_price ?? null;
  for (let day = today - 1; day >= today - BASE_PRICE_LOG_DAYS; day--) {
    insert(formatDay(day), recommended, preference ?? recommended);
    // Walking back: the values before this day may have been different.
    if (rng.chance(0.06)) recommended = Math.max(1, Math.round(recommended * rng.logNormal(0.035)));
    if (preference !== null && rng.chance(0.01)) {
      preference = Math.max(1, Math.round(preference * rng.logNormal(0.05)));
    }
  }
}
