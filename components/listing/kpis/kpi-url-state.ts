import { parseAsStringLiteral } from "nuqs";
import { CHART_METRICS, KPI_PERIODS } from "@/lib/metrics/kpi-series";

/**
 * The KPI chart's choices live in the URL (a view can be linked) and are read by the
 * workspace too, which prefetches the chosen period while the listing itself loads.
 */
export const kpiUrlState = {
  kpiMetric: parseAsStringLiteral(CHART_METRICS).withDefault("adr"),
  kpiPeriod: parseAsStringLiteral(KPI_PERIODS).withDefault("monthly"),
};
