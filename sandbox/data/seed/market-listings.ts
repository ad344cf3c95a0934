/**
 * Comparison candidates (`market_listings`): each market's other listings with performance
 * metrics per period suffix. Metrics are coherent with one another:
 *   nights_available + nights_blocked = nights in the window
 *   occupancy_adjusted = 100 * nights_booked / nights_available          (percent, 0..100)
 *   revenue = adr * nights_booked
 *   revpar = revenue / nights in the window   (= adr * unadjusted occupancy)
 *   revpar_adjusted = revenue / nights_available   (= adr * occupancy_adjusted / 100)
 *   nights_percent_open = 100 * (nights_available - nights_booked) / nights in the window
 * adr and length_of_stay are null when nothing is booked in the window.
 */
import type { Rng } from "../random";
import { distanceKm, offsetKm, round, type Point } from "./geo";
import {
  MARKET_PROFILES,
  drawAmenities,
  drawBedrooms,
  typicalBasePrice,
  type MarketProfile,
} from "./markets";
import type { MarketNight } from "./demand";
import { SET_MEMBER_METRICS } from "../../../lib/svc/schemas/set-analytics";
import { listingName } from "./names";
import type { ChannelName, MarketListingRow } from "./types";

/** The member-listing metrics of the contract; the seed stores exactly these keys. */
const METRIC_NAMES = SET_MEMBER_METRICS;

/** Period suffixes: `<days back>_<days forward>` relative to today. */
export const METRIC_WINDOWS = [
  { suffix: "365_0", offset: -365, length: 365 },
  { suffix: "90_0", offset: -90, length: 90 },
  { suffix: "30_0", offset: -30, length: 30 },
  { suffix: "0_30", offset: 0, length: 30 },
  { suffix: "0_90", offset: 0, length: 90 },
] as const;

/**
 * Share of a night's final bookings already on the books `lead` days ahead: about 0.9 over
 * the next 30 days, about 0.15 six months out.
 */
export function pickupAtLead(lead: number): number {
  return lead < 0 ? 1 : Math.min(1, 0.12 + 0.95 * Math.exp(-lead / 70));
}

export interface CandidateDraft {
  row: MarketListingRow;
  profile: MarketProfile;
  point: Point;
  bedrooms: number;
  eligible: boolean;
  basePrice: number;
}

interface WindowStats {
  suffix: string;
  length: number;
  price: number;
  demand: number;
  pickup: number;
  forward: boolean;
}

function windowStats(nights: readonly MarketNight[], startDay: number, today: number): WindowStats[] {
  return METRIC_WINDOWS.map((w) => {
    let price = 0;
    let demand = 0;
    let pickup = 0;
    for (let k = 0; k < w.length; k++) {
      const day = today + w.offset + k;
      const n = nights[day - startDay];
      if (!n) throw new Error("market nights do not cover the metric windows");
      price += n.season * n.weekday * n.event * n.noise;
      demand += n.season * n.event * n.noise;
      pickup += pickupAtLead(day - today);
    }
    return {
      suffix: w.suffix,
      length: w.length,
      price: price / w.length,
      demand: demand / w.length,
      pickup: pickup / w.length,
      forward: w.offset >= 0,
    };
  });
}

function candidateMetrics(
  rng: Rng,
  base: number,
  stats: readonly WindowStats[],
): Record<string, number | null> {
  const occBase = Math.min(0.92, Math.max(0.3, rng.normal(0.66, 0.1)));
  const blockedShare = Math.min(0.2, Math.max(0, rng.normal(0.04, 0.03)));
  const los = Math.min(7, Math.max(1.8, rng.normal(3.6, 0.8)));
  const askingPremium = rng.float(1.03, 1.15);
  const unknown = rng.next();
  const values: Record<string, Record<string, number | null>> = {};
  for (const w of stats) {
    const blocked = Math.min(w.length - 1, Math.round(w.length * blockedShare * rng.logNormal(0.3)));
    const available = w.length - blocked;
    const finalOcc = Math.min(0.98, Math.max(0.1, occBase * w.demand ** 0.8 * rng.logNormal(0.06)));
    const booked = Math.round(available * finalOcc * w.pickup);
    const adr = booked > 0 ? round(base * w.price * rng.logNormal(0.04), 2) : null;
    const revenue = adr === null ? 0 : round(adr * booked, 2);
    values[w.suffix] = {
      adr,
      asking_rate: available > booked ? round((adr ?? base * w.price) * askingPremium, 2) : null,
      revenue,
      revpar: round(revenue / w.length, 2),
      revpar_adjusted: round(revenue / available, 2),
      occupancy_adjusted: round((100 * booked) / available, 1),
      nights_percent_open: round((100 * (available - booked)) / w.length, 1),
      length_of_stay: booked > 0 ? round(Math.min(booked, los * rng.logNormal(0.08)), 1) : null,
      nights_booked: booked,
      nights_available: available,
      nights_blocked: blocked,
    };
  }
  // About 3% are unknown in part: new to the market (no trailing history) or missing rates.
  if (unknown < 0.02) {
    for (const s of ["365_0", "90_0"])
      for (const m of METRIC_NAMES) (values[s] as Record<string, number | null>)[m] = null;
  } else if (unknown < 0.03) {
    for (const w of stats) {
      const v = values[w.suffix] as Record<string, number | null>;
      v.asking_rate = null;
      v.length_of_stay = null;
    }
  }
  const metrics: Record<string, number | null> = {};
  for (const m of METRIC_NAMES)
    for (const w of stats) metrics[`${m}_${w.suffix}`] = values[w.suffix]?.[m] ?? null;
  return metrics;
}

