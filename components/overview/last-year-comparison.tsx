"use client";

import { useQuery, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { formatMonth, todayUtc } from "@/lib/format/dates";
import { EMPTY, formatAmount, formatCount } from "@/lib/format/numbers";
import { periodKpisQuery } from "@/lib/listing/kpis/queries";
import { change, pointsChange } from "@/lib/metrics/change";
import {
  compareMonths,
  coverageWords,
  type CurrencyComparison,
  type MonthFigures,
} from "@/lib/overview/months";
import { formatUtcTime } from "@/lib/format/times";
import { mirrorOverviewQuery } from "@/lib/sync/queries";
import { Link } from "@/components/ui/link";
import type { MonthlyKpis } from "@/lib/svc/schemas/kpis";
import { Button } from "@/components/ui/button";
import { Change } from "@/components/ui/change";
import { Figure } from "@/components/overview/overview-card";
import { PacedStatus } from "@/components/ui/paced-status";
import { usePacedLoad } from "@/components/ui/use-paced-load";

type Metric = {
  label: string;
  show: (f: MonthFigures, currency: string) => string | null;
  delta: (now: MonthFigures, before: MonthFigures) => { value: number | null; unit: "%" | "pt" };
};

const money = (value: number | null, currency: string) =>
  value === null ? null : formatAmount(value, currency);

/** Money moves in percent of last year; occupancy in percentage points. */
const METRICS: readonly Metric[] = [
  {
    label: "Revenue",
    show: (f, c) => money(f.revenue, c),
    delta: (now, before) => ({ value: change(now.revenue, before.revenue), unit: "%" }),
  },
  {
    label: "Occupancy",
    show: (f) => (f.occupancy === null ? null : `${f.occupancy.toFixed(1)} %`),
    delta: (now, before) => ({ value: pointsChange(now.occupancy, before.occupancy), unit: "pt" }),
  },
  {
    label: "ADR",
    show: (f, c) => money(f.adr, c),
    delta: (now, before) => ({ value: change(now.adr, before.adr), unit: "%" }),
  },
];

/**
 * This month and next month against the same months last year. From the portfolio mirror
 * when the account has one: no request, with how fresh it is and how many listings it covers
 * so far. Otherwise (or for the listings the mirror does not cover yet) the interface has no
 * portfolio-wide monthly read, so the live comparison costs one request per listing: it runs
 * only when asked, paced, and its answers are the listing workspace's own monthly KPIs.
 */
export function LastYearComparison({ listingIds }: { listingIds: readonly string[] }) {
  const fetchOne = useCallback(
    (client: QueryClient, id: string) =>
      client.fetchQuery(periodKpisQuery(id, "monthly")) as Promise<MonthlyKpis>,
    [],
  );
  const load = usePacedLoad(listingIds, fetchOne);
  const mirror = useQuery(mirrorOverviewQuery()).data;
  const fromMirror = mirror?.enabled && mirror.listings_covered > 0 && load.state === "idle" ? mirror : null;
  const wholeMirror = !!fromMirror && fromMirror.listings_covered >= fromMirror.listings_total;
  const comparisons = load.state === "idle" ? [] : compareMonths([...load.results.values()], todayUtc());

  return (
    <div
      className="border-t border-slate-100 pt-3"
      data-testid="last-year"
      data-state={load.state}
      data-source={fromMirror ? "mirror" : "live"}
    >
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-sm font-semibold text-slate-800">This month and next against last year</h3>
        {fromMirror?.as_of ? (
          <span className="text-xs text-slate-600">
            From the portfolio mirror, as of {formatUtcTime(fromMirror.as_of, { seconds: false })}
          </span>
        ) : null}
        {load.state !== "running" && !wholeMirror ? (
          <Button variant="secondary" onClick={() => void load.start()} disabled={listingIds.length === 0}>
            {load.state === "idle"
              ? `${fromMirror ? "Compare every listing live" : "Compare with last year"} (${formatCount(listingIds.length)} requests, paced)`
              : "Read again"}
          </Button>
        ) : null}
      </div>
      {fromMirror && !wholeMirror ? (
        <p className="mt-1 text-xs text-slate-600">
          The mirror covers {formatCount(fromMirror.listings_covered)} of{" "}
          {formatCount(fromMirror.listings_total)} listings so far; the sync is reading the rest.
        </p>
      ) : null}
      {load.state === "idle" && !fromMirror ? (
        <p className="mt-1 text-xs text-slate-600">
          Reads each listing&apos;s monthly figures: {formatCount(listingIds.length)} requests, at most 4 at a
          time, pausing when your minute&apos;s budget runs low. Listings you open afterwards load at once.
          With the{" "}
          <Link href="/sync" className="underline">
            portfolio sync
          </Link>{" "}
          on, this comparison costs no request.
        </p>
      ) : null}
      <div className="mt-2">
        <PacedStatus state={load.state} progress={load.progress} noun="listings" onCancel={load.cancel} />
      </div>
      <ComparisonTables comparisons={fromMirror ? fromMirror.comparisons : comparisons} />
    </div>
  );
}

function ComparisonTables({ comparisons }: { comparisons: readonly CurrencyComparison[] }) {
  return comparisons.map(({ currency, months }) => (
    <div key={currency} className="relative mt-3 overflow-x-auto">
      <table
        className="w-full min-w-[32rem] text-sm"
        aria-label={`This month and next against last year, ${currency}`}
      >
        <thead>
          <tr className="text-left text-xs text-slate-600">
            <th scope="col" className="py-1 pr-3 font-medium">
              {currency}
            </th>
            {months.map((m) => (
              <th key={m.which} scope="col" colSpan={3} className="py-1 pr-3 font-medium">
                {formatMonth(m.current.month)} vs {formatMonth(m.lastYear.month)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {METRICS.map((metric) => (
            <tr key={metric.label} className="border-t border-slate-100">
              <th scope="row" className="py-1.5 pr-3 text-left font-medium text-slate-700">
                {metric.label}
              </th>
              {months.map((m) => [
                <td key={`${m.which}-now`} className="py-1.5 pr-2 tabular-nums">
                  <Figure value={metric.show(m.current, currency)} unknown={EMPTY} />
                </td>,
                <td key={`${m.which}-before`} className="py-1.5 pr-2 tabular-nums text-slate-600">
                  <Figure value={metric.show(m.lastYear, currency)} unknown={EMPTY} />
                </td>,
                <td key={`${m.which}-change`} className="py-1.5 pr-3 text-xs tabular-nums">
                  <Change {...metric.delta(m.current, m.lastYear)} />
                </td>,
              ])}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-slate-600">{coverageWords(months, formatMonth)}</p>
    </div>
  ));
}
