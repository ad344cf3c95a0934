import { parseAsString, parseAsStringLiteral } from "nuqs";
import { KPI_METRICS, KPI_WINDOW_DEFAULT, KPI_WINDOWS, type KpiWindow } from "@/lib/svc/schemas/kpi-lexicon";

/** The portfolio's KPI choices, in the URL beside the filters so a view can be shared. */
export const portfolioKpiState = {
  view: parseAsStringLiteral(["table", "ranking"] as const).withDefault("table"),
  kpi: parseAsStringLiteral(KPI_METRICS).withDefault("revenue"),
  window: parseAsStringLiteral(KPI_WINDOWS as readonly KpiWindow[]).withDefault(KPI_WINDOW_DEFAULT),
  /** Absent: each listing in its own currency. */
  currency: parseAsString,
};