/** A point within ~15 km of the market, denser near the centre and its neighbourhoods. */
function candidatePoint(rng: Rng, profile: MarketProfile): Point {
  if (rng.chance(0.45)) {
    const nb = rng.pick(profile.neighborhoods);
    return offsetKm(nb, rng.normal(0, 0.7), rng.normal(0, 0.7));
  }
  const r = 15 * rng.next() ** 1.5;
  const angle = rng.float(0, 2 * Math.PI);
  return offsetKm(profile.center, r * Math.cos(angle), r * Math.sin(angle));
}

function nearestNeighborhood(profile: MarketProfile, point: Point) {
  let best = profile.neighborhoods[0];
  let bestKm = Infinity;
  for (const nb of profile.neighborhoods) {
    const km = distanceKm(nb, point);
    if (km < bestKm) [best, bestKm] = [nb, km];
  }
  if (!best) throw new Error(`${profile.id} has no neighbourhoods`);
  return best;
}

export function buildMarketListings(
  rng: Rng,
  marketNights: ReadonlyMap<string, readonly MarketNight[]>,
  startDay: number,
  today: number,
): CandidateDraft[] {
  const out: CandidateDraft[] = [];
  let nextId = 5_000_001;
  for (const profile of MARKET_PROFILES) {
    const nights = marketNights.get(profile.id);
    if (!nights) throw new Error(`no nights for ${profile.id}`);
    const stats = windowStats(nights, startDay, today);
    const count = rng.int(520, 680);
    for (let i = 0; i < count; i++) {
      const point = candidatePoint(rng, profile);
      const nb = nearestNeighborhood(profile, point);
      const bedrooms = drawBedrooms(rng, profile);
      const quality = Math.min(1.7, Math.max(0.65, rng.logNormal(0.2)));
      const amenities = drawAmenities(rng, profile, quality);
      const maxGuests = bedrooms === 0 ? 2 : bedrooms * 2 + rng.int(0, 2);
      const basePrice = round(typicalBasePrice(profile, bedrooms) * quality, 2);
      const eligible = !rng.chance(0.05);
      const channel = rng.weighted<ChannelName>([
        ["airbnb", 0.6],
        ["vrbo", 0.2],
        ["booking_com", 0.2],
      ]);
      const bathrooms = rng.chance(0.02)
        ? null
        : bedrooms === 0
          ? 1
          : Math.max(1, Math.round(bedrooms * rng.float(0.6, 1.05) * 2) / 2);
      const row: MarketListingRow = {
        listing_id: String(nextId++),
        market_id: profile.id,
        channel,
        name: listingName(rng, profile, nb, bedrooms, amenities),
        latitude: round(point.lat, 6),
        longitude: round(point.lng, 6),
        bedrooms,
        bathrooms,
        max_guests: maxGuests,
        guests_included: rng.chance(0.1) ? null : Math.min(maxGuests, Math.max(1, bedrooms * 2)),
        amenities: JSON.stringify(amenities),
        currency: profile.currency,
        base_price: basePrice,
        eligible: eligible ? 1 : 0,
        metrics: JSON.stringify(candidateMetrics(rng, basePrice, stats)),
      };
      out.push({ row, profile, point, bedrooms, eligible, basePrice });
    }
  }
  return out;
}
