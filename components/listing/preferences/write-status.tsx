"use client";

import { applyTime, type LiveRecommendations } from "@/lib/listing/apply-time";
import { writeOutcome } from "@/lib/listing/preferences/warnings";
import type { PreferenceSettingName, PreferenceWarning } from "@/lib/svc/schemas/preferences";
import { ApplyTimeLines } from "@/components/listing/apply-time/apply-time-lines";

export interface LastWrite {
  verb: "Saved" | "Copied";
  warnings: PreferenceWarning[];
  /** The listing copied from. */
  from?: string;
  /** The settings whose stored value the write changed. */
  changed: PreferenceSettingName[];
}

/**
 * The outcome of the last save or copy, kept in the form's action bar beside Save and Preview
 * until the next write, with what holds now and what waits for the pricing run. A write with
 * warnings says so in amber; the warnings themselves sit beside their settings. Off screen
 * while empty, so it takes no room yet is announced.
 */
export function WriteStatus({
  lastWrite,
  automaticPosting,
  live,
}: {
  lastWrite: LastWrite | null;
  /** The listing's automatic posting as stored after the write. */
  automaticPosting: boolean;
  live: LiveRecommendations;
}) {
  const outcome = lastWrite ? writeOutcome(lastWrite.warnings, lastWrite.verb) : null;
  return (
    <div role="status" aria-live="polite" className="empty:sr-only">
      {lastWrite && outcome ? (
        <p
          className={`rounded-md px-3 py-2 text-sm ring-1 ring-inset ${
            outcome.tone === "success"
              ? "bg-emerald-50 text-emerald-900 ring-emerald-200"
              : "bg-amber-50 text-amber-900 ring-amber-200"
          }`}
        >
          <span className="font-semibold">
            {outcome.title}
            {outcome.tone === "warning" ? ":" : ""}
          </span>{" "}
          {lastWrite.from ? `From ${lastWrite.from}. ` : ""}
          {outcome.detail}
          {lastWrite.changed.length > 0 ? (
            <ApplyTimeLines
              said={applyTime(
                { kind: "preferences", settings: lastWrite.changed },
                { automaticPosting, live },
              )}
            />
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
