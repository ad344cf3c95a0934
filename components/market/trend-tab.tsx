"use client";

import { useQueries } from "@tanstack/react-query";
import { bedroomShortLabel, bedroomsQuery } from "@/lib/market/bedrooms";
import { marketTimeSeriesQuery } from "@/lib/market/queries";
import { RANGE_LABELS, GRANULARITY_LABELS } from "@/lib/market/range";
import { currentPeriodLabel, marketBand, overlayHasValues, overlayRows } from "@/lib/market/series";
import { METRIC_INFO, formatMetric, formatTick, metricTitle, metricUnit } from "@/lib/sets/analytics/series";
import { isSvcError } from "@/lib/svc/errors";
import { ChartCard, type LoadState } from "../charts/chart-card";
import { PercentileBandChart } from "../charts/percentile-band-chart";
import { AnalyticsSection, LoadProblem } from "../sets/analytics/analytics-section";
import type { MarketView } from "./market-view";

/** The state of a card fed by several queries: loading until each has answered, error if all failed. */
export function combinedState(queries: ReadonlyArray<{ isPending: boolean; isError: boolean }>): LoadState {
  if (queries.length === 0) return "ready";
  if (queries.some((q) => q.isPending && !q.isError)) return "loading";
  return queries.every((q) => q.isError) ? "error" : "ready";
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

  const answered = choices
    .map((choice, i) => ({ choice, query: queries[i]! }))
    .filter((entry) => entry.query.data !== undefined);
  const granularity = params?.granularity ?? "month";
  const rows = overlayRows(answered.map((entry) => marketBand(entry.query.data!, granularity)));
  const series = answered.map((entry) => ({
    label: bedroomShortLabel(entry.choice),
    colorIndex: choices.indexOf(entry.choice),
  }));

  const currency = answered[0]?.query.data?.currency ?? params?.currency ?? market?.currency ?? "";
  const format = (value: number | null) => formatMetric(view.metric, value, currency);
  const when = `${RANGE_LABELS[view.range].toLowerCase()}, ${GRANULARITY_LABELS[granularity].toLowerCase()}`;
  const title = `${metricTitle(view.metric, currency)}, ${when}`;
  const today = currentPeriodLabel(rows);
  const failures = choices
    .map((choice, i) => ({ choice, query: queries[i]! }))
    .filter((entry) => entry.query.isError);

  return (
    <AnalyticsSection
      title="Over time"
      testId="market-trend"
      description="For each bedroom group: the line is the market's median, the band holds the middle half of its listings (p25 to p75)."
    >
      {params === null ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700">
          The chart waits for dates it can ask for: see the custom range above.
        </p>
      ) : (
        <ChartCard
          title={title}
          state={view.choicesPending ? "loading" : choices.length === 0 ? "ready" : combinedState(queries)}
          empty={choices.length === 0 || (answered.length > 0 && !overlayHasValues(rows))}
          emptyMessage={
            choices.length === 0
              ? "Pick a bedroom group to chart."
              : `The market has no ${METRIC_INFO[view.metric].label} figures for these dates.`
          }
          height={300}
        >
          <PercentileBandChart
            overlay={{ rows, series }}
            format={format}
            tick={formatTick}
            unit={metricUnit(view.metric, currency)}
            caption={title}
            height={300}
            marker={today ? { at: today, label: "Today" } : undefined}
          />
        </ChartCard>
      )}
      {failures.map(({ choice, query }) => (
        <div key={choice} data-testid="group-problem">
          {isSvcError(query.error) && query.error.status === 400 ? (
            <p role="alert" className="text-sm text-red-800">
              {query.error.message}
            </p>
          ) : (
            <LoadProblem error={query.error} onRetry={() => void query.refetch()} />
          )}
        </div>
      ))}
    </AnalyticsSection>
  );
}
