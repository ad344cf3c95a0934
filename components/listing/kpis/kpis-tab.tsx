"use client";

import type { ListingTabProps } from "@/components/listing/tab-props";
import { KpiChartPanel } from "@/components/listing/kpis/kpi-chart-panel";
import { RollingKpisCard } from "@/components/listing/kpis/rolling-kpis-card";

/** The listing's performance: rolling windows past against next, then the period chart. */
export function KpisTab({ listing }: ListingTabProps) {
  return (
    <div className="space-y-6">
      <RollingKpisCard listing={listing} />
      <KpiChartPanel listing={listing} />
    </div>
  );
}
