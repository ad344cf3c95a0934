import { toCsv } from "@/lib/format/csv";
import { todayUtc } from "@/lib/format/dates";
import type { AggregatedMetrics } from "@/lib/svc/schemas/set-analytics";
import { METRIC_LEXICON } from "@/lib/svc/schemas/kpi-lexicon";
import { periodPhase, type KpiPhase } from "@/lib/metrics/kpi-series";
import { METRIC_INFO } from "@/lib/metrics/lexicon-metrics";

/** Words for a month's phase in the CSV. */
const PHASE_CSV: Record<KpiPhase, string> = { past: "past", current: "in progress", forward: "forward" };

/**
 * Every month with every lexicon metric, as the service answered, plus where the month stands;
 * a null is an empty cell (no data), never 0.
 */
export function metricsCsv(metrics: AggregatedMetrics, today: string = todayUtc()): string {
  const header = [
    "month",
    "period",
    "currency",
    "listing_count",
    ...METRIC_LEXICON.map((m) => (METRIC_INFO[m].kind === "money" ? `${m} (${metrics.currency})` : m)),
  ];
  const rows = metrics.months.map((row) => [
    row.month,
    PHASE_CSV[periodPhase(row.month, "monthly", today)],
    metrics.currency,
    row.listing_count,
    ...METRIC_LEXICON.map((m) => row[m]),
  ]);
  return toCsv(header, rows);
}
