import type {
  CustomPriceType,
  DemandLevel,
  FeeImpactCalendar,
  LastPostedPrices,
  MinStayCalendar,
  NeighborhoodPricing,
  PriceCalendar,
  PriceRecommendations,
} from "@/lib/svc/schemas/calendar";
import {
  addDays,
  datesOf,
  weekdayIndex,
  endOfMonthAfter,
  type DateRange,
} from "@/lib/listing/calendar/dates";
import { appliedMinStay, type MinStaySource } from "@/lib/listing/calendar/applied";

/**
 * The listing price calendar as the page draws it: the year's answers (price calendar,
 * recommendations, neighborhood pricing, last posted prices and the two overlays) joined by
 * date into months of Monday-first weeks. Pure and framework-free, so the rules are unit-tested
 * and the benchmark page can build the same model from synthetic answers.
 *
 * Dates are `YYYY-MM-DD` strings handled as UTC days (`dates.ts`), so nothing depends on the
 * reader's zone. Read against the neighborhood: `neighborhood-reference.ts`; what was posted to
 * the channel: `last-posted.ts`.
 */

/** Booked holds a reservation; blocked is closed by the host without one; open can be sold. */
export type NightStatus = "booked" | "blocked" | "open";

export interface NeighborhoodReference {
  median: number | null;
  p25: number | null;
  p75: number | null;
  listingCount: number;
}

export interface CalendarNight {
  date: string;
  /** Day of the month, 1..31. */
  day: number;
  status: NightStatus;
  reservationId: string | null;
  /** The price in force on the channel. */
  price: number;
  /** The pricing engine's own recommendation, before custom rates. */
  recommendedPrice: number;
  /**
   * What the service would post: the recommendation after custom rates and min/max prices.
   * null while the recommendations are not loaded (never 0).
   */
  postPrice: number | null;
  /**
   * The minimum stay that applies: a custom rate's where its period covers the night
   * (`applied.ts`), else the listing's.
   */
  minStay: number;
  /** Who set `minStay`: the listing, a custom rate, or unknown while the recommendations are not read. */
  minStaySource: MinStaySource;
  /** The listing's own minimum stay (the price calendar's), which a custom rate may override. */
  listingMinStay: number;
  demand: DemandLevel;
  customRate: { price_type: CustomPriceType; price_value: number } | null;
  /** null when the neighborhood answer is missing or has no entry for the night. */
  neighborhood: NeighborhoodReference | null;
  /** null when the date was never posted (or the answer is not loaded). */
  lastPosted: { price: number; minStay: number | null; postedAt: string } | null;
  /** Guests pay `price × feeMultiplier` once fees are added; null without the overlay. */
  feeMultiplier: number | null;
  guestPrice: number | null;
  /** The minimum-stay calendar's value (a custom rate's min stay wins); null without the overlay. */
  overlayMinStay: number | null;
}

/** One day square of a month grid; null squares pad the weeks before the 1st and after the last. */
export interface CalendarCell {
  date: string;
  day: number;
  /** Outside the requested range (earlier days of this month): drawn muted, not a night. */
  inRange: boolean;
  /** null for a date in range the service did not answer. */
  night: CalendarNight | null;
}

export interface CalendarMonth {
  /** `YYYY-MM` */
  key: string;
  year: number;
  /** 1..12 */
  month: number;
  /** Monday-first weeks of seven squares. */
  weeks: Array<Array<CalendarCell | null>>;
}

export interface CalendarInputs {
  range: DateRange;
  calendar: PriceCalendar;
  recommendations?: PriceRecommendations | null;
  neighborhood?: NeighborhoodPricing | null;
  lastPosted?: LastPostedPrices | null;
  feeImpact?: FeeImpactCalendar | null;
  minStay?: MinStayCalendar | null;
}

export interface CalendarYear {
  currency: string;
  range: DateRange;
  months: CalendarMonth[];
  /** Nights in date order. */
  nights: CalendarNight[];
  byDate: Map<string, CalendarNight>;
  /** Dates in the range the price calendar did not answer. */
  missingDates: number;
}

function indexBy<T extends { date: string }>(rows: readonly T[] | undefined): Map<string, T> {
  const map = new Map<string, T>();
  for (const row of rows ?? []) map.set(row.date, row);
  return map;
}

