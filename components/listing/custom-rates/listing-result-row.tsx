"use client";

import type { ListingResult } from "@/lib/listing/custom-rates/bulk";
import { Badge } from "@/components/ui/badge";

/** One listing's line in the result of a change to many: applied, refused with the service's reason, or not sent. */
export function ListingResultRow({ row }: { row: ListingResult }) {
  return (
    <li className="flex items-start justify-between gap-3 py-1.5" data-outcome={row.outcome}>
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-900">{row.listing.name}</span>
        <span className="block text-xs text-slate-600">
          {row.outcome === "applied"
            ? `${row.periods} custom ${row.periods === 1 ? "rate" : "rates"} now in force`
            : row.reason}
        </span>
      </span>
      {row.outcome === "applied" ? (
        <Badge tone="green">Applied</Badge>
      ) : row.outcome === "refused" ? (
        <Badge tone="red">Refused</Badge>
      ) : (
        <Badge>Not sent</Badge>
      )}
    </li>
  );
}
