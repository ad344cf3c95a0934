"use client";

import type { ListingTabProps } from "../tab-props";
import { KpiChartPanel } from "./kpi-chart-panel";
import { RollingKpisCard } from "./rolling-kpis-card";

/** The listing's performance: rolling windows past against next, then the period chart. */
export function KpisTab({ listing }: ListingTabProps) {
  return (
    <div className="space-y-6">
      <RollingKpisCard listing={listing} />
      <KpiChartPanel listing={listing} />
    </div>
  );
}
