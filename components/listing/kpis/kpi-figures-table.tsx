import { formatMetric, NOT_APPLICABLE, NOT_APPLICABLE_WHY, NOT_GENERATED } from "@/lib/metrics/kpi-metrics";
import { PHASE_LABELS, type KpiPoint } from "@/lib/metrics/kpi-series";
import type { KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";
import { cn } from "@/components/ui/cn";

/**
 * The chart's figures as a table anyone can open: the text alternative of the plot, and the
 * place where a value not generated yet, or a period the metric does not apply to, says so in
 * words.
 */
export function KpiFiguresTable({
  data,
  metric,
  currency,
  caption,
}: {
  data: readonly KpiPoint[];
  metric: KpiMetric;
  currency: string;
  caption: string;
}) {
  return (
    <details className="group mt-3 text-sm">
      {/* Our own marker: the browser's (U+25B8) is a glyph the typeface lacks, drawn from a system font. */}
      <summary className="flex cursor-pointer list-none items-center gap-1.5 text-brand-700 hover:underline [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        Show the figures as a table
      </summary>
      <div
        className="mt-2 max-h-80 overflow-y-auto rounded-md border border-slate-200"
        tabIndex={0}
        role="region"
        aria-label={caption}
      >
        <table className="w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-1.5 font-semibold">
                Period
              </th>
              <th scope="col" className="px-3 py-1.5 text-right font-semibold">
                Value
              </th>
              <th scope="col" className="px-3 py-1.5 font-semibold">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((point) => (
              <tr
                key={point.period}
                className={cn("border-t border-slate-100", point.phase === "forward" && "bg-brand-50/60")}
              >
                <th scope="row" className="px-3 py-1 font-medium text-slate-800">
                  {point.label}
                </th>
                <td className="px-3 py-1 text-right tabular-nums">
                  {point.notApplicable ? (
                    <span className="italic text-slate-500" title={NOT_APPLICABLE_WHY}>
                      {NOT_APPLICABLE}
                    </span>
                  ) : point.value === null ? (
                    <span className="italic text-slate-500">{NOT_GENERATED}</span>
                  ) : (
                    formatMetric(metric, point.value, currency)
                  )}
                </td>
                <td className="px-3 py-1 text-slate-600">{PHASE_LABELS[point.phase]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
