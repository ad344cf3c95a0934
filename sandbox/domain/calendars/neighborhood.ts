/**
 * A listing's neighborhood: the comparison candidates (`market_listings`, eligible or not)
 * of its market in its bedroom group (the market's `bedroom_groups`, e.g. "2" or "6+"; a
 * listing without a bedroom count takes the whole market).
 *
 * Candidates' nights are not stored; they follow the market's demand model (`market_nights`),
 * as the candidates' stored metrics were generated (seed/market-listings.ts):
 * - price on a date = base_price * season * weekday * event * noise * jitter, the jitter
 *   0.92..1.08 from a stable hash of (candidate, date), converted to the listing's currency;
 * - booked on a date with probability occupancy * (season * event * noise)^0.8 * pickup(lead),
 *   where occupancy is the candidate's occupancy_adjusted_365_0 (else _90_0, else 60 %) and
 *   pickup the share of final bookings already made `lead` days ahead (1 for past dates),
 *   drawn with a second value of the same hash.
 */
import { hashString } from "../../data/random";
import { pickupAtLead } from "../../data/seed/market-listings";
import type { SandboxContext } from "../../context";
import type { ListingRow } from "../access";
import { converter } from "../fx";
import { dayNumber, round2, type DateRange } from "./range";

export const PRICE_JITTER = 0.08;
const DEFAULT_OCCUPANCY = 0.6;

export interface BedroomBounds {
  min: number;
  max: number;
}

/** The bedroom counts of the listing's group in its market; null for the whole market. */
export function bedroomGroup(groups: readonly string[], bedrooms: number | null): BedroomBounds | null {
  if (bedrooms === null) return null;
  for (const label of groups) {
    const open = label.endsWith("+");
    const from = Number.parseInt(label, 10);
    if (open ? bedrooms >= from : bedrooms === from) return { min: from, max: open ? 1_000 : from };
  }
  return { min: bedrooms, max: bedrooms };
}

export interface Candidate {
  listing_id: string;
  base_price: number;
  currency: string;
  occupancy: number;
  amenity_count: number;
  max_guests: number | null;
}

interface MarketNightRow {
  date: string;
  season: number;
  weekday: number;
  event: number;
  noise: number;
}

export function neighborhoodCandidates(ctx: SandboxContext, listing: ListingRow): Candidate[] {
  const market = ctx.db.prepare(`SELECT bedroom_groups FROM markets WHERE id = ?`).get(listing.market_id) as {
    bedroom_groups: string;
  };
  const bounds = bedroomGroup(JSON.parse(market.bedroom_groups) as string[], listing.bedrooms) ?? {
    min: -1,
    max: 1_000,
  };
  const rows = ctx.db
    .prepare(
      `SELECT listing_id, base_price, currency, json_array_length(amenities) AS amenity_count, max_guests,
              COALESCE(json_extract(metrics, '$.occupancy_adjusted_365_0'),
                       json_extract(metrics, '$.occupancy_adjusted_90_0')) AS occupancy
       FROM market_listings
       WHERE market_id = ? AND COALESCE(bedrooms, -1) BETWEEN ? AND ?
       ORDER BY listing_id`,
    )
    .all(listing.market_id, bounds.min, bounds.max) as Array<Candidate & { occupancy: number | null }>;
  return rows.map((r) => ({ ...r, occupancy: r.occupancy === null ? DEFAULT_OCCUPANCY : r.occupancy / 100 }));
}

export function marketNights(ctx: SandboxContext, marketId: string, range: DateRange): MarketNightRow[] {
  return ctx.db
    .prepare(
      `SELECT date, season, weekday, event, noise FROM market_nights
       WHERE market_id = ? AND date BETWEEN ? AND ? ORDER BY date`,
    )
    .all(marketId, range.start, range.end) as MarketNightRow[];
}

/** One output of mulberry32 (sandbox/data/random.ts) from its advanced state, inlined for speed. */
function unitDraw(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const MULBERRY_STEP = 0x6d2b79f5;

/** The neighborhood's prices (sorted, listing currency) and booked count on one night. */
export interface NightStats {
  date: string;
  prices: Float64Array;
  booked: number;
}

/**
 * Every candidate's night on each market night. The two draws of a (candidate, date) are
 * the first two values of mulberry32 seeded with hash(candidate) ^ day * golden ratio.
 */
export function candidateNights(
  ctx: SandboxContext,
  listing: ListingRow,
  candidates: readonly Candidate[],
  nights: readonly MarketNightRow[],
  today: string,
): NightStats[] {
  const convert = converter(ctx);
  const todayDay = dayNumber(today);
  const hashes = candidates.map((c) => hashString(c.listing_id));
  const bases = candidates.map((c) =>
    c.currency === listing.currency ? c.base_price : convert(c.base_price, c.currency, listing.currency),
  );
  return nights.map((n) => {
    const day = dayNumber(n.date);
    const multiplier = n.season * n.weekday * n.event * n.noise;
    const demand = (n.season * n.event * n.noise) ** 0.8;
    const pickup = pickupAtLead(day - todayDay);
    const dayKey = Math.imul(day, 0x9e3779b1);
    const prices = new Float64Array(candidates.length);
    let booked = 0;
    for (let i = 0; i < candidates.length; i++) {
      const first = (((hashes[i] as number) ^ dayKey) + MULBERRY_STEP) >>> 0;
      const jitter = unitDraw(first);
      const bookDraw = unitDraw((first + MULBERRY_STEP) >>> 0);
      prices[i] = (bases[i] as number) * multiplier * (1 - PRICE_JITTER + 2 * PRICE_JITTER * jitter);
      const probability = Math.min(0.98, (candidates[i] as Candidate).occupancy * demand * pickup);
      if (bookDraw < probability) booked++;
    }
    return { date: n.date, prices: prices.sort(), booked };
  });
}

/** Linear-interpolated percentile of sorted values (0..1). */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

export interface NeighborhoodDay {
  date: string;
  median_price: number | null;
  p25_price: number | null;
  p75_price: number | null;
  occupancy_percent: number | null;
  listing_count: number;
}

/** Daily price percentiles and occupancy of the listing's neighborhood over the range. */
export function neighborhoodDays(
  ctx: SandboxContext,
  listing: ListingRow,
  range: DateRange,
  today: string,
): NeighborhoodDay[] {
  const candidates = neighborhoodCandidates(ctx, listing);
  const nights = marketNights(ctx, listing.market_id, range);
  return candidateNights(ctx, listing, candidates, nights, today).map(({ date, prices, booked }) => {
    const count = prices.length;
    if (count === 0) {
      const empty = { median_price: null, p25_price: null, p75_price: null, occupancy_percent: null };
      return { date, ...empty, listing_count: 0 };
    }
    return {
      date,
      median_price: round2(percentile(prices, 0.5)),
      p25_price: round2(percentile(prices, 0.25)),
      p75_price: round2(percentile(prices, 0.75)),
      occupancy_percent: Math.round((1000 * booked) / count) / 10,
      listing_count: count,
    };
  });
}
