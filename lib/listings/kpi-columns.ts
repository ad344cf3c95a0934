import { KPI_METRICS, type KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";

/**
 * The KPI columns the Listings table shows beside the one the URL names (`kpi`, which the
 * ranking also uses), remembered in this browser: a reader who watches occupancy and ADR
 * together keeps them on every visit. Each column is one GET /listings/kpis read whole, in the
 * same window and currency.
 */
export const KPI_COLUMNS_STORAGE_KEY = "rd-listings-kpi-columns";

/** Beyond it a table stops being readable on a laptop, and each column costs a read. */
export const KPI_COLUMNS_MAX = 4;

/** What was stored, read tolerantly: known metrics only, each once, at most the limit. */
export function readKpiColumns(stored: string | null): KpiMetric[] {
  if (!stored) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const known = new Set<string>(KPI_METRICS);
  const metrics = parsed.filter((m): m is KpiMetric => typeof m === "string" && known.has(m));
  return [...new Set(metrics)].slice(0, KPI_COLUMNS_MAX);
}

export const writeKpiColumns = (metrics: readonly KpiMetric[]) => JSON.stringify(metrics);

/** The columns shown: the URL's metric first, then the remembered ones, each once. */
export function shownKpiColumns(primary: KpiMetric, extra: readonly KpiMetric[]): KpiMetric[] {
  return [primary, ...extra.filter((m) => m !== primary)].slice(0, KPI_COLUMNS_MAX);
}

/** The remembered columns with `metric` added or taken away (the URL's own stays regardless). */
export function toggleKpiColumn(
  extra: readonly KpiMetric[],
  metric: KpiMetric,
  primary: KpiMetric,
): KpiMetric[] {
  if (extra.includes(metric)) return extra.filter((m) => m !== metric);
  if (metric === primary || shownKpiColumns(primary, extra).length >= KPI_COLUMNS_MAX) return [...extra];
  return [...extra, metric];
}
