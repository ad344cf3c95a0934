"use client";

import { Link } from "@/components/ui/link";
import { todayUtc } from "@/lib/format/dates";
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo, useState } from "react";
import { calendarYearRange } from "@/lib/listing/calendar/dates";
import { lastPostedSummary } from "@/lib/listing/calendar/last-posted";
import { buildCalendarYear } from "@/lib/listing/calendar/model";
import { weeklyReference } from "@/lib/listing/calendar/neighborhood-reference";
import {
  feeImpactQuery,
  lastPostedPricesQuery,
  minStayCalendarQuery,
  neighborhoodPricingQuery,
  priceCalendarQuery,
  priceRecommendationsQuery,
} from "@/lib/listing/calendar/queries";
import { ChartCard, type LoadState } from "@/components/charts/chart-card";
import { ErrorPanel } from "@/components/ui/error-panel";
import type { ListingTabProps } from "@/components/listing/tab-props";
import { CalendarOptions } from "@/components/listing/calendar/calendar-options";
import { CalendarGridSkeleton } from "@/components/listing/calendar/calendar-skeleton";
import type { CellValue } from "@/components/listing/calendar/calendar-display";
import { CalendarLegend } from "@/components/listing/calendar/calendar-legend";
import { CalendarSummary } from "@/components/listing/calendar/calendar-summary";
import { CalendarYearGrid } from "@/components/listing/calendar/calendar-year-grid";
import { LastPostedPanel } from "@/components/listing/calendar/last-posted-panel";
import { NightDetails, type PartState } from "@/components/listing/calendar/night-details";
import { NightDetailsPlace } from "@/components/listing/calendar/night-sheet";
import { PriceReferenceChart } from "@/components/listing/calendar/price-reference-chart";

function partState(enabled: boolean, query: { isPending: boolean; isError: boolean }): PartState {
  if (!enabled) return "off";
  return query.isError ? "error" : query.isPending ? "loading" : "ready";
}

/**
 * The listing's next twelve months, night by night. Four requests load the year (price
 * calendar, recommendations, neighborhood pricing, last posted prices: each endpoint answers
 * the whole year at once); the fee impact and the minimum-stay calendar are fetched only when
 * their overlay is turned on.
 */
