import { Fragment } from "react";
import { formatMonth } from "@/lib/format/dates";
import { EMPTY, formatAmount, formatPercent } from "@/lib/format/numbers";
import { change, pointsChange } from "@/lib/metrics/change";
import {
  coverageWords,
  partialWords,
  type BlockCoverage,
  type CurrencyComparison,
  type MonthFigures,
} from "@/lib/overview/months";
import { Change } from "@/components/ui/change";
import { cn } from "@/components/ui/cn";
import { Figure } from "@/components/overview/overview-card";

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
    show: (f) =>
      f.occupancy === null ? null : formatPercent(f.occupancy, { minDigits: 1, maxDigits: 1, spaced: true }),
    delta: (now, before) => ({ value: pointsChange(now.occupancy, before.occupancy), unit: "pt" }),
  },
  {
    label: "ADR",
    show: (f, c) => money(f.adr, c),
    delta: (now, before) => ({ value: change(now.adr, before.adr), unit: "%" }),
  },
];

/** The three columns under each month, named for what each compares. */
export const COLUMNS = ["On the books today", "Last year, final", "Change"] as const;

const num = "py-1.5 pr-3 text-right tabular-nums";

/**
 * This month and next against the same months last year, every currency in one grid so that
 * their columns line up: a month's group of columns says which two months it sets side by
 * side, and each column what it holds (this year as booked today, last year as it finally
 * stood, the change). Each currency is a group of rows headed by its code and, while its
 * figures cover only some of its listings, "partial: N of M listings", so that a part never
 * reads as a total.
 */
export function LastYearTable({
  comparisons,
  coverage,
}: {
  comparisons: readonly CurrencyComparison[];
  coverage: ReadonlyMap<string, BlockCoverage>;
}) {
  const months = comparisons[0]?.months ?? [];
  if (months.length === 0) return null;
  const span = 1 + months.length * COLUMNS.length;
  return (
    // Two months of figures side by side: on a phone the table scrolls in its own box, which
    // takes focus so that a keyboard can scroll it too.
    <div
      className="relative mt-3 overflow-x-auto"
      role="region"
      aria-label="This month and next against last year, scrolls sideways"
      tabIndex={0}
    >
      <table
        className="w-full min-w-[40rem] text-sm"
        aria-label="This month and next on the books today, against the same months last year as they finally stood"
      >
        <thead className="text-xs text-slate-600">
          <tr>
            <td rowSpan={2} />
            {months.map((m) => (
              <th
                key={m.which}
                scope="colgroup"
                colSpan={COLUMNS.length}
                className="border-l border-slate-100 px-3 pt-1 text-center font-semibold text-slate-700"
              >
                {formatMonth(m.current.month)} against {formatMonth(m.lastYear.month)}
              </th>
            ))}
          </tr>
          <tr className="border-b border-slate-200">
            {months.map((m) => (
              <Fragment key={m.which}>
                {COLUMNS.map((column, i) => (
                  <th
                    key={column}
                    scope="col"
                    className={cn(
                      "pb-1 pr-3 pt-0.5 text-right font-medium",
                      i === 0 && "border-l border-slate-100",
                    )}
                  >
                    {column}
                  </th>
                ))}
              </Fragment>
            ))}
          </tr>
        </thead>
        {comparisons.map(({ currency, months: figures }) => {
          const cover = coverage.get(currency);
          const partial = cover?.partial ?? false;
          const counts = coverageWords(figures, formatMonth);
          return (
            <tbody
              key={currency}
              aria-label={currency}
              data-testid={`last-year-${currency}`}
              data-partial={partial}
              className="border-b border-slate-100 last:border-0"
            >
              <tr>
                <th scope="rowgroup" colSpan={span} className="pb-0.5 pt-2 text-left font-normal">
                  <span className="font-semibold text-slate-900">{currency}</span>
                  {partial && cover ? (
                    <span className="ml-2 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-inset ring-amber-200">
                      {partialWords(cover)}
                    </span>
                  ) : null}
                  <span className="ml-2 text-xs text-slate-600">{counts}</span>
                </th>
              </tr>
              {METRICS.map((metric) => (
                <tr key={metric.label} className="border-t border-slate-100">
                  <th scope="row" className="py-1.5 pr-3 text-left font-medium text-slate-700">
                    {metric.label}
                  </th>
                  {figures.map((m) => (
                    <Fragment key={m.which}>
                      <td className={cn(num, "border-l border-slate-100", partial && "text-slate-600")}>
                        <Figure value={metric.show(m.current, currency)} unknown={EMPTY} />
                        {partial ? <span className="sr-only"> (partial)</span> : null}
                      </td>
                      <td className={cn(num, "text-slate-600")}>
                        <Figure value={metric.show(m.lastYear, currency)} unknown={EMPTY} />
                        {partial ? <span className="sr-only"> (partial)</span> : null}
                      </td>
                      <td className={cn(num, "text-xs")}>
                        <Change {...metric.delta(m.current, m.lastYear)} />
                      </td>
                    </Fragment>
                  ))}
                </tr>
              ))}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}
