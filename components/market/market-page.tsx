"use client";

import { useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { useMemo } from "react";
import { bedroomOptions, lackingSentence, resolveChoices, type BedroomChoice } from "@/lib/market/bedrooms";
import { reportCurrencies } from "@/lib/market/markets";
import { bedroomGroupsQuery, marketsQuery, myListingsQuery } from "@/lib/market/queries";
import { DEFAULT_GRANULARITY, isRangeProblem, rangeDates } from "@/lib/market/range";
import { METRIC_INFO } from "@/lib/metrics/lexicon-metrics";
import { isSvcError } from "@/lib/svc/errors";
import { ErrorPanel } from "@/components/ui/error-panel";
import { lazyPart } from "@/components/ui/lazy";
import { LAZY_TAB } from "@/components/ui/tab-panel-loading";
import { Tabs, type TabDef } from "@/components/ui/tabs";
import { BedroomPicker } from "@/components/market/bedroom-picker";
import { MarketHeader } from "@/components/market/market-header";
import { MarketMap } from "@/components/market/market-map";
import { MarketNotFound } from "@/components/market/market-not-found";
import { MarketOptions, type MarketOptionsValue } from "@/components/market/market-options";
import { marketUrlState, type MarketTab } from "@/components/market/market-url-state";
import type { MarketView } from "@/components/market/market-view";

// Each tab's code is its own chunk, fetched when the tab is first shown.
const TrendTab = lazyPart(() => import("@/components/market/trend-tab").then((m) => m.TrendTab), LAZY_TAB);
const DistributionTab = lazyPart(
  () => import("@/components/market/distribution-tab").then((m) => m.DistributionTab),
  LAZY_TAB,
);
const CompareTab = lazyPart(
  () => import("@/components/market/compare-tab").then((m) => m.CompareTab),
  LAZY_TAB,
);

const is404 = (error: unknown) => isSvcError(error) && error.status === 404;

/**
 * One market: its map, bedroom groups, and its figures over time, as a distribution and beside
 * another market, in tabs (only the open tab reads). Opening it costs the markets and my
 * listings (both cached when coming from the markets list), its bedroom groups and the open
 * tab's series, all sent together: the tabs ask without waiting for the market's record.
 */
export function MarketPage({ marketId }: { marketId: string }) {
  const [url, setUrl] = useQueryStates(marketUrlState);
  const markets = useQuery(marketsQuery());
  const listings = useQuery(myListingsQuery());
  const groups = useQuery(bedroomGroupsQuery(marketId));
  const market = markets.data?.find((m) => m.id === marketId);

  const inMarket = useMemo(
    () => (listings.data ? listings.data.filter((l) => l.market_id === marketId) : null),
    [listings.data, marketId],
  );
  const options = useMemo(
    () => (market && groups.data ? bedroomOptions(market.listing_count, groups.data.groups) : null),
    [market, groups.data],
  );
  const resolved = resolveChoices(url.bedrooms, options);
  const dates = rangeDates(url.range, { from: url.from, to: url.to });
  const granularity = url.grain ?? DEFAULT_GRANULARITY[url.range];
  const rangeProblem = isRangeProblem(dates) ? dates.problem : null;
  // Counts and percentages read the same in every currency: asking without one shares the answer.
  const currency = METRIC_INFO[url.metric].kind === "money" ? url.currency : null;

  if ((markets.isSuccess && !market) || is404(groups.error)) return <MarketNotFound marketId={marketId} />;
  if (markets.isError) {
    return <ErrorPanel error={markets.error} onRetry={() => markets.refetch()} what="this market" />;
  }

  const view: MarketView = {
    marketId,
    market,
    markets: markets.data,
    metric: url.metric,
    range: url.range,
    choices: resolved.shown,
    choicesPending: resolved.waiting.length > 0,
    series: isRangeProblem(dates)
      ? null
      : { metric: url.metric, ...dates, granularity, currency: currency ?? undefined },
    currency,
    window: url.window,
    group: url.group,
    compareWith: url.with,
    inMarket,
    setUrl: (next) => void setUrl(next),
  };

  const optionsValue: MarketOptionsValue = {
    metric: url.metric,
    range: url.range,
    from: url.from,
    to: url.to,
    granularity,
    currency: url.currency,
  };
  const onOptions = (next: Partial<MarketOptionsValue>) => {
    const { granularity: grain, currency, ...rest } = next;
    void setUrl({
      ...rest,
      // A new range starts with its own granularity.
      ...(rest.range !== undefined ? { grain: null } : {}),
      ...(grain !== undefined
        ? { grain: grain === DEFAULT_GRANULARITY[next.range ?? url.range] ? null : grain }
        : {}),
      ...(currency !== undefined ? { currency } : {}),
    });
  };
  const onBedrooms = (next: BedroomChoice[]) =>
    void setUrl({ bedrooms: next.length === 1 && next[0] === "all" ? null : next, group: null });

  const tabs: TabDef<MarketTab>[] = [
    { value: "trend", label: "Over time", content: <TrendTab view={view} /> },
    { value: "distribution", label: "Distribution", content: <DistributionTab view={view} /> },
    { value: "compare", label: "Compare markets", content: <CompareTab view={view} /> },
  ];

  return (
    <div className="space-y-6" data-testid="market-page" data-state={market ? "ready" : "loading"}>
      <MarketHeader market={market} mine={inMarket?.length ?? null} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <MarketMap
          market={market}
          mine={inMarket}
          state={markets.isPending || listings.isPending ? "loading" : "ready"}
        />
        <BedroomPicker
          groups={groups}
          options={options}
          selected={resolved.shown}
          mine={inMarket}
          onChange={onBedrooms}
        />
      </div>
      {market && options && resolved.lacking.length > 0 ? (
        <div
          role="alert"
          data-testid="lacking-groups"
          className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {resolved.lacking.map((asked) => (
            <p key={asked}>{lackingSentence(market.name, asked, options)}</p>
          ))}
          {resolved.shown.length === 0 ? <p className="mt-1">Pick one of its groups above.</p> : null}
        </div>
      ) : null}
      <MarketOptions
        value={optionsValue}
        marketCurrency={market?.currency}
        currencies={markets.data ? reportCurrencies(markets.data) : []}
        rangeProblem={rangeProblem}
        onChange={onOptions}
      />
      <Tabs
        label="Market report views"
        value={url.tab}
        onValueChange={(next) => void setUrl({ tab: next === "trend" ? null : next })}
        tabs={tabs}
      />
    </div>
  );
}
