"use client";

import type { ReactNode } from "react";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Button } from "@/components/ui/button";
import { BatchPreferences, BulkCustomRates } from "@/components/listings/bulk-actions";

/**
 * What can be done to several listings at once, for the rows ticked in the table (the
 * Listings page's, or the triage queue's: `children` are a page's further actions).
 */
export function SelectionToolbar({
  selected,
  readOnly,
  onClear,
  children,
}: {
  selected: Listing[];
  readOnly: boolean;
  onClear: () => void;
  children?: ReactNode;
}) {
  return (
    <div
      role="group"
      aria-label="Selected listings"
      className="flex min-h-11 flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm"
    >
      {selected.length === 0 ? (
        <p className="text-slate-600">
          Tick listings to apply custom rates or preferences to several at once.
        </p>
      ) : (
        <>
          <p aria-live="polite" className="font-medium text-slate-800">
            {selected.length} listing{selected.length === 1 ? "" : "s"} selected
          </p>
          <BulkCustomRates listings={selected} readOnly={readOnly} />
          <BatchPreferences listings={selected} readOnly={readOnly} />
          {children}
          <Button variant="ghost" onClick={onClear}>
            Clear selection
          </Button>
        </>
      )}
    </div>
  );
}
