import { formatDayLong, formatMonth, todayUtc } from "@/lib/format/dates";
import type { BandPoint } from "@/lib/metrics/aggregate-series";
import type { MarketTimeSeries } from "@/lib/svc/schemas/market-report";
import type { Granularity } from "@/lib/svc/schemas/set-analytics";

/**
 * Market time series reshaped for one chart: each answer (a bedroom group, or a market when
 * two are compared) becomes a band series, and the series are laid over one another by
 * period. Pure; a null stays null (no data), never 0.
 */

/** A period's label with its year, since a range can span several: "3 Nov 2025", "Nov 2026". */
export function marketPeriodLabel(date: string, granularity: Granularity): string {
  if (granularity === "month") return formatMonth(date.slice(0, 7));
  if (granularity === "week") return `Week of ${formatDayLong(date)}`;
  return formatDayLong(date);
}

/** One answer as the band chart's points: p25–p75 band, median, and the mean. */
export function marketBand(answer: Pick<MarketTimeSeries, "points">, granularity: Granularity): BandPoint[] {
  return answer.points.map((p) => ({
    date: p.date,
    label: marketPeriodLabel(p.date, granularity),
    band: p.p25 !== null && p.p75 !== null ? [p.p25, p.p75] : null,
    p25: p.p25,
    p50: p.p50,
    p75: p.p75,
    mean: p.value,
  }));
}

/** One period of overlaid series: each series' point at that period, or null where it has none. */
export interface OverlayRow {
  date: string;
  label: string;
  values: Array<BandPoint | null>;
}

/**
 * Several band series on one time axis: every period any of them has, oldest first, with each
 * series' point in its own slot (null where that series has no such period).
 */
export function overlayRows(series: ReadonlyArray<readonly BandPoint[]>): OverlayRow[] {
  const byDate = new Map<string, OverlayRow>();
  series.forEach((points, index) => {
    for (const point of points) {
      let row = byDate.get(point.date);
      if (!row) {
        row = { date: point.date, label: point.label, values: series.map(() => null) };
        byDate.set(point.date, row);
      }
      row.values[index] = point;
    }
  });
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * The label of the period holding today (the last period starting on or before it), for the
 * chart's "Today" line; null when the range lies wholly before or after today.
 */
export function currentPeriodLabel(rows: readonly OverlayRow[], today: string = todayUtc()): string | null {
  if (rows.length === 0) return null;
  const last = rows[rows.length - 1]!;
  if (rows[0]!.date > today) return null;
  // A range that ended before today shows no "today" line.
  if (last.date < today && rows.length > 1) {
    const step = Date.parse(last.date) - Date.parse(rows[rows.length - 2]!.date);
    if (Date.parse(last.date) + step <= Date.parse(`${today}T00:00:00Z`)) return null;
  }
  let found: OverlayRow | null = null;
  for (const row of rows) if (row.date <= today) found = row;
  return found?.label ?? null;
}

/** Whether any answer has a figure to draw (before they are laid over one another). */
export function answersHaveValues(answers: ReadonlyArray<Pick<MarketTimeSeries, "points">>): boolean {
  return answers.some((a) => a.points.some((p) => p.p50 !== null || (p.p25 !== null && p.p75 !== null)));
}