export function nightStatus(night: { is_booked: boolean; available: boolean }): NightStatus {
  if (night.is_booked) return "booked";
  return night.available ? "open" : "blocked";
}

/** Rounds money to cents, so a multiplier does not print 215.00000000003. */
export const cents = (value: number) => Math.round(value * 100) / 100;

/** Joins the answers by date and lays the range out in months of Monday-first weeks. */
export function buildCalendarYear(inputs: CalendarInputs): CalendarYear {
  const recommendations = indexBy(inputs.recommendations?.recommendations);
  const neighborhood = indexBy(inputs.neighborhood?.days);
  const posted = indexBy(inputs.lastPosted?.prices);
  const fees = indexBy(inputs.feeImpact?.days);
  const minStays = indexBy(inputs.minStay?.days);

  const byDate = new Map<string, CalendarNight>();
  const nights: CalendarNight[] = [];
  for (const n of inputs.calendar.nights) {
    if (n.date < inputs.range.start_date || n.date > inputs.range.end_date) continue;
    const rec = recommendations.get(n.date);
    const hood = neighborhood.get(n.date);
    const post = posted.get(n.date);
    const fee = fees.get(n.date);
    const overlayMinStay = minStays.get(n.date)?.min_stay ?? null;
    const minStay = appliedMinStay({
      calendar: n.min_stay,
      hasCustomRate: n.custom_rate !== null,
      recommendation: rec?.min_stay,
      minStayCalendar: overlayMinStay,
    });
    const night: CalendarNight = {
      date: n.date,
      day: Number(n.date.slice(8, 10)),
      status: nightStatus(n),
      reservationId: n.reservation_id,
      price: n.price,
      recommendedPrice: n.recommended_price,
      postPrice: rec ? rec.price : null,
      minStay: minStay.nights,
      minStaySource: minStay.source,
      listingMinStay: minStay.listingNights,
      demand: n.demand,
      customRate: n.custom_rate,
      neighborhood: hood
        ? {
            median: hood.median_price,
            p25: hood.p25_price,
            p75: hood.p75_price,
            listingCount: hood.listing_count,
          }
        : null,
      lastPosted: post ? { price: post.price, minStay: post.min_stay, postedAt: post.posted_at } : null,
      feeMultiplier: fee ? fee.fee_multiplier : null,
      guestPrice: fee ? cents(n.price * fee.fee_multiplier) : null,
      overlayMinStay,
    };
    byDate.set(n.date, night);
    nights.push(night);
  }
  nights.sort((a, b) => a.date.localeCompare(b.date));

  return {
    currency: inputs.calendar.currency,
    range: inputs.range,
    months: monthsOf(inputs.range, byDate),
    nights,
    byDate,
    missingDates: datesOf(inputs.range).filter((d) => !byDate.has(d)).length,
  };
}

/** The months the range touches, each a full month of Monday-first weeks. */
export function monthsOf(range: DateRange, byDate: ReadonlyMap<string, CalendarNight>): CalendarMonth[] {
  const months: CalendarMonth[] = [];
  let first = `${range.start_date.slice(0, 7)}-01`;
  while (first <= range.end_date) {
    const last = endOfMonthAfter(first, 0);
    const weeks: Array<Array<CalendarCell | null>> = [];
    let week: Array<CalendarCell | null> = Array.from({ length: weekdayIndex(first) }, () => null);
    for (let date = first; date <= last; date = addDays(date, 1)) {
      const inRange = date >= range.start_date && date <= range.end_date;
      week.push({
        date,
        day: Number(date.slice(8, 10)),
        inRange,
        night: inRange ? (byDate.get(date) ?? null) : null,
      });
      if (week.length === 7) {
        weeks.push(week);
        week = [];
      }
    }
    if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
    months.push({
      key: first.slice(0, 7),
      year: Number(first.slice(0, 4)),
      month: Number(first.slice(5, 7)),
      weeks,
    });
    first = addDays(last, 1);
  }
  return months;
}

// ---------------------------------------------------------------- words

export const demandLabels: Record<DemandLevel, string> = {
  low: "Low demand",
  normal: "Normal demand",
  high: "High demand",
  very_high: "Very high demand",
};

export const statusLabels: Record<NightStatus, string> = {
  booked: "Booked",
  blocked: "Blocked by the host",
  open: "Open",
};
