import { z } from "zod";
import { addDays } from "@/lib/format/dates";
import { ALL_LISTINGS, groupOf } from "@/lib/market/bedrooms";
import { round, type PacePeriod } from "@/lib/pace/table";
import { readAnswer } from "@/lib/svc/read-answer";
import { marketTimeSeries } from "@/lib/svc/schemas/market-report";

/**
 * The market's occupancy and ADR beside the portfolio's pace: the service's market report,
 * night by night as the mirror holds it, summed into the pace table's periods. It is the
 * market's own figure, shown apart and never added into the portfolio's.
 */
const figure = z.number().nullable();
export const marketPeriodSchema = z.object({
  period: z.string(),
  /** Mean of the market's nightly occupancy (percent) over the period's nights it reports. */
  occupancy: figure,
  /** The market's nightly ADR weighted by its occupancy: what a booked night fetched. */
  adr: figure,
});
export type MarketPeriod = z.infer<typeof marketPeriodSchema>;

/** Why no overlay is shown: the view spans markets, none, or the market is not read yet. */
export const MARKET_OVERLAY_MISSING = ["several_markets", "no_market", "not_read"] as const;
export type MarketOverlayMissing = (typeof MARKET_OVERLAY_MISSING)[number];

export const marketOverlaySchema = z.discriminatedUnion("state", [
  z.object({
    state: z.literal("shown"),
    market_id: z.string(),
    market_name: z.string(),
    /** The bedroom group the figures are of; null for every listing of the market. */
    bedrooms: z.string().nullable(),
    /** ADR's currency: the market report's, which may differ from the table's. */
    currency: z.string().nullable(),
    read_at: z.string(),
    periods: z.array(marketPeriodSchema),
  }),
  z.object({ state: z.enum(MARKET_OVERLAY_MISSING) }),
]);
export type MarketOverlayState = z.infer<typeof marketOverlaySchema>;

/** A listing as the overlay reads it: which market and how many bedrooms. */
export interface OverlayListing {
  marketId: string | null;
  bedrooms: number | null;
}

/** One stored series: `key` is `<group or "all">:<metric>` (lib/server/mirror/reader.ts). */
export interface StoredSeries {
  key: string;
  body: unknown;
  readAt: string;
}

/** A series' nightly values by date, read tolerantly: a point that cannot be read is left out. */
function nightly(series: StoredSeries | undefined): { values: Map<string, number>; currency: string | null } {
  const values = new Map<string, number>();
  if (!series) return { values, currency: null };
  const read = readAnswer(marketTimeSeries, series.body);
  if (!read.ok) return { values, currency: null };
  for (const point of read.data.points) if (point.value !== null) values.set(point.date, point.value);
  return { values, currency: read.data.currency };
}

function periodFigures(
  { period, from, to }: PacePeriod,
  occupancy: ReadonlyMap<string, number>,
  adr: ReadonlyMap<string, number>,
): MarketPeriod {
  let nights = 0;
  let occupancySum = 0;
  let weight = 0;
  let weighted = 0;
  for (let night = from; night < to; night = addDays(night, 1)) {
    const occ = occupancy.get(night);
    if (occ === undefined) continue;
    nights += 1;
    occupancySum += occ;
    const rate = adr.get(night);
    if (rate !== undefined && occ > 0) {
      weight += occ;
      weighted += occ * rate;
    }
  }
  return {
    period,
    occupancy: nights > 0 ? round(occupancySum / nights, 1) : null,
    adr: weight > 0 ? round(weighted / weight, 2) : null,
  };
}

/** The one market the listings in view share, or why there is none. */
export function soleMarket(listings: readonly OverlayListing[]): string | { state: MarketOverlayMissing } {
  const markets = new Set(listings.flatMap((l) => (l.marketId === null ? [] : [l.marketId])));
  if (markets.size === 0) return { state: "no_market" };
  if (markets.size > 1) return { state: "several_markets" };
  return [...markets][0]!;
}

/**
 * The overlay of the market the listings in view share (soleMarket): the bedroom group they
 * all fall in where the mirror holds it, else the market as a whole, summed into `periods`.
 */
export function marketOverlay(
  listings: readonly OverlayListing[],
  periods: readonly PacePeriod[],
  market: { id: string; name: string },
  stored: readonly StoredSeries[],
): MarketOverlayState {
  const series = new Map(stored.map((s) => [s.key, s]));
  const groups = [...new Set([...series.keys()].map((key) => key.split(":")[0]!))].filter(
    (g) => g !== ALL_LISTINGS,
  );
  const theirs = new Set(listings.map((l) => groupOf(l.bedrooms, groups)));
  const only = theirs.size === 1 ? [...theirs][0]! : null;
  const group = only !== null && series.has(`${only}:occupancy`) ? only : ALL_LISTINGS;
  const occupancy = series.get(`${group}:occupancy`);
  if (!occupancy) return { state: "not_read" };
  const occ = nightly(occupancy);
  const adr = nightly(series.get(`${group}:adr`));
  return {
    state: "shown",
    market_id: market.id,
    market_name: market.name,
    bedrooms: group === ALL_LISTINGS ? null : group,
    currency: adr.currency,
    read_at: occupancy.readAt,
    periods: periods.map((p) => periodFigures(p, occ.values, adr.values)),
  };
}
