"use client";

import { labelOf } from "@/lib/display/open-values";
import { channelLabels } from "@/lib/display/channels";
import {
  batchSummary,
  warningInWords,
  type BatchOutcome,
  type BatchRow,
} from "@/lib/listing/preferences/warnings";
import { batchRowsAttentionFirst } from "@/lib/listing/preferences/batch-send";
import type { ApplyTime } from "@/lib/listing/apply-time";
import { ApplyTimeLines } from "@/components/listing/apply-time/apply-time-lines";
import { Badge } from "@/components/ui/badge";

const OUTCOMES: Record<BatchOutcome, { label: string; tone: "green" | "amber" | "red" | "neutral" }> = {
  applied: { label: "Applied", tone: "green" },
  warnings: { label: "Applied with warnings", tone: "amber" },
  refused: { label: "Refused", tone: "red" },
  missing: { label: "Not reported", tone: "neutral" },
  not_sent: { label: "Not sent", tone: "neutral" },
};

/**
 * The batch's answer per listing: applied, applied with warnings, refused with the reason, or
 * not sent (a large batch cancelled). The sentence of counts comes first; the list scrolls on
 * its own and puts what needs attention before the applied, since it can run to hundreds.
 */
export function BatchResults({ rows, applies }: { rows: BatchRow[]; applies?: ApplyTime | null }) {
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm font-medium text-slate-900">
        {batchSummary(rows)}
      </p>
      {applies ? (
        <p aria-live="polite" className="text-sm text-slate-800">
          <ApplyTimeLines said={applies} />
        </p>
      ) : null}
      <ul
        aria-label="Result per listing"
        // Focusable so that a keyboard can scroll hundreds of lines.
        tabIndex={0}
        className="max-h-[45vh] divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {batchRowsAttentionFirst(rows).map(({ listing, outcome, warnings, reason }) => {
          const channel = labelOf(channelLabels, listing.channel);
          return (
            <li key={listing.svc_id} className="space-y-1 px-3 py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm">
                  <span className="font-medium text-slate-900">{listing.name}</span>{" "}
                  <span className="text-xs text-slate-600">
                    {channel} #{listing.id}
                  </span>
                </span>
                <Badge tone={OUTCOMES[outcome].tone}>{OUTCOMES[outcome].label}</Badge>
              </div>
              {reason ? <p className="text-xs text-slate-700">{reason}</p> : null}
              {warnings.map((warning, index) => {
                const words = warningInWords(warning, channel);
                return (
                  <p key={index} className="text-xs text-amber-900">
                    <span className="font-semibold">{words.title}: </span>
                    {words.sentence} Affected: {words.attributes.join(", ")}.
                  </p>
                );
              })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
