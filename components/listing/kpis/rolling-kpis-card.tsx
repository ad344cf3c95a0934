"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { ROLLING_METRICS, rollingTable } from "@/lib/metrics/rolling-windows";
import { rollingKpisQuery } from "@/lib/listing/kpis/queries";
import { KPI_PERIOD_DAYS } from "@/lib/svc/schemas/kpi-lexicon";
import type { Listing } from "@/lib/svc/schemas/listings";
import { RollingKpisTable } from "@/components/listing/kpis/rolling-kpis-table";

/** The windows a glance needs; the others are one switch away. */
const KEY_WINDOWS = [7, 30, 90, 365] as const;

function RollingSkeleton({ columns }: { columns: number }) {
  return (
    <div aria-hidden="true" className="space-y-2">
      {ROLLING_METRICS.map((metric) => (
        <div key={metric} className="flex gap-3">
          <Skeleton className="h-4 w-36" />
          {Array.from({ length: columns }, (_, i) => (
            <Skeleton key={i} className="h-4 flex-1" />
          ))}
        </div>
      ))}
    </div>
  );
}

/** Rolling windows, past against next: how the listing did and what is on the books. */
export function RollingKpisCard({ listing }: { listing: Listing }) {
  const rolling = useQuery(rollingKpisQuery(listing.svc_id));
  const [everyWindow, setEveryWindow] = useState(false);
  const days = everyWindow ? KPI_PERIOD_DAYS : KEY_WINDOWS;
  const rows = useMemo(() => (rolling.data ? rollingTable(rolling.data, days) : []), [rolling.data, days]);
  const currency = rolling.data?.currency ?? listing.currency;
  const state = rolling.isPending ? "loading" : rolling.isError ? "error" : "ready";

  return (
    <section
      aria-labelledby="rolling-kpis-title"
      aria-busy={state === "loading" || undefined}
      data-state={state}
      data-testid="rolling-kpis"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="rolling-kpis-title" className="text-base font-semibold text-slate-900">
            Rolling windows ({currency})
          </h2>
          <p className="mt-0.5 text-xs text-slate-600">
            The past days against the next ones from today. Next days count only what is on the books now.
          </p>
        </div>
        <Switch
          label="Show every window"
          description="Adds the 14, 21, 60 and 180 day windows"
          checked={everyWindow}
          onCheckedChange={setEveryWindow}
        />
      </div>
      {state === "loading" ? (
        <RollingSkeleton columns={days.length * 2} />
      ) : state === "error" ? (
        <ErrorPanel error={rolling.error} onRetry={() => rolling.refetch()} what="the rolling KPIs" />
      ) : (
        <RollingKpisTable
          rows={rows}
          days={days}
          currency={currency}
          caption={`Rolling KPIs of ${listing.name} in ${currency}: past and next days side by side`}
        />
      )}
    </section>
  );
}
