"use client";

import type { CandidateListing } from "@/lib/svc/schemas/sets";
import { Button } from "@/components/ui/button";

/**
 * What is picked, across every search made: each pick can be dropped here even when it is not
 * in the results on screen.
 */
export function SelectionSummary({
  picked,
  onRemove,
  onClear,
}: {
  picked: CandidateListing[];
  onRemove: (listingId: string) => void;
  onClear: () => void;
}) {
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3">
        <p role="status" className="text-sm font-medium">
          {picked.length === 0
            ? "No listing selected yet."
            : `${picked.length} listing${picked.length === 1 ? "" : "s"} selected`}
        </p>
        {picked.length > 0 ? (
          <Button variant="ghost" className="px-2 py-0.5 text-xs" onClick={onClear}>
            Clear selection
          </Button>
        ) : null}
      </div>
      {picked.length > 0 ? (
        <ul aria-label="Selected listings" className="flex flex-wrap gap-1.5">
          {picked.map((p) => (
            <li
              key={p.listing_id}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-2.5 pr-1 text-xs text-brand-700 ring-1 ring-inset ring-brand-100"
            >
              {p.name}
              <button
                type="button"
                aria-label={`Unselect ${p.name}`}
                onClick={() => onRemove(p.listing_id)}
                className="rounded-full px-1 leading-none hover:bg-brand-100"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
