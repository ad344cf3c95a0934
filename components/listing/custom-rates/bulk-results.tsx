"use client";

import type { ApplyTime } from "@/lib/listing/apply-time";
import { attentionFirst, resultCounts, type ListingResult } from "@/lib/listing/custom-rates/bulk";
import { Button } from "@/components/ui/button";
import { ApplyTimeLines } from "@/components/listing/apply-time/apply-time-lines";
import { ListingResultRow } from "@/components/listing/custom-rates/listing-result-row";
import { formatCount } from "@/lib/format/numbers";

/**
 * A bulk custom rate's result: the counts first ("1,380 applied · 45 refused · 0 not sent"),
 * then one line per selected listing in a list that scrolls on its own, refused and not sent
 * first so that, among hundreds, what needs attention is not at the bottom.
 */
export function BulkRateResults({
  results,
  onAgain,
  onDone,
  applies,
}: {
  results: readonly ListingResult[];
  /** What holds now on the listings it applied to, and what waits for the next posting. */
  applies?: ApplyTime | null;
  onAgain: () => void;
  onDone: () => void;
}) {
  const counts = resultCounts(results);
  return (
    <>
      <p role="status" className="text-sm font-medium text-slate-900" data-testid="bulk-result-counts">
        {formatCount(counts.applied)} applied · {formatCount(counts.refused)} refused ·{" "}
        {formatCount(counts.notSent)} not sent
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
        className="max-h-[45vh] divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {attentionFirst(results).map((row) => (
          <ListingResultRow key={row.listing.svc_id} row={row} />
        ))}
      </ul>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onAgain}>
          Change and apply again
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </>
  );
}
