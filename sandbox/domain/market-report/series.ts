/**
 * GET /market_report/{market_id}/time_series. Each listing of the selected group is priced
 * and booked night by night with the market's demand model (market_nights):
 *   price of a night     = base_price * season * weekday * event * noise
 *   booking probability  = min(0.98, occ * demand^0.8 / norm), demand = season * event * noise,
 *     occ = the listing's occupancy_adjusted_365_0 / 100 and norm = the mean of demand^0.8
 *     over the 365 nights before today (so the model reproduces the listing's trailing year)
 *   available share      = the listing's nights_available_365_0 / 365.
 * A period's metrics follow the lexicon's definitions from those expected nights; the point's
 * value is the mean over the listings, with nearest-rank quartiles. booking_window is null
 * (market listings carry no booking dates); listings without a trailing year are left out.
 */
import type { Granularity, LexiconMetric } from "../../../lib/svc/schemas/set-analytics";
import type { MarketTimeSeries, MarketTimeSeriesQuery } from "../../../lib/svc/schemas/market-report";
import type { SandboxContext } from "../../context";
import { formatDay, parseDay } from "../../data/seed/dates";
import { ApiError } from "../api-error";
import { converter, requireKnownCurrency } from "../fx";
import { marketListings, requireMarket, selectBedrooms, type MarketListing } from "./markets";
import { mean, percentile, round } from "./stats";

export const SERIES_DEFAULT_DAYS = 90;
export const SERIES_MAX_DAYS = 1096;
export const MONEY_METRICS: ReadonlySet<LexiconMetric> = new Set([
  "adr",
  "asking_rate",
  "revenue",
  "revpar",
  "revpar_adjusted",
]);

interface Night {
  date: string;
  price: number;
  demand: number;
  /** demand^0.8, the booking model's pull, worked out once per night rather than per listing. */
  pull: number;
}

/**
 * One lexicon metric of one listing over one period's nights (null where the listing has no
 * trailing year). Only the metric asked for is worked out: a daily series asks for one metric
 * of every listing on every night, hundreds of thousands of times.
 */
function listingPeriod(
  listing: MarketListing,
  nights: readonly Night[],
  norm: number,
  metric: LexiconMetric,
): number | null {
  const occ = listing.metrics.occupancy_adjusted_365_0;
  if (occ === null || occ === undefined) return null;
  const availableShare = (listing.metrics.nights_available_365_0 ?? 365) / 365;
  let expectedBooked = 0;
  let bookedValue = 0;
  let openNights = 0;
  let openValue = 0;
  for (const night of nights) {
    const p = Math.min(0.98, ((occ / 100) * night.pull) / norm);
    const price = listing.base_price * night.price;
    expectedBooked += p;
    bookedValue += p * price;
    openNights += 1 - p;
    openValue += (1 - p) * price;
  }
  const n = nights.length;
  const available = availableShare * n;
  const booked = availableShare * expectedBooked;
  const revenue = availableShare * bookedValue;
  switch (metric) {
    case "adr":
      return booked > 0 ? revenue / booked : null;
    case "asking_rate":
      return openNights > 0 ? openValue / openNights : null;
    case "revenue":
      return revenue;
    case "revpar":
      return revenue / n;
    case "revpar_adjusted":
      return available > 0 ? revenue / available : null;
    case "occupancy":
      return (100 * booked) / n;
    case "occupancy_adjusted":
      return available > 0 ? (100 * booked) / available : null;
    case "nights_booked":
      return booked;
    case "nights_available":
      return available;
    case "nights_blocked":
      return n - available;
    case "nights_percent_open":
      return (100 * (available - booked)) / n;
    case "length_of_stay":
      return listing.metrics.length_of_stay_365_0 ?? null;
    case "booking_window":
      return null;
  }
}

/** First day of the period holding `day`: itself, its Monday, or the 1st of its month. */
function periodStart(day: number, granularity: Granularity): number {
  if (granularity === "day") return day;
  if (granularity === "week") return day - ((((day + 4) % 7) + 6) % 7);
  const d = new Date(day * 86_400_000);
  return Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 86_400_000);
}

