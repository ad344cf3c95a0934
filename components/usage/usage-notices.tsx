import type { UsageReport } from "@/lib/svc/schemas/usage";
import { formatUtc, formatUtcTime } from "@/lib/format/dates";

/** When the figures were computed, and the window they cover. */
export function AsOfLine({ report }: { report: UsageReport }) {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      <span>
        Figures as of <time dateTime={report.generated_at}>{formatUtcTime(report.generated_at)}</time> · the
        service caches them for a few minutes
      </span>
      <span>
        Window measured: <time dateTime={report.window.start}>{formatUtc(report.window.start)}</time> to{" "}
        <time dateTime={report.window.end}>{formatUtc(report.window.end)}</time>
      </span>
    </p>
  );
}

/**
 * The service read as many requests as one call can and measured a shorter window (the most
 * recent requests): say which window the figures cover.
 */
export function TruncatedNotice({ window }: { window: UsageReport["window"] }) {
  if (!window.truncated) return null;
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p>
        <strong className="font-semibold">This report reached the most requests one call can read:</strong>{" "}
        the figures cover <time dateTime={window.start}>{formatUtc(window.start)}</time> to{" "}
        <time dateTime={window.end}>{formatUtc(window.end)}</time> only, not the whole window you picked.
      </p>
      <p className="mt-1 text-xs text-amber-900">
        The most recent requests are always counted. Pick a shorter window or one key to see a complete
        report.
      </p>
    </div>
  );
}
