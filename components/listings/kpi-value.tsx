import { formatMetric, NOT_GENERATED } from "@/lib/metrics/kpi-metrics";
import type { KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";

/** One KPI value; a value the service has not generated says so instead of showing 0. */
export function KpiValue({
  metric,
  value,
  currency,
}: {
  metric: KpiMetric;
  value: number | null;
  currency: string;
}) {
  if (value === null) return <span className="text-xs italic text-slate-500">{NOT_GENERATED}</span>;
  return <span className="tabular-nums">{formatMetric(metric, value, currency)}</span>;
}
