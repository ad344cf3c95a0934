import { Fragment } from "react";
import {
  METRIC_DEFS,
  NOT_APPLICABLE,
  NOT_APPLICABLE_WHY,
  NOT_GENERATED,
  appliesToPast,
  formatMetric,
} from "@/lib/metrics/kpi-metrics";
import type { RollingRow } from "@/lib/metrics/rolling-windows";
import { cn } from "@/components/ui/cn";

function Value({
  metric,
  value,
  currency,
  past = false,
}: {
  metric: RollingRow["metric"];
  value: number | null;
  currency: string;
  /** A window of past days: a metric of nights still for sale has no figure there. */
  past?: boolean;
}) {
  if (past && !appliesToPast(metric)) {
    return (
      <span className="text-xs italic text-slate-500" title={NOT_APPLICABLE_WHY}>
        {NOT_APPLICABLE}
      </span>
    );
  }
  if (value === null) return <span className="text-xs italic text-slate-500">{NOT_GENERATED}</span>;
  return <>{formatMetric(metric, value, currency)}</>;
}

/**
 * Rolling KPIs, one metric per row; each window is a column group with the past and the next
 * days side by side, the next ones tinted like forward bars (what is on the books).
 */
export function RollingKpisTable({
  rows,
  days,
  currency,
  caption,
}: {
  rows: readonly RollingRow[];
  days: readonly number[];
  currency: string;
  caption: string;
}) {
  return (
    // Wider than a narrow screen: the scrolled region takes focus, so a keyboard can scroll it.
    <div className="relative overflow-x-auto" tabIndex={0} role="group" aria-label={caption}>
      <table className="w-full text-right text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          <col />
        </colgroup>
        {days.map((d) => (
          <colgroup key={d} span={2} />
        ))}
        <thead className="text-xs text-slate-600">
          <tr className="border-b border-slate-100">
            <th
              scope="col"
              rowSpan={2}
              className="px-3 py-2 text-left align-bottom font-semibold uppercase tracking-wide"
            >
              Metric
            </th>
            {days.map((d) => (
              <th
                key={d}
                scope="colgroup"
                colSpan={2}
                className="border-l border-slate-100 px-3 pt-2 text-center font-semibold"
              >
                {d} days
              </th>
            ))}
          </tr>
          <tr className="border-b border-slate-200">
            {days.map((d) => (
              <Fragment key={d}>
                <th
                  scope="col"
                  aria-label={`Past ${d} days`}
                  className="border-l border-slate-100 px-3 pb-2 font-medium"
                >
                  Past
                </th>
                <th
                  scope="col"
                  aria-label={`Next ${d} days`}
                  className="bg-brand-50 px-3 pb-2 font-medium text-brand-700"
                >
                  Next
                </th>
              </Fragment>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.metric} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="whitespace-nowrap px-3 py-1.5 text-left font-medium text-slate-800">
                <span title={METRIC_DEFS[row.metric].meaning}>{METRIC_DEFS[row.metric].label}</span>
              </th>
              {row.cells.map((cell) => (
                <Fragment key={cell.days}>
                  <td className="whitespace-nowrap border-l border-slate-100 px-3 py-1.5">
                    <Value metric={row.metric} value={cell.past} currency={currency} past />
                  </td>
                  <td className={cn("whitespace-nowrap bg-brand-50/60 px-3 py-1.5")}>
                    <Value metric={row.metric} value={cell.next} currency={currency} />
                  </td>
                </Fragment>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
