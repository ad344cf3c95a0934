"use client";

import type { RowLoaderState } from "@/lib/calendar/row-loader";
import { formatCountdown } from "@/lib/format/durations";
import { useNow } from "@/components/shell/use-now";
import { formatCount } from "@/lib/format/numbers";
import { formatUtcTime } from "@/lib/format/times";

/**
 * What the row loading is doing, in a polite live region: how many listings are known, how
 * many rows are being read, and a pause that keeps budget for the reader's other work.
 */
export function LoadingStatus({
  state,
  loadedListings,
  rowCount,
  hasMore,
  mirrored = { rows: 0, asOf: null },
}: {
  state: RowLoaderState;
  loadedListings: number;
  rowCount: number;
  hasMore: boolean;
  /** Rows shown from the portfolio mirror (no request), and the oldest read among them. */
  mirrored?: { rows: number; asOf: string | null };
}) {
  const paused = state.pausedUntil;
  const now = useNow(1000, paused !== null);
  const listings = hasMore
    ? `${formatCount(loadedListings)} of about ${formatCount(rowCount)} listings known so far; the rest load as you scroll.`
    : `${formatCount(rowCount)} ${rowCount === 1 ? "listing" : "listings"}; nights load as their rows come into view.`;
  const reading =
    paused !== null
      ? `Loading paused to keep ${state.keptForOtherWork ?? "the remaining"} requests for your other work; it resumes ${formatCountdown(paused, now)}.`
      : state.inFlight > 0
        ? `Reading ${state.inFlight} ${state.inFlight === 1 ? "row" : "rows"}…`
        : "";
  const failed = state.failed.size;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
      <p>{listings}</p>
      {mirrored.rows > 0 && mirrored.asOf ? (
        <p data-testid="rows-from-mirror">
          {formatCount(mirrored.rows)} {mirrored.rows === 1 ? "row" : "rows"} from the portfolio mirror, as of{" "}
          {formatUtcTime(mirrored.asOf, { seconds: false })}; a row changed since is read live.
        </p>
      ) : null}
      <p
        role="status"
        aria-live="polite"
        data-testid="row-loading"
        data-paused={paused !== null ? "true" : undefined}
        className={paused !== null ? "font-medium text-amber-900" : ""}
      >
        {reading}
      </p>
      {failed > 0 ? (
        <p className="text-red-700">
          {failed} {failed === 1 ? "row" : "rows"} did not load: use Retry beside the listing.
        </p>
      ) : null}
    </div>
  );
}
