"use client";

import { formatCountdown } from "@/lib/format/durations";
import type { ChunkProgress } from "@/lib/queries/paced-chunks";
import { Button } from "@/components/ui/button";
import { useNow } from "@/components/shell/use-now";
import { formatCount } from "@/lib/format/numbers";

/**
 * A change to hundreds of listings on its way: how many listings have answered, a pause that
 * keeps budget for the user's other work (worded as the portfolio calendar's loading says
 * it), and Cancel, which stops sending further calls and lets the ones sent finish.
 */
export function SendProgress({
  progress,
  cancelling,
  onCancel,
}: {
  progress: ChunkProgress;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const paused = progress.pausedUntil;
  const now = useNow(1000, paused !== null);
  const answered = `${formatCount(progress.done)} of ${formatCount(progress.total)} listings answered`;
  return (
    <div className="space-y-2 text-sm text-slate-700" data-testid="bulk-send-progress">
      <p role="status" aria-live="polite">
        {cancelling
          ? `Cancelled: ${answered}; waiting for the calls already sent to answer.`
          : `Applying: ${answered}.`}
      </p>
      <progress
        className="h-2 w-full accent-brand-600"
        max={Math.max(1, progress.total)}
        value={progress.done}
        aria-label={`Listings answered, of ${formatCount(progress.total)}`}
      />
      {paused !== null && !cancelling ? (
        <p className="font-medium text-amber-900" data-testid="bulk-send-paused">
          Paused to keep {progress.keptForOtherWork ?? "the remaining"} requests for your other work; it
          resumes {formatCountdown(paused, now)}.
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={cancelling}>
          {cancelling ? "Cancelling…" : "Cancel the rest"}
        </Button>
      </div>
    </div>
  );
}