export function CalendarTab({ listing }: ListingTabProps) {
  const svcId = listing.svc_id;
  // Read once: a page stays open for minutes, and the range is part of every query key.
  const [range] = useState(() => calendarYearRange(todayUtc()));
  const [cellValue, setCellValue] = useState<CellValue>("price");
  const [feesOn, setFeesOn] = useState(false);
  const [minStayOn, setMinStayOn] = useState(false);
  const [selected, setSelected] = useState(range.start_date);
  const [hovered, setHovered] = useState<string | null>(null);
  // Choosing a night opens its details as a sheet on a phone (night-sheet.tsx).
  const [sheetOpen, setSheetOpen] = useState(false);

  const calendar = useQuery(priceCalendarQuery(svcId, range));
  const recommendations = useQuery(priceRecommendationsQuery(svcId, range));
  const neighborhood = useQuery(neighborhoodPricingQuery(svcId, range));
  const lastPosted = useQuery(lastPostedPricesQuery(svcId, range));
  const feeImpact = useQuery({ ...feeImpactQuery(svcId, range), enabled: feesOn });
  const minStay = useQuery({ ...minStayCalendarQuery(svcId, range), enabled: minStayOn });

  const year = useMemo(
    () =>
      calendar.data
        ? buildCalendarYear({
            range,
            calendar: calendar.data,
            recommendations: recommendations.data,
            neighborhood: neighborhood.data,
            lastPosted: lastPosted.data,
            feeImpact: feesOn ? feeImpact.data : null,
            minStay: minStayOn ? minStay.data : null,
          })
        : null,
    [
      range,
      calendar.data,
      recommendations.data,
      neighborhood.data,
      lastPosted.data,
      feesOn,
      feeImpact.data,
      minStayOn,
      minStay.data,
    ],
  );
  // The twelve months are drawn from the year a render behind: when an answer lands (or the tab
  // opens on answers in hand), the tab shows it at once (summary, details, chart) and the months
  // follow in a transition, drawn in slices with the main thread given back between them.
  const drawnYear = useDeferredValue(year, null);
  const weekly = useMemo(() => (year ? weeklyReference(year) : []), [year]);
  const posted = useMemo(
    () => (year && lastPosted.data ? lastPostedSummary(year) : null),
    [year, lastPosted.data],
  );

  const currency = calendar.data?.currency ?? listing.currency;
  const display = useMemo(
    () => ({
      currency,
      cellValue,
      showGuestPrice: feesOn && feeImpact.data !== undefined,
      showMinStay: minStayOn && minStay.data !== undefined,
    }),
    [currency, cellValue, feesOn, feeImpact.data, minStayOn, minStay.data],
  );

  const state: LoadState = calendar.isPending ? "loading" : calendar.isError ? "error" : "ready";
  const chartState: LoadState =
    calendar.isError || neighborhood.isError
      ? "error"
      : calendar.isPending || neighborhood.isPending
        ? "loading"
        : "ready";
  const shown = hovered ?? selected;

  return (
    <div className="space-y-4" data-testid="price-calendar" data-state={state}>
      <div className="grid gap-4 lg:grid-cols-3">
        <ChartCard
          title={`Your price and the neighborhood (${currency})`}
          description="Weekly averages over the next twelve months; the band is the middle half of comparable listings' prices."
          state={chartState}
          empty={weekly.length === 0}
          emptyMessage="No nights to compare."
          className="lg:col-span-2"
        >
          <PriceReferenceChart
            data={weekly}
            currency={currency}
            minPrice={listing.listing_preferences.min_price}
            maxPrice={listing.listing_preferences.max_price}
          />
        </ChartCard>
        <LastPostedPanel
          summary={posted}
          currency={currency}
          state={lastPosted.isError ? "error" : lastPosted.isPending || !year ? "loading" : "ready"}
          error={lastPosted.error}
          onRetry={() => lastPosted.refetch()}
        />
      </div>

      <section aria-labelledby="price-calendar-title" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="price-calendar-title" className="text-base font-semibold text-slate-900">
            Nights
          </h2>
          <Link
            href={{ query: { tab: "custom-rates" } }}
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Manage custom rates
          </Link>
        </div>
        <CalendarOptions
          cellValue={cellValue}
          onCellValue={setCellValue}
          fees={{ on: feesOn, onChange: setFeesOn, query: feeImpact }}
          minStay={{ on: minStayOn, onChange: setMinStayOn, query: minStay }}
        />
        {state === "loading" ? (
          <>
            <p className="text-sm text-slate-600">Loading twelve months of nights…</p>
            <CalendarGridSkeleton />
          </>
        ) : state === "error" ? (
          <ErrorPanel error={calendar.error} onRetry={() => calendar.refetch()} what="the price calendar" />
        ) : (
          <>
            <CalendarSummary year={year!} />
            <CalendarLegend showGuestPrice={display.showGuestPrice} showMinStay={display.showMinStay} />
            <NightDetailsPlace date={selected} open={sheetOpen} onClose={() => setSheetOpen(false)}>
              <NightDetails
                date={shown}
                night={year!.byDate.get(shown) ?? null}
                currency={currency}
                parts={{
                  recommendations: partState(true, recommendations),
                  neighborhood: partState(true, neighborhood),
                  lastPosted: partState(true, lastPosted),
                  fees: partState(feesOn, feeImpact),
                  minStay: partState(minStayOn, minStay),
                }}
              />
            </NightDetailsPlace>
            {drawnYear ? (
              <CalendarYearGrid
                year={drawnYear}
                display={display}
                selected={selected}
                hovered={hovered}
                onSelect={setSelected}
                onChoose={() => setSheetOpen(true)}
                onHover={setHovered}
              />
            ) : (
              <CalendarGridSkeleton />
            )}
          </>
        )}
      </section>
    </div>
  );
}
