import type { UsageReport } from "@/lib/svc/schemas/usage";
import { formatDay } from "@/lib/format/dates";
import { formatUtc, formatUtcTime } from "@/lib/format/times";
import { rateLimitHotspots } from "@/lib/usage/hotspots";
import { formatCount, formatPercent } from "@/lib/usage/series";

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

/** The window's answer to "which endpoint has the most 429s?", in one sentence; nothing without 429s. */
export function RateLimitHotspotLine({ report }: { report: UsageReport }) {
  const { endpoint, day } = rateLimitHotspots(report);
  if (!endpoint) return null;
  return (
    <p className="rounded-lg border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-950">
      <strong className="font-semibold">Most 429s:</strong>{" "}
      <code className="font-mono text-[13px]">
        {endpoint.method} {endpoint.route}
      </code>
      : {formatCount(endpoint.count)} of the window&apos;s {formatCount(report.totals.rate_limited)} (
      {formatPercent(endpoint.share * 100)}).
      {day ? (
        <>
          {" "}
          Day with the most 429s: <time dateTime={day.date}>{formatDay(day.date)}</time> (
          {formatCount(day.count)}).
        </>
      ) : null}
    </p>
  );
}
