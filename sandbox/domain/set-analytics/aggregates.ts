/**
 * GET /sets/{set_id}/aggregated_metrics and /time_series: lexicon metrics over the active
 * members' derived nights (comp-nights.ts), in one currency.
 */
import type {
  AggregatedMetrics,
  AggregatedMetricsQuery,
  Granularity,
  SeriesPoint,
  SetTimeSeries,
  SetTimeSeriesQuery,
} from "../../../lib/svc/schemas/set-analytics";
import { METRIC_LEXICON } from "../../../lib/svc/schemas/set-analytics";
import type { SandboxContext } from "../../context";
import { formatDay, weekday } from "../../data/seed/dates";
import type { SetRow } from "../sets/access";
import { compCalendar, type CompCalendar } from "./comp-nights";
import { targetCurrency } from "./currency";
import {
  addNights,
  ascending,
  emptyCounters,
  lexiconMetrics,
  percentile,
  round,
  type PriceIn,
} from "./metrics";
import { monthDays, monthRange, monthText, seriesRange, type DayRange } from "./ranges";
import { activeMembers, demandByMarket, modelSpan, type ModelSpan } from "./world";

interface Members {
  span: ModelSpan;
  calendars: CompCalendar[];
  currency: string;
  priceIn: PriceIn;
}

/** The active members' calendars over the span, with prices converted on read. */
function memberCalendars(ctx: SandboxContext, set: SetRow, requested: string | undefined): Members {
  const { currency, convert } = targetCurrency(ctx, set, requested);
  const span = modelSpan(ctx);
  const listings = activeMembers(ctx, set.id);
  const demand = demandByMarket(ctx, span, listings);
  const calendars = listings.map((l) => compCalendar(l, demand.get(l.market_id)!, span));
  const priceIn: PriceIn = (cal, k) => convert(cal.price[k]!, cal.listing.currency, currency);
  return { span, calendars, currency, priceIn };
}

const nullMetrics = () =>
  Object.fromEntries(METRIC_LEXICON.map((m) => [m, null])) as ReturnType<typeof lexiconMetrics>;

/**
 * One row per month. A month the model does not cover whole (outside the seeded span) has
 * no data: listing_count 0 and every metric null.
 */
export function aggregatedMetrics(
  ctx: SandboxContext,
  set: SetRow,
  query: AggregatedMetricsQuery,
): AggregatedMetrics {
  const { first, last } = monthRange(query, ctx.clock.today());
  const { span, calendars, currency, priceIn } = memberCalendars(ctx, set, query.currency);
  const months = [];
  for (let n = first; n <= last; n++) {
    const days = monthDays(n);
    const covered = days.start >= span.startDay && days.end <= span.endDay && calendars.length > 0;
    if (!covered) {
      months.push({ month: monthText(n), listing_count: 0, ...nullMetrics() });
      continue;
    }
    const counters = emptyCounters();
    const lo = days.start - span.startDay;
    for (const cal of calendars) addNights(counters, cal, lo, lo + days.end - days.start + 1, priceIn);
    months.push({
      month: monthText(n),
      listing_count: calendars.length,
      ...lexiconMetrics(counters, calendars.length),
    });
  }
  return { currency, months };
}

/** Calendar-aligned periods (ISO weeks from Monday, months from the 1st) clipped to the range. */
export function periods(range: DayRange, granularity: Granularity): Array<{ date: number } & DayRange> {
  const out: Array<{ date: number } & DayRange> = [];
  let start = range.start;
  while (start <= range.end) {
    let first = start;
    let next = start + 1;
    if (granularity === "week") {
      first = start - ((weekday(start) + 6) % 7);
      next = first + 7;
    } else if (granularity === "month") {
      const d = new Date(start * 86_400_000);
      first = Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 86_400_000);
      next = Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 86_400_000);
    }
    out.push({ date: first, start, end: Math.min(range.end, next - 1) });
    start = next;
  }
  return out;
}

/**
 * One point per period: each active member's metric over the period's nights (only those in
 * the requested range and the model's span), then `value` = the mean over members with a
 * value, p25/p50/p75 across them. A point without any member value is null throughout.
 */
export function timeSeries(ctx: SandboxContext, set: SetRow, query: SetTimeSeriesQuery): SetTimeSeries {
  const range = seriesRange(query, ctx.clock.today());
  const { span, calendars, currency, priceIn } = memberCalendars(ctx, set, query.currency);
  const points: SeriesPoint[] = periods(range, query.granularity ?? "day").map((period) => {
    const lo = Math.max(period.start, span.startDay) - span.startDay;
    const hi = Math.min(period.end, span.endDay) - span.startDay + 1;
    const values: number[] = [];
    for (const cal of calendars) {
      if (hi <= lo) break;
      const counters = emptyCounters();
      addNights(counters, cal, lo, hi, priceIn);
      const value = lexiconMetrics(counters, 1)[query.metric];
      if (value !== null) values.push(value);
    }
    const sorted = ascending(values);
    const mean = values.length ? round(values.reduce((s, v) => s + v, 0) / values.length, 2) : null;
    return {
      date: formatDay(period.date),
      value: mean,
      p25: percentile(sorted, 0.25),
      p50: percentile(sorted, 0.5),
      p75: percentile(sorted, 0.75),
    };
  });
  return { metric: query.metric, currency, points };
}
