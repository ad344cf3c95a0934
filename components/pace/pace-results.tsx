"use client";

import { useRef, type ReactNode } from "react";
import { DownloadChartPng } from "@/components/charts/download-chart-png";
import { PaceNightsChart } from "@/components/charts/pace-nights-chart";
import { DownloadCsvButton } from "@/components/ui/download-csv-button";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { GapDialog } from "@/components/pace/gap-dialog";
import { PaceTable, periodLabel } from "@/components/pace/pace-table";
import { PickupDialog } from "@/components/pace/pickup-dialog";
import { PickupTable } from "@/components/pace/pickup-table";
import { MarketNote } from "@/components/pace/market-note";
import { useChangedCells } from "@/components/pace/use-changed-cells";
import { formatCount } from "@/lib/format/numbers";
import { formatUtc } from "@/lib/format/times";
import { paceCsv } from "@/lib/pace/csv";
import { paceSearch, type PaceParams, type PaceReportView, type PaceRowView } from "@/lib/pace/queries";

/** The cell whose detail is open, as the URL keeps it: `gap:2026-12:USD`, `pickup:2026-12:USD:last`. */
export type PaceDetail = string;

/** The currencies of the table, most listings first: amounts in two currencies are never added. */
function currenciesOf(report: PaceReportView): string[] {
  const listings = new Map<string, number>();
  for (const row of report.rows)
    listings.set(row.currency, Math.max(listings.get(row.currency) ?? 0, row.listings));
  return [...listings.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
}

function Coverage({ report }: { report: PaceReportView }) {
  const whole = report.listings_covered >= report.listings_total;
  return (
    <p className="text-sm text-slate-600" data-testid="pace-coverage">
      {`From the portfolio mirror, as of ${report.as_of ? formatUtc(report.as_of, { seconds: false }) : "—"}: `}
      {report.listings_total === 0
        ? "no listing is in this view."
        : whole
          ? `every listing in view (${formatCount(report.listings_total)}).`
          : `${formatCount(report.listings_covered)} of ${formatCount(report.listings_total)} listings in view so far; the others are counted nowhere until the sync reads them.`}{" "}
      Revenue is the nightly rate booked, fees and taxes excluded; the same time last year is 364 days back,
      so weekdays line up.
    </p>
  );
}

const opener = (label: ReactNode, describedAs: string) => (
  <button
    type="button"
    aria-label={describedAs}
    className="whitespace-nowrap rounded text-left text-brand-700 underline decoration-dotted underline-offset-2 hover:decoration-solid focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
  >
    {label}
  </button>
);

/**
 * A ready pace report: its coverage, the CSV and the chart's PNG, the chart and one currency's
 * table (against last year, or pickup); a period's heading opens the listings behind its gap,
 * a pickup cell the reservations behind it. Cells a live update moved light up for a moment.
 */
export function PaceResults({
  report,
  params,
  show,
  currency: asked,
  onCurrency,
  detail,
  onDetail,
  settled,
}: {
  report: PaceReportView;
  params: PaceParams;
  show: "pace" | "pickup";
  currency: string | null;
  onCurrency: (currency: string) => void;
  detail: PaceDetail | null;
  onDetail: (detail: PaceDetail | null) => void;
  /** False while the previous view's report stands in for the one being read. */
  settled: boolean;
}) {
  const chart = useRef<HTMLDivElement>(null);
  const changed = useChangedCells(report.rows, paceSearch(params).toString(), settled);
  const currencies = currenciesOf(report);
  const currency = asked && currencies.includes(asked) ? asked : currencies[0];
  if (currency === undefined)
    return (
      <div className="space-y-3">
        <Coverage report={report} />
        <p className="text-sm text-slate-600">
          {report.listings_total === 0
            ? "Widen the filters to count some listings."
            : "No listing in view is covered yet: the sync is reading your reservations."}
        </p>
      </div>
    );
  const rows = report.rows.filter((r) => r.currency === currency);
  const day = report.now?.slice(0, 10) ?? "now";
  const toggle = (key: string) => (open: boolean) => onDetail(open ? key : null);
  const gapCell = (row: PaceRowView, label: string) => {
    const key = `gap:${row.period}:${currency}`;
    return (
      <GapDialog
        params={params}
        period={row.period}
        label={label}
        currency={currency}
        open={detail === key}
        onOpenChange={toggle(key)}
        trigger={opener(label, `${label}: the listings behind the change`)}
      />
    );
  };
  const pickupCell = (row: PaceRowView, year: "this" | "last", content: ReactNode) => {
    const moved =
      year === "this"
        ? row.booked_nights + row.canceled_nights
        : row.ly_booked_nights + row.ly_canceled_nights;
    if (moved === 0) return content;
    const key = `pickup:${row.period}:${currency}:${year}`;
    const label = periodLabel(params.unit, row.period);
    return (
      <PickupDialog
        params={params}
        period={row.period}
        label={label}
        currency={currency}
        year={year}
        open={detail === key}
        onOpenChange={toggle(key)}
        trigger={opener(
          content,
          `${label}: the reservations picked up ${year === "this" ? "in the window" : "a year ago"}`,
        )}
      />
    );
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Coverage report={report} />
        <div className="flex flex-wrap items-center gap-3">
          {currencies.length > 1 ? (
            <SegmentedControl
              label="Currency"
              value={currency}
              options={currencies.map((c) => ({ value: c, label: c }))}
              onValueChange={onCurrency}
            />
          ) : null}
          <DownloadCsvButton
            filename={`pace-${params.unit}-pickup-${params.pickup}-${day}.csv`}
            build={() => paceCsv(report.rows, report.market)}
          />
        </div>
      </div>
      {show === "pace" ? (
        <>
          <div className="rounded-lg border border-slate-200 bg-white p-4" ref={chart}>
            <div className="flex items-start justify-between gap-3">
              <h2 className="text-sm font-semibold text-slate-800">{`Nights in ${currency} listings`}</h2>
              <DownloadChartPng
                chart={chart}
                filename={`pace-nights-${params.unit}-${currency}-${day}.png`}
              />
            </div>
            <PaceNightsChart
              data={rows.map((r) => ({
                label: periodLabel(params.unit, r.period),
                otb: r.otb_nights,
                stly: r.stly_nights,
                final: r.ly_final_nights,
              }))}
            />
          </div>
          <MarketNote market={report.market} currency={currency} />
          <PaceTable
            rows={rows}
            market={report.market.state === "shown" ? report.market : undefined}
            unit={params.unit}
            currency={currency}
            pickupDays={report.pickup_days}
            periodCell={gapCell}
            pickupCell={(row, content) => pickupCell(row, "this", content)}
            changed={changed}
          />
        </>
      ) : (
        <PickupTable
          rows={rows}
          unit={params.unit}
          currency={currency}
          pickupDays={report.pickup_days}
          cell={pickupCell}
          changed={changed}
        />
      )}
    </div>
  );
}
