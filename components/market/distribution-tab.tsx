"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { portfolioKpisQuery } from "@/lib/listing/kpis/queries";
import { bedroomLabel, bedroomShortLabel, bedroomsQuery, type BedroomChoice } from "@/lib/market/bedrooms";
import { marketDistributionQuery } from "@/lib/market/queries";
import { mineForChoice, placeMine } from "@/lib/market/standing";
import { WINDOW_LABELS, myListingValues } from "@/lib/metrics/distribution";
import { formatMetric, metricTitle, METRIC_INFO } from "@/lib/metrics/lexicon-metrics";
import { isSvcError } from "@/lib/svc/errors";
import { MEMBER_METRIC_WINDOWS } from "@/lib/svc/schemas/kpi-lexicon";
import { ChartCard } from "@/components/charts/chart-card";
import { AnalyticsSection, LoadProblem, loadStateOf } from "@/components/charts/analytics-section";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { SegmentedControl } from "@/components/ui/segmented-control";
import type { MarketView } from "@/components/market/market-view";
import { MarketDistributionChart } from "@/components/market/market-distribution-chart";
import { MyStanding } from "@/components/market/my-standing";

const WINDOW_OPTIONS = MEMBER_METRIC_WINDOWS.map((value) => ({ value, label: WINDOW_LABELS[value] }));

/**
 * How the market's listings spread over one metric in one window, with its percentiles drawn
 * and my listings of the same bedroom group placed on it. The distribution names no listing,
 * so my values come from one portfolio ranking (GET /listings/kpis) for the same metric,
 * window and currency: one request, however many listings I have.
 */
export function DistributionTab({ view }: { view: MarketView }) {
  const { marketId, market, choices, metric, window } = view;
  const choice: BedroomChoice | undefined = choices.find((c) => c === view.group) ?? choices[0];
  const distribution = useQuery(
    marketDistributionQuery(
      marketId,
      {
        metric,
        window,
        bedrooms: choice ? bedroomsQuery(choice) : undefined,
        currency: view.currency ?? undefined,
      },
      choice !== undefined,
    ),
  );
  // My values must be in the distribution's currency: known from the URL, the answer or the market.
  // Counts and percentages need none, and then the listings table's own ranking answers.
  const money = METRIC_INFO[metric].kind === "money";
  const currency = distribution.data?.currency ?? view.currency ?? market?.currency ?? null;
  const valuesCurrency = money ? currency : null;
  const mine = useMemo(
    () => (view.inMarket && choice ? mineForChoice(view.inMarket, choice) : null),
    [view.inMarket, choice],
  );
  const values = useQuery({
    ...portfolioKpisQuery({ metric, window, currency: valuesCurrency }),
    enabled: (!money || currency !== null) && mine !== null && mine.placed.length > 0,
  });
  const myValues = useMemo(
    () => (mine && values.data ? myListingValues(mine.placed, values.data) : []),
    [mine, values.data],
  );
  const result = useMemo(
    () => (distribution.data ? placeMine(distribution.data, myValues) : null),
    [distribution.data, myValues],
  );

  const shown = currency ?? "";
  const format = (value: number | null) => formatMetric(metric, value, shown);
  const groupWords = choice ? bedroomLabel(choice).toLowerCase() : "";
  const title = `${metricTitle(metric, shown)}, ${WINDOW_LABELS[window].toLowerCase()}, ${groupWords}`;
  return (
    <AnalyticsSection
      title="Distribution"
      testId="market-distribution"
      description="How many of the market's listings fall in each range of values, with its percentiles drawn across. Your listings of the same bedroom group are placed from their own figures."
      controls={
        <>
          {choices.length > 1 ? (
            <SegmentedControl
              label="Bedroom group of the distribution"
              value={choice ?? choices[0]!}
              options={choices.map((c) => ({ value: c, label: bedroomShortLabel(c) }))}
              onValueChange={(next) => view.setUrl({ group: next === choices[0] ? null : next })}
            />
          ) : null}
          <LabelledSelect
            label="Window"
            value={window}
            options={WINDOW_OPTIONS}
            onChange={(next) => view.setUrl({ window: next })}
          />
        </>
      }
    >
      {choice === undefined ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700">
          Pick a bedroom group to see its distribution.
        </p>
      ) : (
        <>
          <ChartCard
            title={title}
            state={loadStateOf(distribution)}
            empty={result !== null && result.bars.length === 0}
            emptyMessage={`The market has no ${METRIC_INFO[metric].label} figures for the ${WINDOW_LABELS[window].toLowerCase()}.`}
            height={260}
          >
            {result ? (
              <MarketDistributionChart
                distribution={distribution.data!}
                result={result}
                mine={myValues}
                metric={metric}
                currency={shown}
                caption={title}
              />
            ) : null}
          </ChartCard>
          {distribution.isError ? (
            isSvcError(distribution.error) && distribution.error.status === 400 ? (
              <p role="alert" className="text-sm text-red-800">
                {distribution.error.message}
              </p>
            ) : (
              <LoadProblem error={distribution.error} onRetry={() => void distribution.refetch()} />
            )
          ) : null}
          <MyStanding
            mine={mine}
            values={values}
            result={result}
            percentiles={distribution.data?.percentiles ?? null}
            format={format}
            groupWords={groupWords}
          />
        </>
      )}
    </AnalyticsSection>
  );
}
