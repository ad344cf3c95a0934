import { monthLabel, type BandPoint } from "@/lib/metrics/aggregate-series";
import type { MonthlyKpis } from "@/lib/svc/schemas/kpis";
import type { Granularity } from "@/lib/svc/schemas/set-analytics";
import type { SetMetric } from "@/lib/svc/schemas/kpi-lexicon";

/**
 * My associated listings' own monthly figures laid over the comps' band (p25–p75) in the
 * time series, pure. The figures come from each listing's monthly KPIs (the workspace's
 * read), so they exist by month only: on a daily or weekly range no line is drawn, and the
 * chart says why. A listing priced in another currency than the set's is left off a money
 * metric (no exchange rate in the interface) and named; a month without a figure is a gap,
 * named in words, never 0.
 */

export interface MineSeriesInput {
  listingId: string;
  name: string;
  /** null while loading or failed. */
  kpis: MonthlyKpis | null;
}

export interface MineLine {
  /** The row key the chart reads (`mine0`, `mine1`…). */
  key: string;
  listingId: string;
  name: string;
  /** The months of the range (labels) where the listing has no figure. */
  missing: string[];
}

export type BandRowWithMine = BandPoint & Record<string, unknown>;

export interface MineOverlay {
  rows: BandRowWithMine[];
  lines: MineLine[];
  /** Listings left off: another currency on a money metric. */
  offScale: Array<{ name: string; currency: string }>;
  /** The range is not monthly: no line can be drawn from monthly figures. */
  notMonthly: boolean;
}

/** Metrics in money, which cannot be compared across currencies without a rate. */
const MONEY_METRICS: ReadonlySet<SetMetric> = new Set([
  "adr",
  "asking_rate",
  "revenue",
  "revpar",
  "revpar_adjusted",
]);

export function overlayMine(
  points: readonly BandPoint[],
  mine: readonly MineSeriesInput[],
  metric: SetMetric,
  granularity: Granularity,
  setCurrency: string,
): MineOverlay {
  const rows: BandRowWithMine[] = points.map((p) => ({ ...p }));
  if (granularity !== "month") return { rows, lines: [], offScale: [], notMonthly: mine.length > 0 };
  const lines: MineLine[] = [];
  const offScale: MineOverlay["offScale"] = [];
  for (const listing of mine) {
    if (!listing.kpis) continue;
    if (MONEY_METRICS.has(metric) && listing.kpis.currency.toUpperCase() !== setCurrency.toUpperCase()) {
      offScale.push({ name: listing.name, currency: listing.kpis.currency });
      continue;
    }
    const byMonth = new Map(listing.kpis.months.map((m) => [m.month, m[metric]]));
    const key = `mine${lines.length}`;
    const missing: string[] = [];
    rows.forEach((row) => {
      const month = row.date.slice(0, 7);
      const value = byMonth.get(month);
      const known = typeof value === "number" && Number.isFinite(value) ? value : null;
      row[key] = known;
      if (known === null) missing.push(monthLabel(month));
    });
    lines.push({ key, listingId: listing.listingId, name: listing.name, missing });
  }
  return { rows, lines, offScale, notMonthly: false };
}
