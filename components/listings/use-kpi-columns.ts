"use client";

import { useCallback, useMemo, useSyncExternalStore } from "react";
import { KPI_COLUMNS_STORAGE_KEY, readKpiColumns, writeKpiColumns } from "@/lib/listings/kpi-columns";
import { readStored, subscribeStored, writeStored } from "@/lib/shell/browser-storage";
import type { KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";

const readRaw = () => readStored(KPI_COLUMNS_STORAGE_KEY);

/**
 * The KPI columns remembered in this browser beside the URL's own (lib/listings/kpi-columns.ts).
 * The raw text is the store's snapshot (a string compares by value, so the hook renders only
 * on a change); the server renders none.
 */
export function useKpiColumns(): [KpiMetric[], (next: readonly KpiMetric[]) => void] {
  const raw = useSyncExternalStore(subscribeStored, readRaw, () => null);
  const set = useCallback((next: readonly KpiMetric[]) => {
    writeStored(KPI_COLUMNS_STORAGE_KEY, writeKpiColumns(next));
  }, []);
  const metrics = useMemo(() => readKpiColumns(raw), [raw]);
  return [metrics, set];
}
