import type { MineOverlay } from "@/lib/sets/analytics/mine-series";
import { Button } from "@/components/ui/button";

/**
 * My listings' lines in words: why none is drawn (not a monthly range, another currency),
 * and each month a listing has no figure for, said plainly rather than left as a silent gap.
 */
export function MineSeriesNotes({
  overlay,
  metricLabel,
  currency,
  associatedCount,
  failedCount,
  onRetry,
  onMonthly,
}: {
  overlay: MineOverlay;
  metricLabel: string;
  currency: string;
  associatedCount: number | null;
  failedCount: number;
  onRetry: () => void;
  onMonthly: () => void;
}) {
  if (associatedCount === 0) {
    return (
      <p className="text-sm text-slate-700" data-testid="mine-series-notes">
        None of your listings is associated with this set, so no line of yours is drawn over the band.
      </p>
    );
  }
  return (
    <div className="space-y-1 text-sm text-slate-700" data-testid="mine-series-notes">
      {overlay.notMonthly ? (
        <p>
          Your listings&apos; own figures come by month, so their lines are drawn on monthly ranges only.{" "}
          <Button variant="secondary" onClick={onMonthly}>
            Show the next 12 months, monthly
          </Button>
        </p>
      ) : null}
      {overlay.lines.map((line) =>
        line.missing.length === 0 ? null : (
          <p key={line.key}>
            {line.name} has no {metricLabel} figure for{" "}
            {line.missing.length === overlay.rows.length
              ? "any month of this range"
              : line.missing.join(", ")}
            : no point is drawn there.
          </p>
        ),
      )}
      {overlay.offScale.map((listing) => (
        <p key={listing.name}>
          {listing.name} is priced in {listing.currency}, not this set&apos;s {currency}; the service gives no
          exchange rate, so its {metricLabel} is not drawn here.
        </p>
      ))}
      {failedCount > 0 ? (
        <p role="alert" className="text-red-800">
          The figures of {failedCount === 1 ? "one of your listings" : `${failedCount} of your listings`}{" "}
          could not be read.{" "}
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </p>
      ) : null}
    </div>
  );
}
