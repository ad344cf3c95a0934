"use client";

import type { PacedProgress } from "@/lib/queries/paced";
import { formatUtcTime } from "@/lib/format/times";
import { Button } from "@/components/ui/button";
import type { PacedState } from "@/components/ui/use-paced-load";
import { formatCount } from "@/lib/format/numbers";

/** Where an on-demand, paced read stands, in words, with Cancel while it runs. */
export function PacedStatus({
  state,
  progress,
  noun,
  onCancel,
}: {
  state: PacedState;
  progress: PacedProgress;
  /** What one item is, plural (`listings`). */
  noun: string;
  onCancel: () => void;
}) {
  if (state === "idle") return null;
  const { done, failed, total, pausedUntil } = progress;
  const counted = `${formatCount(done + failed)} of ${formatCount(total)} ${noun}`;
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 text-xs text-slate-700">
      {state === "running" ? (
        <>
          <progress
            className="h-2 w-32"
            max={total || 1}
            value={done + failed}
            aria-label={`Read ${counted}`}
          />
          <span>Read {counted}.</span>
          {pausedUntil !== null ? (
            <span className="text-amber-900">
              Paused to keep requests for your other work; goes on at {formatUtcTime(pausedUntil)}.
            </span>
          ) : null}
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </>
      ) : (
        <span>
          {state === "cancelled" ? `Stopped after ${counted}.` : `Read ${counted}.`}
          {failed > 0
            ? ` ${formatCount(failed)} could not be read and ${failed === 1 ? "is" : "are"} left out.`
            : ""}
        </span>
      )}
    </div>
  );
}
