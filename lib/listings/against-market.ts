import { addDays } from "@/lib/format/dates";
import { groupOf } from "@/lib/market/bedrooms";
import { readAnswer } from "@/lib/svc/read-answer";
import { KPI_WINDOWS, type KpiWindow } from "@/lib/svc/schemas/kpi-lexicon";
import { marketTimeSeries } from "@/lib/svc/schemas/market-report";

/**
 * A listing's occupancy against its market's. GET /listings/kpis gives the listing's figure;
 * the interface gives no market figure per listing, only the market report, which the
 * portfolio mirror holds night by night (occupancy, for the whole market and for each bedroom
 * group the account's listings fall in). The market's figure for a KPI window is the mean of
 * its nightly occupancy over the window's nights, of the listing's own bedroom group where the
 * mirror holds it, else of the whole market. The mirror reads the nights from a year back to a
 * year ahead, every KPI window; a window the series it holds covers only in part (a market read
 * before a day turned, a service that answers fewer nights) has no market figure: a mean over
 * part of the window would not be the window's.
 */
export const WHOLE_MARKET = "all";

export interface MarketOccupancy {
  market_id: string;
  /** A bedroom group of the market, or `all`. */
  group: string;
  read_at: string;
  /** Mean nightly occupancy (percent) per KPI window; null where the series has no night of it. */
  windows: Partial<Record<KpiWindow, number | null>>;
}

/** The nights of a rolling window counted from `today` (YYYY-MM-DD): [from, to). */
export function windowNights(window: KpiWindow, today: string): { from: string; to: string } {
  const [back, forward] = window.split("_").map(Number) as [number, number];
  return back > 0 ? { from: addDays(today, -back), to: today } : { from: today, to: addDays(today, forward) };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** One stored occupancy series (its body as the service sent it) summed into every KPI window. */
export function occupancyByWindow(body: unknown, today: string): MarketOccupancy["windows"] {
  const read = readAnswer(marketTimeSeries, body);
  const points = read.ok ? read.data.points : [];
  const dates = points.map((p) => p.date).sort();
  const windows: MarketOccupancy["windows"] = {};
  for (const window of KPI_WINDOWS) {
    const { from, to } = windowNights(window, today);
    // The series must span the window; a night inside it without a value is one the market did not report.
    if (dates.length === 0 || dates[0]! > from || dates[dates.length - 1]! < addDays(to, -1)) {
      windows[window] = null;
      continue;
    }
    let count = 0;
    let sum = 0;
    // Dates compare as text (YYYY-MM-DD): one pass over the points, no calendar arithmetic per night.
    for (const p of points) {
      if (p.value === null || p.date < from || p.date >= to) continue;
      count += 1;
      sum += p.value;
    }
    windows[window] = count > 0 ? round1(sum / count) : null;
  }
  return windows;
}

/** The mirror's series of one market (`<group>:<metric>` keys) as the page reads them. */
export function marketOccupancyOf(
  marketId: string,
  stored: ReadonlyArray<{ key: string; body: unknown; readAt: string }>,
  today: string,
): MarketOccupancy[] {
  return stored.flatMap((s) => {
    const [group, metric] = s.key.split(":");
    if (metric !== "occupancy" || !group) return [];
    return [{ market_id: marketId, group, read_at: s.readAt, windows: occupancyByWindow(s.body, today) }];
  });
}

export type AgainstMarket =
  | { state: "shown"; listing: number; market: number; difference: number; group: string }
  | { state: "no_listing_figure" | "market_not_read" | "no_market_nights" };

/** Why a listing has no comparison, in words. */
export const AGAINST_MARKET_MISSING: Record<Exclude<AgainstMarket["state"], "shown">, string> = {
  no_listing_figure: "The service has no occupancy for this listing in this window yet.",
  market_not_read: "The portfolio mirror holds no market report for this listing's market.",
  no_market_nights:
    "The market report the mirror holds does not cover this window yet (it holds the nights it read, a year back to a year ahead).",
};

/** The listing's occupancy in `window` against its market's; null figures are never made up. */
export function againstMarket(
  listing: { market_id: string; bedrooms: number | null },
  figure: number | null | undefined,
  window: KpiWindow,
  markets: readonly MarketOccupancy[],
): AgainstMarket {
  const own = markets.filter((m) => m.market_id === listing.market_id);
  if (own.length === 0) return { state: "market_not_read" };
  const groups = own.map((m) => m.group).filter((g) => g !== WHOLE_MARKET);
  const group = groupOf(listing.bedrooms, groups);
  const series = own.find((m) => m.group === group) ?? own.find((m) => m.group === WHOLE_MARKET);
  if (!series) return { state: "market_not_read" };
  const market = series.windows[window];
  if (market === null || market === undefined) return { state: "no_market_nights" };
  if (figure === null || figure === undefined) return { state: "no_listing_figure" };
  return {
    state: "shown",
    listing: figure,
    market,
    difference: round1(figure - market),
    group: series.group,
  };
}
