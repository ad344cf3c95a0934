"use client";

import { createContext, useContext } from "react";
import type { KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";
import type { PortfolioKpiChoice } from "@/components/listings/portfolio-kpi-controls";

export type KpiReadState = "loading" | "ready" | "error" | "unread";

export interface RowSelection {
  ids: ReadonlySet<string>;
  /** How many listings are shown, over every page. */
  shownCount: number;
  toggle: (svcId: string) => void;
  /** Select every listing shown, or clear them when all are selected. */
  toggleAll: () => void;
  /** What "all" covers, when it is not every listing shown (one page of a large portfolio). */
  allScope?: string;
}

export interface PortfolioTableState {
  /** `unread`: a large portfolio's page, whose figures come with the whole portfolio (no KPI column). */
  kpi: {
    choice: PortfolioKpiChoice;
    state: KpiReadState;
    /** The further KPI columns' own reads, by metric. */
    columns?: Partial<Record<KpiMetric, KpiReadState>>;
  };
  selection: RowSelection;
}

/**
 * What the table's cells read besides their row: the KPI request's state and the selection.
 * Through context rather than new column definitions, because new definitions remount every
 * cell (an open tag tooltip or a focused checkbox would be lost on each change).
 */
export const PortfolioTableContext = createContext<PortfolioTableState | null>(null);

export function usePortfolioTable(): PortfolioTableState {
  const state = useContext(PortfolioTableContext);
  if (!state) throw new Error("usePortfolioTable needs a PortfolioTableContext provider");
  return state;
}
