"use client";

import { useQueries } from "@tanstack/react-query";
import { currencyParam, marketTimeSeriesQuery } from "@/lib/market/queries";
import { answersHaveValues } from "@/lib/market/series";
import { METRIC_INFO, metricTitle } from "@/lib/metrics/lexicon-metrics";
import { ChartCard } from "@/components/charts/chart-card";
import { AnalyticsSection } from "@/components/charts/analytics-section";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { MarketBandChart } from "@/components/market/market-band-chart";
import type { MarketView } from "@/components/market/market-view";
import { SeriesProblem, WaitingForDates, combinedState, rangeWords } from "@/components/market/trend-tab";

/**
 * This market and another on one metric, on one chart, in one currency: the other market's
 * figures are converted by the service (its `currency` parameter), never in the browser. Both
 * cover all their listings, since two markets need not share bedroom groups.
 */
export function CompareTab({ view }: { view: MarketView }) {
  const { marketId, market, markets, metric } = view;
  const others = (markets ?? []).filter((m) => m.id !== marketId);
  const asked = view.compareWith;
  const other = others.find((m) => m.id === asked) ?? others[0];
  const unknownAsked = asked !== null && markets !== undefined && !others.some((m) => m.id === asked);
  // One currency for both: the one chosen, else this market's own. Counts and percentages need none.
  const money = METRIC_INFO[metric].kind === "money";
  const currency = view.currency ?? market?.currency;
  const params = view.series;
  const fallback = { metric, granularity: "month" as const };

  const queries = useQueries({
    queries: [
      // The same question as the "All listings" series of the Over time tab: one cache entry.
      marketTimeSeriesQuery(marketId, params ?? fallback, params !== null),
      marketTimeSeriesQuery(
        other?.id ?? "",
        { ...(params ?? fallback), currency: money ? currencyParam(currency, other?.currency) : undefined },
        params !== null && other !== undefined && (!money || currency !== undefined),
      ),
    ],
  });
  const names = [market?.name ?? "This market", other?.name ?? "Other market"];
  const answered = queries.flatMap((q, i) =>
    q.data ? [{ label: names[i]!, colorIndex: i, answer: q.data }] : [],
  );
  const shown = queries[0]!.data?.currency ?? currency ?? "";
  const title = `${metricTitle(metric, shown)}, ${names.join(" and ")}, ${rangeWords(view)}`;
  const converted = money && other && currency && other.currency !== currency;
  const state = markets === undefined ? "loading" : combinedState(queries);

  if (markets !== undefined && others.length === 0) {
    return (
      <AnalyticsSection
        title="Compare markets"
        testId="market-compare"
        description="Two markets on one chart."
      >
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700">
          Your listings sit in this market only, so there is no other market to compare it with.
        </p>
      </AnalyticsSection>
    );
  }

  return (
    <AnalyticsSection
      title="Compare markets"
      testId="market-compare"
      description="This market and another on the metric and dates chosen above, all listings of each. The line is each market's median, the band the middle half of its listings."
      controls={
        others.length > 0 ? (
          <LabelledSelect
            label="Compare with"
            value={other?.id ?? ""}
            options={others.map((m) => ({ value: m.id, label: m.name }))}
            onChange={(next) => view.setUrl({ with: next })}
          />
        ) : null
      }
    >
      {unknownAsked ? (
        <p role="status" className="text-sm text-amber-900">
          There is no market “{asked}” among your listings’ markets; {other?.name} is shown instead.
        </p>
      ) : null}
      {converted ? (
        <p className="text-sm text-slate-600">
          {other.name}&apos;s figures are in {other.currency}; the service converts them to {currency}.
        </p>
      ) : null}
      {params === null ? (
        <WaitingForDates />
      ) : (
        <ChartCard
          title={title}
          state={state}
          empty={state === "ready" && !answersHaveValues(answered.map((a) => a.answer))}
          emptyMessage={`Neither market has ${METRIC_INFO[metric].label} figures for these dates.`}
          height={300}
        >
          <MarketBandChart
            series={answered}
            metric={metric}
            currency={shown}
            granularity={params.granularity}
            caption={title}
          />
        </ChartCard>
      )}
      {queries.map((q, i) =>
        q.isError ? <SeriesProblem key={names[i]} error={q.error} onRetry={() => void q.refetch()} /> : null,
      )}
    </AnalyticsSection>
  );
}
