import { calendarYearRange, datesOf, type DateRange } from "@/lib/listing/calendar/dates";
import type { KpiPoint } from "@/lib/metrics/kpi-series";
import type {
  DemandLevel,
  LastPostedPrices,
  NeighborhoodPricing,
  PriceCalendar,
  PriceRecommendations,
} from "@/lib/svc/schemas/calendar";

/**
 * Synthetic answers for the benchmark page, made in the browser from a seed: a year of one
 * listing's nights (the four answers the calendar tab joins) and a 27-month KPI series. Shaped
 * like the service's answers; the figures mean nothing.
 */

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DEMANDS: DemandLevel[] = ["low", "normal", "high", "very_high"];

export interface SyntheticYear {
  range: DateRange;
  calendar: PriceCalendar;
  recommendations: PriceRecommendations;
  neighborhood: NeighborhoodPricing;
  lastPosted: LastPostedPrices;
}

export function syntheticYear(seed: number, today = new Date().toISOString().slice(0, 10)): SyntheticYear {
  const random = mulberry32(seed);
  const range = calendarYearRange(today);
  const dates = datesOf(range);
  let bookedLeft = 0;
  const nights = dates.map((date, i) => {
    const season = 1 + 0.25 * Math.sin((i / 365) * 2 * Math.PI);
    const weekend = [5, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()) ? 1.2 : 1;
    const recommended = Math.round(160 * season * weekend * (0.9 + random() * 0.2));
    if (bookedLeft === 0 && random() < 0.12) bookedLeft = 2 + Math.floor(random() * 5);
    const booked = bookedLeft > 0;
    if (booked) bookedLeft -= 1;
    const blocked = !booked && random() < 0.03;
    const custom = i % 47 < 4;
    return {
      date,
      price: custom ? Math.round(recommended * 0.9) : recommended,
      recommended_price: recommended,
      min_stay: weekend > 1 ? 2 : 1,
      available: !booked && !blocked,
      is_booked: booked,
      reservation_id: booked ? `HM${seed}${i}` : null,
      custom_rate: custom ? { price_type: "percent" as const, price_value: -10 } : null,
      demand: DEMANDS[Math.min(3, Math.floor(season * weekend * 2 - 1.2 + random()))] ?? "normal",
    };
  });
  return {
    range,
    calendar: { listing_id: "bench", currency: "USD", ...range, nights },
    recommendations: {
      listing_id: "bench",
      currency: "USD",
      recommendations: nights.map((n) => ({
        date: n.date,
        price: n.price,
        recommended_price: n.recommended_price,
        custom_type: n.custom_rate ? n.custom_rate.price_type : null,
        min_stay: n.min_stay,
      })),
    },
    neighborhood: {
      listing_id: "bench",
      currency: "USD",
      days: nights.map((n) => {
        const median = Math.round(n.recommended_price * (0.85 + random() * 0.3));
        return {
          date: n.date,
          median_price: median,
          p25_price: Math.round(median * 0.82),
          p75_price: Math.round(median * 1.2),
          listing_count: 80 + Math.floor(random() * 40),
        };
      }),
    },
    lastPosted: {
      listing_id: "bench",
      currency: "USD",
      prices: nights.map((n, i) => ({
        date: n.date,
        price: n.price,
        min_stay: n.min_stay,
        posted_at: new Date(Date.parse(`${today}T00:00:00Z`) - (1 + (i % 14)) * 3_600_000 * 7)
          .toISOString()
          .replace(/\.\d{3}Z$/, "Z"),
      })),
    },
  };
}

/** 27 monthly points (15 past, this month, 11 ahead), as the KPIs tab's monthly chart gets them. */
export function syntheticKpiPoints(seed: number, today = new Date().toISOString().slice(0, 10)): KpiPoint[] {
  const random = mulberry32(seed);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: 27 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 15 + i, 1));
    const period = d.toISOString().slice(0, 7);
    return {
      period,
      label: d.toLocaleString("en", { month: "short", year: "2-digit", timeZone: "UTC" }),
      value: Math.round(120 + 80 * random()),
      phase: i < 15 ? "past" : i === 15 ? "current" : "forward",
    };
  });
}
