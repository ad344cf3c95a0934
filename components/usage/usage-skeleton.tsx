import { ChartCard } from "@/components/charts/chart-card";
import { Skeleton } from "@/components/ui/skeleton";
import { SummaryTiles } from "@/components/usage/summary-tiles";

/** The usage page's layout while it loads: controls, tiles, charts and tables in their places. */
export function UsageSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading the usage report">
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-8 w-28" />
        <Skeleton className="h-8 w-56" />
      </div>
      <Skeleton className="h-4 w-96" />
      <SummaryTiles totals={null} />
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard title="Requests by day" state="loading" height={240} className="lg:col-span-2">
          {null}
        </ChartCard>
        <ChartCard title="Error rate" state="loading" height={200}>
          {null}
        </ChartCard>
        <ChartCard title="Latency" state="loading" height={200}>
          {null}
        </ChartCard>
      </div>
    </div>
  );
}
