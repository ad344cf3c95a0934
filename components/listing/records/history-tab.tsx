"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { historyChange, historyPoints, historySentence } from "@/lib/listing/records/base-price-display";
import { basePriceHistoryQuery, basePriceRecommendationQuery } from "@/lib/listing/records/queries";
import { addDays, todayUtc } from "@/lib/format/dates";
import { ChartCard } from "@/components/charts/chart-card";
import { ErrorPanel } from "@/components/ui/error-panel";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import type { ListingTabProps } from "@/components/listing/tab-props";
import { AttributionCard } from "@/components/listing/records/attribution-card";
import { BasePriceHistoryChart } from "@/components/listing/records/base-price-history-chart";
import { RecordPanel } from "@/components/listing/records/record-panel";

const RANGES = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "365 days" },
] as const;
type RangeValue = (typeof RANGES)[number]["value"];

/**
 * The base price over time (recommended and in use) beside today's recommendation and
 * what it is made of. Two requests; a longer range is one more, cached per range.
 */
export function HistoryTab({ listing }: ListingTabProps) {
  const [range, setRange] = useState<RangeValue>("30");
  const today = todayUtc();
  // Both ends included: 30 days ending today start 29 days back (the service's default).
  const dates = { start_date: addDays(today, 1 - Number(range)), end_date: today };
  const history = useQuery(basePriceHistoryQuery(listing.svc_id, dates));
  const recommendation = useQuery(basePriceRecommendationQuery(listing.svc_id));

  const pending = history.isPending || recommendation.isPending;
  const state = pending ? "loading" : history.isError || recommendation.isError ? "error" : "ready";
  const points = history.data ? historyPoints(history.data) : [];
  const change = historyChange(points);
  const currency = history.data?.currency ?? recommendation.data?.currency ?? listing.currency;

  return (
    <RecordPanel
      testId="history"
      title="Base price history"
      description="The base price every night's price starts from: what the service recommended each day and what the listing used."
      state={state}
      actions={
        <SegmentedControl<RangeValue>
          label="History range"
          value={range}
          options={RANGES}
          onValueChange={setRange}
        />
      }
    >
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ChartCard
          title={`Last ${range} days`}
          description={historySentence(change, currency)}
          state={history.isPending ? "loading" : history.isError ? "error" : "ready"}
          empty={points.every((p) => p.recommended === null && p.effective === null)}
          emptyMessage="No base prices were recorded in this range yet."
        >
          <BasePriceHistoryChart data={points} currency={currency} />
        </ChartCard>
        {recommendation.isPending ? (
          <div role="status" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
            <span className="sr-only">Loading the base price recommendation</span>
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-9 w-24" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : recommendation.isError ? (
          <ErrorPanel
            error={recommendation.error}
            onRetry={() => void recommendation.refetch()}
            what="the base price recommendation"
          />
        ) : (
          <AttributionCard recommendation={recommendation.data} />
        )}
      </div>
      {history.isError ? (
        <ErrorPanel
          error={history.error}
          onRetry={() => void history.refetch()}
          what="the base price history"
        />
      ) : null}
    </RecordPanel>
  );
}
