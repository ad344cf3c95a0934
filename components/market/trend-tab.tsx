"use client";

import { useQueries } from "@tanstack/react-query";
import { bedroomShortLabel, bedroomsQuery } from "@/lib/market/bedrooms";
import { marketTimeSeriesQuery } from "@/lib/market/queries";
import { GRANULARITY_LABELS, RANGE_LABELS } from "@/lib/market/range";
import { answersHaveValues } from "@/lib/market/series";
import { METRIC_INFO, metricTitle } from "@/lib/metrics/lexicon-metrics";
import { isSvcError } from "@/lib/svc/errors";
import { ChartCard, type LoadState } from "@/components/charts/chart-card";
import { AnalyticsSection, LoadProblem } from "@/components/charts/analytics-section";
import { MarketBandChart } from "@/components/market/market-band-chart";
import type { MarketView } from "@/components/market/market-view";

/** The state of a card fed by several queries: loading until each has answered, error if all failed. */
export function combinedState(queries: ReadonlyArray<{ isPending: boolean; isError: boolean }>): LoadState {
  if (queries.length === 0) return "ready";
  if (queries.some((q) => q.isPending && !q.isError)) return "loading";
  return queries.every((q) => q.isError) ? "error" : "ready";
}

/** "15 months back to 12 ahead, monthly". */
export const rangeWords = (view: MarketView) =>
  `${RANGE_LABELS[view.range].toLowerCase()}, ${GRANULARITY_LABELS[view.series?.granularity ?? "month"].toLowerCase()}`;

export function WaitingForDates() {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700">
      The chart waits for dates it can ask for: see the custom range above.
    </p>
  );
}

/** A refused or failed series: the service's sentence for a 400, else the reason with a retry. */
export function SeriesProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isSvcError(error) && error.status === 400) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {error.message}
      </p>
    );
  }
  return <LoadProblem error={error} onRetry={onRetry} />;
}

/**
 * The market over time: for each chosen bedroom group, its median and the middle half of its
 * listings (p25–p75), laid over one another. One request per group; a group the service
 * refuses says why in the service's words while the others still draw.
 */
export function TrendTab({ view }: { view: MarketView }) {
  const { marketId, market, choices, series: params } = view;
  const queries = useQueries({
    queries: choices.map((choice) =>
      marketTimeSeriesQuery(
        marketId,
        { ...(params ?? { metric: view.metric, granularity: "month" }), bedrooms: bedroomsQuery(choice) },
        params !== null,
      ),
    ),
  });

  const answered = choices.flatMap((choice, i) => {
    const data = queries[i]!.data;
    return data ? [{ label: bedroomShortLabel(choice), colorIndex: i, answer: data }] : [];
  });
  const currency = answered[0]?.answer.currency ?? params?.currency ?? market?.currency ?? "";
  const title = `${metricTitle(view.metric, currency)}, ${rangeWords(view)}`;
  const state: LoadState = view.choicesPending ? "loading" : combinedState(queries);

  return (
    <AnalyticsSection
      title="Over time"
      testId="market-trend"
      description="For each bedroom group: the line is the market's median, the band holds the middle half of its listings (p25 to p75)."
    >
      {params === null ? (
        <WaitingForDates />
      ) : (
        <ChartCard
          title={title}
          state={state}
          empty={
            choices.length === 0 || (answered.length > 0 && !answersHaveValues(answered.map((a) => a.answer)))
          }
          emptyMessage={
            choices.length === 0
              ? "Pick a bedroom group to chart."
              : `The market has no ${METRIC_INFO[view.metric].label} figures for these dates.`
          }
          height={300}
        >
          <MarketBandChart
            series={answered}
            metric={view.metric}
            currency={currency}
            granularity={params.granularity}
            caption={title}
          />
        </ChartCard>
      )}
      {choices.map((choice, i) =>
        queries[i]!.isError ? (
          <div key={choice} data-testid="group-problem">
            <SeriesProblem error={queries[i]!.error} onRetry={() => void queries[i]!.refetch()} />
          </div>
        ) : null,
      )}
    </AnalyticsSection>
  );
}