/** A query date as a day; the contract checks only its shape, so 2026-02-30 is refused here. */
function queryDay(value: string | undefined, field: "start_date" | "end_date"): number | undefined {
  if (value === undefined) return undefined;
  try {
    return parseDay(value);
  } catch {
    throw new ApiError(
      400,
      "invalid_query",
      `Invalid query parameter ${field}: ${value} is not a calendar date.`,
      {
        fields: [{ field, message: "not a calendar date" }],
      },
    );
  }
}

/** The range asked for: 90 days ending today by default, or 90 days from/to the end given. */
function seriesRange(query: MarketTimeSeriesQuery, today: number): { start: number; end: number } {
  const span = SERIES_DEFAULT_DAYS - 1;
  const start = queryDay(query.start_date, "start_date");
  const end = queryDay(query.end_date, "end_date");
  const range =
    start !== undefined && end !== undefined
      ? { start, end }
      : start !== undefined
        ? { start, end: start + span }
        : end !== undefined
          ? { start: end - span, end }
          : { start: today - span, end: today };
  if (range.end - range.start + 1 > SERIES_MAX_DAYS) {
    throw new ApiError(
      400,
      "invalid_query",
      `Invalid query parameter end_date: at most ${SERIES_MAX_DAYS} days.`,
      {
        fields: [{ field: "end_date", message: `at most ${SERIES_MAX_DAYS} days from start_date` }],
      },
    );
  }
  return range;
}

export function marketTimeSeries(
  ctx: SandboxContext,
  userId: string,
  marketId: string,
  query: MarketTimeSeriesQuery,
): MarketTimeSeries {
  const market = requireMarket(ctx, userId, marketId);
  const listings = selectBedrooms(market, marketListings(ctx, marketId), query.bedrooms);
  const currency = query.currency ?? market.currency;
  requireKnownCurrency(ctx, currency);
  const today = parseDay(ctx.clock.today());
  const { start, end } = seriesRange(query, today);
  const granularity = query.granularity ?? "day";

  const rows = ctx.db
    .prepare(
      `SELECT date, season, weekday, event, noise FROM market_nights WHERE market_id = ? ORDER BY date`,
    )
    .all(marketId) as Array<{ date: string; season: number; weekday: number; event: number; noise: number }>;
  const nights = rows.map((r) => {
    const demand = r.season * r.event * r.noise;
    return { date: r.date, price: r.season * r.weekday * r.event * r.noise, demand, pull: demand ** 0.8 };
  });
  const from = formatDay(today - 365);
  const trailing = nights.filter((n) => n.date >= from && n.date < formatDay(today));
  const norm = mean(trailing.map((n) => n.pull)) ?? 1;

  const periods = new Map<number, Night[]>();
  for (let day = periodStart(start, granularity); day <= end; day = nextPeriod(day, granularity)) {
    periods.set(day, []);
  }
  const [first, last] = [formatDay(start), formatDay(end)];
  for (const night of nights) {
    if (night.date < first || night.date > last) continue;
    periods.get(periodStart(parseDay(night.date), granularity))?.push(night);
  }

  const convert = converter(ctx);
  const money = MONEY_METRICS.has(query.metric);
  const out = (v: number | null) =>
    v === null ? null : money ? convert(round(v), market.currency, currency) : round(v);
  // One buffer for every period's values, sorted as numbers (a typed array's own sort).
  const buffer = new Float64Array(listings.length);
  const points = [...periods].map(([day, periodNights]) => {
    let count = 0;
    if (periodNights.length)
      for (const l of listings) {
        const v = listingPeriod(l, periodNights, norm, query.metric);
        if (v !== null) buffer[count++] = v;
      }
    const values = buffer.subarray(0, count).sort();
    return {
      date: formatDay(day),
      value: out(mean(values)),
      p25: out(percentile(values, 25)),
      p50: out(percentile(values, 50)),
      p75: out(percentile(values, 75)),
    };
  });
  return { market_id: market.id, bedrooms: query.bedrooms ?? null, metric: query.metric, currency, points };
}

function nextPeriod(day: number, granularity: Granularity): number {
  if (granularity === "day") return day + 1;
  if (granularity === "week") return periodStart(day, "week") + 7;
  const d = new Date(day * 86_400_000);
  return Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 86_400_000);
}
